import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import {
  SUPPORT_BODY_MAX,
  SUPPORT_SUBJECT_MAX,
  supportRequestInput,
  type SupportRequest,
  type SupportStatus,
} from "@shepherd/shared/support";
import { Button } from "@/components/ui/button";
import { CharacterCount } from "@/components/ui/character-count";
import { Field } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { Loading, QueryState } from "@/components/ui/query-state";
import { notify, showError } from "@/lib/toast";
import { useAddSupportMessage } from "../api/add-support-message";
import { useCreateSupportRequest } from "../api/create-support-request";
import { useSupportRequests } from "../api/get-support-requests";
import { SettingsSection } from "./settings-section";

const STATUS_LABEL: Record<SupportStatus, string> = {
  open: "Waiting for an answer",
  waiting: "Answered",
  closed: "Closed",
};

function ContactForm() {
  const [subject, setSubject] = useState("");
  const [body, setBody] = useState("");
  const [error, setError] = useState<string | null>(null);
  const create = useCreateSupportRequest();
  const subjectRef = useRef<HTMLInputElement>(null);
  const location = useLocation();
  // The error screen's "contact support" leads here (/settings#support): bring the form into view, ready to type.
  useEffect(() => {
    if (location.hash !== "#support") return;
    subjectRef.current?.scrollIntoView({ block: "center" });
    subjectRef.current?.focus({ preventScroll: true });
  }, [location.hash]);
  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = supportRequestInput.safeParse({ subject, body });
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message ?? "Check the form");
          return;
        }
        setError(null);
        create.mutate(parsed.data, {
          onSuccess: () => {
            notify("Message sent", "We will answer here and by email.");
            setSubject("");
            setBody("");
          },
          onError: showError,
        });
      }}
    >
      <Field label="Subject">
        {({ id, describedBy }) => (
          <Input
            ref={subjectRef}
            id={id}
            aria-describedby={describedBy}
            value={subject}
            maxLength={SUPPORT_SUBJECT_MAX}
            onChange={(e) => setSubject(e.target.value)}
          />
        )}
      </Field>
      <Field label="Message" error={error} hint={<CharacterCount length={body.length} max={SUPPORT_BODY_MAX} />}>
        {({ id, describedBy, invalid }) => (
          <Textarea
            id={id}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            rows={5}
            value={body}
            maxLength={SUPPORT_BODY_MAX}
            onChange={(e) => {
              setBody(e.target.value);
              setError(null);
            }}
          />
        )}
      </Field>
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? "Sending..." : "Send to support"}
      </Button>
    </form>
  );
}

function Thread({ request }: { request: SupportRequest }) {
  const [reply, setReply] = useState("");
  const add = useAddSupportMessage();
  return (
    <li className="rounded-xl border border-stone-200 p-4 dark:border-stone-800">
      <details>
        <summary className="cursor-pointer">
          <span className="font-medium">{request.subject}</span>{" "}
          <span className="text-sm text-stone-600 dark:text-stone-400">
            · {STATUS_LABEL[request.status]} · {new Date(request.last_message_at).toLocaleDateString()}
          </span>
        </summary>
        <ol className="mt-3 space-y-3">
          {request.messages.map((m) => (
            <li
              key={m.id}
              className={
                m.from_admin
                  ? "rounded-lg bg-pasture-50 p-3 dark:bg-stone-800"
                  : "rounded-lg border border-stone-200 p-3 dark:border-stone-700"
              }
            >
              <p className="text-xs font-medium text-stone-700 dark:text-stone-300">
                {m.from_admin ? m.author : "You"} · {new Date(m.created_at).toLocaleString()}
              </p>
              <p className="mt-1 text-sm whitespace-pre-wrap">{m.body}</p>
            </li>
          ))}
        </ol>
        <form
          className="mt-3 space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (!reply.trim()) return;
            add.mutate({ requestId: request.id, body: reply }, { onSuccess: () => setReply(""), onError: showError });
          }}
        >
          <Field label="Write back">
            {({ id }) => (
              <Textarea id={id} rows={3} value={reply} maxLength={SUPPORT_BODY_MAX} onChange={(e) => setReply(e.target.value)} />
            )}
          </Field>
          <Button type="submit" size="sm" variant="secondary" disabled={add.isPending || !reply.trim()}>
            Send
          </Button>
        </form>
      </details>
    </li>
  );
}

/** "Contact support": a question or a problem for the people who run Shepherd, and their answers. */
export function SupportSection() {
  const requests = useSupportRequests();
  return (
    <div id="support" className="scroll-mt-20">
      <SettingsSection
        title="Contact support"
        description="A question or a problem? Write to the people who run Shepherd. We answer here and by email."
      >
        <ContactForm />
        <QueryState
          query={requests}
          look="plain"
          loading={<Loading label="Loading your requests" />}
          error="Your support requests could not be loaded."
          isEmpty={(data) => data.length === 0}
          empty="You have not written to support yet."
        >
          {(data) => (
            <div className="space-y-2">
              <h3 className="font-medium">Your requests</h3>
              <ul className="space-y-2">
                {data.map((r) => (
                  <Thread key={r.id} request={r} />
                ))}
              </ul>
            </div>
          )}
        </QueryState>
      </SettingsSection>
    </div>
  );
}
