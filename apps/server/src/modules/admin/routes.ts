import { Hono } from "hono";
import {
  adminBanInput,
  adminPageQuery,
  adminRangeQuery,
  adminRoleInput,
  adminSubscriptionsQuery,
  adminUserSearchQuery,
} from "@shepherd/shared";
import { reportListQuery, resolveReportInput } from "@shepherd/shared";
import { isAdmin, requireUser } from "../../auth/middleware";
import type { AppContext, AppEnv, SignedInUser } from "../../context";
import { AppError } from "../../errors";
import { readJson, readQuery, UUID_PARAM } from "../../http/validate";
import { deleteStoredFile } from "../../providers/storage/storage";
import { listReports, resolveReport } from "../community/reports";
import { csvResponse, toCsv } from "./csv";
import { dashboard } from "./dashboard";
import { errorGroups, failedJobs, health, retryJob } from "./health";
import { listBillingEvents, listSubscriptions, subscriptionsOverview } from "./subscriptions";
import { banUser, resetTwoFactor, searchUsers, sendPasswordReset, setRole, unbanUser, userDetail } from "./users";

async function requireAdmin(c: Parameters<typeof requireUser>[0]): Promise<SignedInUser> {
  const user = await requireUser(c);
  if (!isAdmin(user)) throw new AppError("FORBIDDEN", "Only admins can do that.");
  return user;
}

const USER = `/admin/users/:id${UUID_PARAM}`;

/**
 * The admin area's API. One guard in front of every /admin route: signed out 401, not an admin 403
 * (test/admin-guard.test.ts walks every route this returns). Tables answer a page at a time, or all rows as CSV
 * with ?format=csv.
 */
