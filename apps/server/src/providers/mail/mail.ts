import nodemailer from "nodemailer";
import type { Database } from "../../db/client";
import { schema } from "../../db/client";
import type { Logger } from "../../logger";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is for, e.g. "password_reset" or "welcome". */
  kind: string;
}

export interface MailProvider {
  readonly transport: "smtp" | "outbox";
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/**
 * Every message is recorded in `mail_outbox`. With SMTP_URL it is also delivered by SMTP;
 * without it, it is printed to the server log (the reset link included) so a developer can follow it.
 */
export function createMailProvider(options: { db: Database; log: Logger; smtpUrl?: string; from: string }): MailProvider {
  const { db, log } = options;
  const transporter = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  const transport = transporter ? "smtp" : "outbox";
  return {
    transport,
    async send(message) {
      let error: string | null = null;
      if (transporter) {
        try {
          await transporter.sendMail({
            from: options.from,
            to: message.to,
            subject: message.subject,
            text: message.text,
            html: message.html,
          });
        } catch (cause) {
          error = cause instanceof Error ? cause.message : String(cause);
        }
      } else {
        log.info({ mail: { to: message.to, subject: message.subject, kind: message.kind } }, `mail (outbox):\n${message.text}`);
      }
      await db.insert(schema.mailOutbox).values({
        toAddress: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        kind: message.kind,
        transport,
        error,
      });
      if (error) throw new Error(`Mail to ${message.to} could not be sent: ${error}`);
    },
    async close() {
      transporter?.close();
    },
  };
}
