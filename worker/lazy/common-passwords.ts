// zxcvbn-ts's list of common passwords (about 30,000): a module of its own, loaded the first time a
// password is checked (worker/lazy.ts).
import { dictionary } from "@zxcvbn-ts/language-common";

export const commonPasswords: readonly string[] = dictionary["passwords-common"] as string[];
