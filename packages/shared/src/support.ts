import { z } from "zod";

/** Support requests: a member's "Contact support" (Settings) and the admin inbox (/admin/support). */

export const SUPPORT_STATUSES = ["open", "waiting", "closed"] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

export const SUPPORT_SUBJECT_MAX = 120;
export const SUPPORT_BODY_MAX = 5000;
/** A member may open this many requests in 24 hours, and add this many messages to his threads. */
export const SUPPORT_REQUESTS_PER_DAY = 5;
export const SUPPORT_MESSAGES_PER_DAY = 30;

const noNul = (value: string) => !value.includes("\u0000");

const bodyField = z
  .string({ error: "Write your message" })
  .trim()
  .min(1, "Write your message")
  .max(SUPPORT_BODY_MAX, `Keep your message under ${SUPPORT_BODY_MAX} characters`)
  .refine(noNul, "may not contain NUL characters");

export const supportRequestInput = z
  .object({
    subject: z
      .string({ error: "Add a subject" })
      .trim()
      .min(3, "Add a subject of at least 3 characters")
      .max(SUPPORT_SUBJECT_MAX, `Keep the subject under ${SUPPORT_SUBJECT_MAX} characters`)
      .refine(noNul, "may not contain NUL characters"),
    body: bodyField,
  })
  .strict();
export type SupportRequestInput = z.infer<typeof supportRequestInput>;

export const supportMessageInput = z.object({ body: bodyField }).strict();

/** An admin's reply; the request then waits for the member unless the admin closes it. */
export const supportReplyInput = z
  .object({ body: bodyField, status: z.enum(SUPPORT_STATUSES, { error: "must be open, waiting or closed" }).default("waiting") })
  .strict();

export const supportStatusInput = z
  .object({ status: z.enum(SUPPORT_STATUSES, { error: "must be open, waiting or closed" }) })
  .strict();

export interface SupportMessage {
  id: string;
  from_admin: boolean;
  /** "Shepherd support" for an admin's reply; the member's own name otherwise. */
  author: string;
  body: string;
  created_at: string;
}

export interface SupportRequest {
  id: string;
  subject: string;
  status: SupportStatus;
  created_at: string;
  last_message_at: string;
  messages: SupportMessage[];
}
