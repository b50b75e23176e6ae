// NIST SP 800-63B: refuse passwords that are known to be common or breached.
// The list is zxcvbn-ts's (about 30,000 passwords from public breach corpora),
// a module loaded on first use, so requests that never set a password never pay for it.
import { MESSAGES } from "../../common/messages";
import { loadCommonPasswords } from "../lazy";
import { unprocessable } from "../lib/errors";

let common: Promise<Set<string>> | null = null;

function commonPasswords(): Promise<Set<string>> {
  common ??= loadCommonPasswords().then((list) => new Set(list.commonPasswords));
  return common;
}

/** Why a password is refused, or null when it is acceptable (its length is checked by the request schema). */
export async function passwordProblem(password: string): Promise<string | null> {
  if (password.trim() === "") return MESSAGES.passwordTooCommon;
  // One character repeated ("aaaaaaaa", "        ", "11111111").
  if (/^(.)\1*$/su.test(password)) return MESSAGES.passwordTooCommon;
  if ((await commonPasswords()).has(password.toLowerCase())) return MESSAGES.passwordTooCommon;
  return null;
}

export async function assertAcceptablePassword(password: string): Promise<void> {
  const problem = await passwordProblem(password);
  if (problem) throw unprocessable(problem);
}
