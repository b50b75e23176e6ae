// A person's edit limit (core/edit-rate.ts's rule, decision 053): one row a person in D1, so the
// limit belongs to whoever acts, in whichever file or workspace the edit lands, and holds across
// isolates. An edit takes one unit before it runs, in one statement that refills and takes only
// when a unit is there (sent in the sign-in check's trip); once done, what it weighed beyond that
// unit is taken after the answer.
import { eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { EDIT_RATE, editCost } from "../../core/edit-rate";
import type { Db } from "../db/client";
import { editBudgets } from "../db/schema";

const refilled = (now: number) =>
  sql`min(${EDIT_RATE.burst}, edit_budgets.units + (${now} - edit_budgets.at) * ${EDIT_RATE.perSecond} / 1000.0)`;

/** The two statements of a charge: take a unit if there is one; then the bucket as it is. */
export function editChargeStatements(db: Db, userId: string, now = Date.now()): [BatchItem<"sqlite">, BatchItem<"sqlite">] {
  return [
    db
      .insert(editBudgets)
      .values({ userId, units: EDIT_RATE.burst - 1, at: now })
      .onConflictDoUpdate({
        target: editBudgets.userId,
        set: { units: sql`${refilled(now)} - 1`, at: now },
        setWhere: sql`${refilled(now)} >= 1`,
      }),
    db.select({ units: editBudgets.units, at: editBudgets.at }).from(editBudgets).where(eq(editBudgets.userId, userId)),
  ];
}

/** Whole seconds to wait from the charge's answers; 0 when the unit was taken. */
export function editWaitFrom(results: readonly unknown[], now = Date.now()): number {
  const taken = results[0] as { meta?: { changes?: number } } | undefined;
  if ((taken?.meta?.changes ?? 0) > 0) return 0;
  const row = (results[1] as { units: number; at: number }[] | undefined)?.[0];
  const units = row ? Math.min(EDIT_RATE.burst, row.units + ((now - row.at) / 1000) * EDIT_RATE.perSecond) : 0;
  return Math.max(1, Math.ceil((1 - units) / EDIT_RATE.perSecond));
}

/** A charge on its own (an API token's edit, whose check has no trip to share). */
export async function chargeEdit(db: Db, userId: string): Promise<number> {
  const now = Date.now();
  return editWaitFrom(await db.batch(editChargeStatements(db, userId, now)), now);
}

/** After the edit: what it weighed beyond the unit taken (a heavy replace-all), so the next edits wait. */
export async function chargeEditWeight(db: Db, userId: string, historyBytes: number): Promise<void> {
  const extra = editCost(historyBytes) - 1;
  if (extra <= 0) return;
  await db
    .update(editBudgets)
    .set({ units: sql`${editBudgets.units} - ${extra}` })
    .where(eq(editBudgets.userId, userId));
}
