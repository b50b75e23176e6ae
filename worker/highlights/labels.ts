// A workspace's highlight labels (decision 047): the defaults every workspace has, and its own,
// each added by its first use and removed by an editor. A label differs from another only by more
// than case; the set keeps the spelling it was first used with.
import { and, asc, eq } from "drizzle-orm";
import { DEFAULT_HIGHLIGHT_LABELS, HIGHLIGHT_LIMITS, HIGHLIGHT_MESSAGES, type HighlightLabelDto, sameLabel } from "../../common/highlights";
import { nowIso } from "../../common/time";
import type { Db } from "../db/client";
import { highlightLabels } from "../db/schema";
import { notFound, unprocessable } from "../lib/errors";

const keyOf = (label: string) => label.toLocaleLowerCase("en");

/** The defaults, then the workspace's own in the order they were first used. */
export async function workspaceLabels(db: Db, workspaceId: string): Promise<HighlightLabelDto[]> {
  const own = await db
    .select({ label: highlightLabels.label })
    .from(highlightLabels)
    .where(eq(highlightLabels.workspaceId, workspaceId))
    .orderBy(asc(highlightLabels.createdAt), asc(highlightLabels.labelKey))
    .all();
  return [...DEFAULT_HIGHLIGHT_LABELS.map((label) => ({ label, custom: false })), ...own.map(({ label }) => ({ label, custom: true }))];
}

/** The label as the workspace spells it, and whether using it adds it to the set (422 once the set is full). */
export async function labelFor(db: Db, workspaceId: string, label: string): Promise<{ label: string; isNew: boolean }> {
  const labels = await workspaceLabels(db, workspaceId);
  const known = labels.find((l) => sameLabel(l.label, label));
  if (known) return { label: known.label, isNew: false };
  if (labels.filter((l) => l.custom).length >= HIGHLIGHT_LIMITS.customLabels) throw unprocessable(HIGHLIGHT_MESSAGES.tooManyLabels);
  return { label, isNew: true };
}

/** Adds a label to the set (a second use at the same moment adds nothing). */
export const addLabel = (db: Db, workspaceId: string, label: string) =>
  db
    .insert(highlightLabels)
    .values({ workspaceId, labelKey: keyOf(label), label, createdAt: nowIso() })
    .onConflictDoNothing();

/** Removes a custom label from the set; highlights that carry it keep it. */
export async function removeLabel(db: Db, workspaceId: string, label: string): Promise<void> {
  if (DEFAULT_HIGHLIGHT_LABELS.some((l) => sameLabel(l, label))) throw unprocessable(HIGHLIGHT_MESSAGES.defaultLabel);
  const gone = await db
    .delete(highlightLabels)
    .where(and(eq(highlightLabels.workspaceId, workspaceId), eq(highlightLabels.labelKey, keyOf(label))))
    .returning({ label: highlightLabels.label });
  if (!gone.length) throw notFound(HIGHLIGHT_MESSAGES.labelNotFound);
}
