import { personalWorkspaceStatements } from "../workspaces/workspaces";
import { eq } from "drizzle-orm";
import type { PublicUser } from "../../common/auth";
import { normalizePreferences, type Preferences } from "../../common/preferences";
import type { Db } from "../db/client";
import { batch } from "../lib/d1-batch";
import { users, type UserRow } from "../db/schema";
import { nowIso } from "../../common/time";

export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    email: row.email,
    full_name: row.fullName,
    created_at: row.createdAt,
    email_confirmed: row.emailConfirmedAt !== null,
    preferences: preferencesOf(row),
  };
}

/** A user's stored preferences, parsed and completed with defaults (the one place they are read). */
export function preferencesOf(row: Pick<UserRow, "preferences">): Preferences {
  return normalizePreferences(safeJson(row.preferences));
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.select().from(users).where(eq(users.email, email.toLowerCase())).get();
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.select().from(users).where(eq(users.id, id)).get();
}

export async function findUserByGoogleSub(db: Db, sub: string): Promise<UserRow | undefined> {
  return db.select().from(users).where(eq(users.googleSub, sub)).get();
}

export async function createUser(
  db: Db,
  input: { email: string; fullName: string; passwordHash: string | null; googleSub?: string; confirmed: boolean },
): Promise<UserRow> {
  const now = nowIso();
  const row: UserRow = {
    id: crypto.randomUUID(),
    email: input.email.toLowerCase(),
    fullName: input.fullName,
    passwordHash: input.passwordHash,
    googleSub: input.googleSub ?? null,
    emailConfirmedAt: input.confirmed ? now : null,
    preferences: "{}",
    createdAt: now,
    updatedAt: now,
  };
  // The account and its personal workspace land together.
  await batch(db, [db.insert(users).values(row), ...personalWorkspaceStatements(db, row)]);
  return row;
}

export async function updateUser(db: Db, id: string, changes: Partial<Omit<UserRow, "id" | "createdAt">>): Promise<UserRow> {
  const updated = await db
    .update(users)
    .set({ ...changes, updatedAt: nowIso() })
    .where(eq(users.id, id))
    .returning()
    .get();
  if (!updated) throw new Error(`user ${id} vanished during update`);
  return updated;
}