export function adminRoutes(ctx: AppContext) {
  return new Hono<AppEnv>()
    .use("/admin/*", async (c, next) => {
      await requireAdmin(c);
      await next();
    })
    .get("/admin/reports", async (c) => {
      const { status } = readQuery(c, reportListQuery);
      return c.json(await listReports(ctx.db, { status }));
    })
    .post(`/admin/reports/:id${UUID_PARAM}/resolve`, async (c) => {
      const { action } = await readJson(c, resolveReportInput);
      const { removedImageUrl, ...result } = await resolveReport(ctx.db, { reportId: c.req.param("id"), action });
      await deleteStoredFile(ctx.storage, removedImageUrl);
      return c.json(result);
    })
    .get("/admin/dashboard", async (c) => {
      const { range } = readQuery(c, adminRangeQuery);
      return c.json(await dashboard(ctx.db, range));
    })
    .get("/admin/users", async (c) => {
      const { q, page, format } = readQuery(c, adminUserSearchQuery);
      if (format === "json") return c.json(await searchUsers(ctx.db, { q, page }));
      const { items } = await searchUsers(ctx.db, { q, page, all: true });
      const csv = toCsv(
        [
          { header: "id", value: (r) => r.id },
          { header: "name", value: (r) => r.name },
          { header: "username", value: (r) => r.username },
          { header: "email", value: (r) => r.email },
          { header: "role", value: (r) => r.role },
          { header: "banned", value: (r) => r.banned },
          { header: "joined", value: (r) => r.created_at },
        ],
        items,
      );
      return csvResponse(c, "members", csv);
    })
    .get(USER, async (c) => c.json(await userDetail(ctx.db, c.req.param("id"))))
    .post(`${USER}/role`, async (c) => {
      const { admin } = await readJson(c, adminRoleInput);
      await setRole(ctx.db, await requireAdmin(c), c.req.param("id"), admin);
      return c.json(await userDetail(ctx.db, c.req.param("id")));
    })
    .post(`${USER}/ban`, async (c) => {
      const { reason } = await readJson(c, adminBanInput);
      await banUser(ctx.db, await requireAdmin(c), c.req.param("id"), reason);
      return c.json(await userDetail(ctx.db, c.req.param("id")));
    })
    .post(`${USER}/unban`, async (c) => {
      await unbanUser(ctx.db, await requireAdmin(c), c.req.param("id"));
      return c.json(await userDetail(ctx.db, c.req.param("id")));
    })
    .post(`${USER}/reset-two-factor`, async (c) => {
      await resetTwoFactor(ctx.db, await requireAdmin(c), c.req.param("id"));
      return c.json(await userDetail(ctx.db, c.req.param("id")));
    })
    .post(`${USER}/password-reset`, async (c) => {
      await sendPasswordReset(ctx, await requireAdmin(c), c.req.param("id"));
      return c.json(await userDetail(ctx.db, c.req.param("id")));
    })
    .get("/admin/health", async (c) => c.json(await health(ctx)))
    .get("/admin/health/jobs/failed", async (c) => {
      const { page, format } = readQuery(c, adminPageQuery);
      if (format === "json") return c.json(await failedJobs(ctx, { page }));
      const { items } = await failedJobs(ctx, { page, all: true });
      const csv = toCsv(
        [
          { header: "id", value: (r) => r.id },
          { header: "queue", value: (r) => r.queue },
          { header: "created", value: (r) => r.created_at },
          { header: "retries", value: (r) => r.retry_count },
          { header: "error", value: (r) => r.error },
        ],
        items,
      );
      return csvResponse(c, "failed-jobs", csv);
    })
    .post(`/admin/health/jobs/:id${UUID_PARAM}/retry`, async (c) => {
      await retryJob(ctx, await requireAdmin(c), c.req.param("id"));
      return c.json({ retried: true });
    })
    .get("/admin/health/errors", async (c) => {
      const { page, format } = readQuery(c, adminPageQuery);
      if (format === "json") return c.json(await errorGroups(ctx, { page }));
      const { items } = await errorGroups(ctx, { page, all: true });
      const csv = toCsv(
        [
          { header: "message", value: (r) => r.message },
          { header: "count", value: (r) => r.count },
          { header: "first seen", value: (r) => r.first_seen },
          { header: "last seen", value: (r) => r.last_seen },
          { header: "url", value: (r) => r.url },
          { header: "stack", value: (r) => r.stack },
        ],
        items,
      );
      return csvResponse(c, "error-reports", csv);
    })
    .get("/admin/subscriptions", async (c) => {
      const { range } = readQuery(c, adminRangeQuery);
      return c.json(await subscriptionsOverview(ctx.db, range));
    })
    .get("/admin/subscriptions/list", async (c) => {
      const { status, page, format } = readQuery(c, adminSubscriptionsQuery);
      if (format === "json") return c.json(await listSubscriptions(ctx.db, { filter: status, page }));
      const { items } = await listSubscriptions(ctx.db, { filter: status, page, all: true });
      const csv = toCsv(
        [
          { header: "name", value: (r) => r.name },
          { header: "email", value: (r) => r.email },
          { header: "plan", value: (r) => r.plan_type },
          { header: "status", value: (r) => r.status },
          { header: "trial ends", value: (r) => r.trial_end },
          { header: "period ends", value: (r) => r.current_period_end },
          { header: "cancels at period end", value: (r) => r.cancel_at_period_end },
          { header: "provider", value: (r) => r.provider },
          { header: "updated", value: (r) => r.updated_at },
        ],
        items,
      );
      return csvResponse(c, "subscriptions", csv);
    })
    .get("/admin/subscriptions/events", async (c) => {
      const { page, format } = readQuery(c, adminPageQuery);
      if (format === "json") return c.json(await listBillingEvents(ctx.db, { page }));
      const { items } = await listBillingEvents(ctx.db, { page, all: true });
      const csv = toCsv(
        [
          { header: "id", value: (r) => r.id },
          { header: "type", value: (r) => r.type },
          { header: "received", value: (r) => r.received_at },
        ],
        items,
      );
      return csvResponse(c, "billing-events", csv);
    });
}
