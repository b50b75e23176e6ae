import type { Config } from "../config";
import type { Db } from "../db/client";
import { devOutbox } from "../db/schema";
import { nowIso } from "../../common/time";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The one way the app sends e-mail. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Production: Cloudflare's e-mail sending binding. */
function bindingMailer(binding: SendEmail, from: string): Mailer {
  return {
    async send(message) {
      await binding.send({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
    },
  };
}

/** Development: keep every message in D1 (GET /api/v1/dev/outbox) and print it. */
function outboxMailer(db: Db): Mailer {
  return {
    async send(message) {
      await db.insert(devOutbox).values({
        recipient: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
        createdAt: nowIso(),
      });
      console.log(`[dev outbox] to ${message.to}: ${message.subject}\n${message.text}`);
    },
  };
}

export function createMailer(env: Env, config: Config, db: Db): Mailer {
  return config.ENVIRONMENT === "development" ? outboxMailer(db) : bindingMailer(env.EMAIL, config.EMAIL_FROM);
}
