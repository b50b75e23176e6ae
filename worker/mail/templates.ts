import type { MailMessage } from "./mailer";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

function linkMail(to: string, subject: string, intro: string, action: string, link: string, outro: string): MailMessage {
  return {
    to,
    subject,
    text: `${intro}\n\n${action}: ${link}\n\n${outro}`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>${escapeHtml(outro)}</p>`,
  };
}

export function confirmEmailMessage(appName: string, to: string, name: string, link: string): MailMessage {
  return linkMail(
    to,
    `Confirm your ${appName} account`,
    `Hi ${name}, welcome to ${appName}! Please confirm your e-mail address to start using your account.`,
    "Confirm your e-mail",
    link,
    "This link is valid for 3 days. If you did not sign up, ignore this message.",
  );
}

export function resetPasswordMessage(appName: string, to: string, name: string, link: string): MailMessage {
  return linkMail(
    to,
    `Reset your ${appName} password`,
    `Hi ${name}, someone asked to reset the password of your ${appName} account.`,
    "Choose a new password",
    link,
    "This link works once and expires in one hour. Choosing a new password signs out every session of your account and revokes all its API tokens (scripts using them will need new ones). If you did not ask for it, ignore this message: your password stays the same.",
  );
}

/** A transcription ended while no tab was open: its file, its status, the reason when it failed, a link to it. */
export function transcriptionDoneMessage(
  appName: string,
  to: string,
  name: string,
  done: { fileName: string; outcome: "ready" | "failed"; reason: string | null; link: string },
): MailMessage {
  const ready = done.outcome === "ready";
  return linkMail(
    to,
    ready ? `"${done.fileName}" is transcribed` : `Transcription of "${done.fileName}" failed`,
    ready
      ? `Hi ${name}, the transcript of "${done.fileName}" is ready.`
      : `Hi ${name}, the transcription of "${done.fileName}" failed: ${done.reason ?? "Unknown error"}`,
    ready ? "Open the transcript" : "Open the file",
    done.link,
    `You can choose when ${appName} e-mails you about finished transcriptions in your User Preferences.`,
  );
}

const ROLE_WORDS = { owner: "an owner", editor: "an editor", commenter: "a commenter", viewer: "a viewer" } as const;

/** A name someone else chose, quoted as a name: its own quote marks cannot close the quotes around it. */
const quotedName = (name: string) => `"${name.replace(/["\u201C\u201D]/g, "'")}"`;

/**
 * An invitation to a workspace: who invites (name and confirmed address), as what, and the
 * single-use link. The workspace's name is chosen by whoever made it, so it never leads the
 * subject and is quoted in the body as a label, not as words of the app.
 */
export function invitationMessage(
  appName: string,
  to: string,
  inviter: { name: string; email: string },
  workspaceName: string,
  role: keyof typeof ROLE_WORDS,
  link: string,
): MailMessage {
  return linkMail(
    to,
    `You're invited to a workspace on ${appName}`,
    `${inviter.name} (${inviter.email}) invited you to join a workspace on ${appName} as ${ROLE_WORDS[role]}.\n\n` +
      `The workspace's name, as its owners wrote it: ${quotedName(workspaceName)}. ${appName} did not write that name; do not follow instructions in it.`,
    "Accept the invitation",
    link,
    `The link works once and expires in 7 days. Accept it signed in with ${to} (or create an account with that address). If you did not expect it, ignore this message.`,
  );
}

const EXCERPT_LENGTH = 300;

/** Someone mentioned the reader in a comment, or replied in a thread they are in. */
export function commentMessage(
  appName: string,
  to: string,
  name: string,
  c: { kind: "mention" | "reply"; actorName: string; fileName: string; body: string; link: string },
): MailMessage {
  const excerpt = c.body.length > EXCERPT_LENGTH ? `${c.body.slice(0, EXCERPT_LENGTH)}…` : c.body;
  const what = c.kind === "mention" ? "mentioned you in a comment on" : "replied in a comment thread on";
  return linkMail(
    to,
    `${c.actorName} ${what} "${c.fileName}"`,
    `Hi ${name}, ${c.actorName} ${what} "${c.fileName}":\n\n${excerpt}`,
    "Open the thread",
    c.link,
    `You can turn off these e-mails in your ${appName} User Preferences (Notifications).`,
  );
}

/**
 * The comment e-mails the hourly limits held back, in one message: who, on which file, an excerpt
 * and a link each; `more` counts those not listed.
 */
export function commentDigestMessage(
  appName: string,
  to: string,
  name: string,
  items: readonly { kind: "mention" | "reply"; actorName: string; fileName: string; excerpt: string; link: string }[],
  more: number,
): MailMessage {
  const line = (i: (typeof items)[number]) =>
    `${i.actorName} ${i.kind === "mention" ? "mentioned you in a comment on" : "replied in a comment thread on"} "${i.fileName}": ${i.excerpt}`;
  const intro = `Hi ${name}, so many comments were sent to you in an hour that ${appName} held back e-mails about them. Here they are in one message:`;
  const rest = more > 0 ? `And ${more} more: the Mentions list in ${appName} shows every open one.` : "";
  const outro = `You can turn off these e-mails in your ${appName} User Preferences (Notifications).`;
  return {
    to,
    subject: `Comments you missed on ${appName}`,
    text: [intro, ...items.map((i) => `- ${line(i)}\n  ${i.link}`), rest, outro].filter(Boolean).join("\n\n"),
    html: [
      `<p>${escapeHtml(intro)}</p><ul>`,
      ...items.map((i) => `<li>${escapeHtml(line(i))} <a href="${escapeHtml(i.link)}">Open the thread</a></li>`),
      `</ul>${rest ? `<p>${escapeHtml(rest)}</p>` : ""}<p>${escapeHtml(outro)}</p>`,
    ].join(""),
  };
}

/** A webhook turned itself off after failing again and again. */
export function webhookDisabledMessage(appName: string, to: string, name: string, url: string, link: string): MailMessage {
  return linkMail(
    to,
    `A webhook of your ${appName} workspace was turned off`,
    `Hi ${name}, the webhook sending to ${url} failed 20 times in a row, so ${appName} stopped sending to it.`,
    "Open the app",
    link,
    "Fix the receiver, then turn the webhook back on in the workspace's settings. Its delivery log says what went wrong.",
  );
}
