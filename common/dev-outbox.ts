/** One e-mail in the development outbox (`GET /dev/outbox`), newest first. */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
}
