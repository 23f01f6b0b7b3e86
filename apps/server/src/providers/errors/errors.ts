import type { ErrorReportInput } from "@shepherd/shared";
import type { Database } from "../../db/client";
import { schema } from "../../db/client";
import type { Logger } from "../../logger";

export interface ErrorReport extends ErrorReportInput {
  userId: string | null;
  requestId: string;
}

export interface ErrorReporter {
  readonly target: "sentry" | "database";
  report(report: ErrorReport): Promise<void>;
}

interface ParsedDsn {
  endpoint: string;
  publicKey: string;
  dsn: string;
}

export function parseSentryDsn(dsn: string): ParsedDsn {
  const url = new URL(dsn);
  const projectId = url.pathname.replace(/^\//, "");
  if (!url.username || !projectId) throw new Error("SENTRY_DSN must look like https://KEY@HOST/PROJECT_ID");
  return { endpoint: `${url.protocol}//${url.host}/api/${projectId}/envelope/`, publicKey: url.username, dsn };
}

/**
 * Reports always land in `error_reports` (the admin Health page reads them). With SENTRY_DSN they are also
 * sent to Sentry as an envelope, so the web bundle does not need Sentry's SDK.
 */
export function createErrorReporter(options: { db: Database; log: Logger; sentryDsn?: string }): ErrorReporter {
  const sentry = options.sentryDsn ? parseSentryDsn(options.sentryDsn) : undefined;
  return {
    target: sentry ? "sentry" : "database",
    async report(report) {
      await options.db.insert(schema.errorReports).values({
        userId: report.userId,
        message: report.message,
        stack: report.stack ?? null,
        componentStack: report.component_stack ?? null,
        url: report.url ?? null,
        userAgent: report.user_agent ?? null,
        requestId: report.requestId,
      });
      if (!sentry) return;
      const eventId = crypto.randomUUID().replace(/-/g, "");
      const event = {
        event_id: eventId,
        timestamp: Date.now() / 1000,
        platform: "javascript",
        level: "error",
        message: report.message,
        request: report.url ? { url: report.url, headers: { "User-Agent": report.user_agent ?? "" } } : undefined,
        user: report.userId ? { id: report.userId } : undefined,
        extra: { stack: report.stack, componentStack: report.component_stack, requestId: report.requestId },
      };
      const body = [
        JSON.stringify({ event_id: eventId, dsn: sentry.dsn, sent_at: new Date().toISOString() }),
        JSON.stringify({ type: "event" }),
        JSON.stringify(event),
      ].join("\n");
      try {
        const response = await fetch(sentry.endpoint, {
          method: "POST",
          headers: {
            "content-type": "application/x-sentry-envelope",
            "x-sentry-auth": `Sentry sentry_version=7, sentry_key=${sentry.publicKey}, sentry_client=shepherd/0.1`,
          },
          body,
          signal: AbortSignal.timeout(5000),
        });
        if (!response.ok) options.log.warn({ status: response.status }, "Sentry refused an error report");
      } catch (error) {
        options.log.warn({ err: error }, "could not reach Sentry");
      }
    },
  };
}
