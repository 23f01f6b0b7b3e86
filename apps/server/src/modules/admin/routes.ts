import { Hono } from "hono";
import {
  adminBanInput,
  createExperimentInput,
  adminFeaturesQuery,
  adminImagesQuery,
  adminMissingImagesQuery,
  adminInactiveQuery,
  adminPageQuery,
  adminRangeQuery,
  adminRoleInput,
  adminSubscriptionsQuery,
  adminSupportQuery,
  adminUserSearchQuery,
  reportAuthorBanInput,
  supportReplyInput,
  supportStatusInput,
} from "@shepherd/shared";
import { reportListQuery, resolveReportInput } from "@shepherd/shared";
import { isAdmin, requireUser } from "../../auth/middleware";
import type { AppContext, AppEnv, SignedInUser } from "../../context";
import { AppError } from "../../errors";
import { readJson, readQuery, UUID_PARAM } from "../../http/validate";
import { deleteStoredFile } from "../../providers/storage/storage";
import { listReports } from "../community/reports";
import { churnOverview, listCancellations, listInactive } from "./churn";
import { csvResponse, toCsv } from "./csv";
import { dashboard } from "./dashboard";
import { createExperiment, getExperiment, listExperiments, setExperimentRunning } from "./experiments";
import { featureUse } from "./features";
import { errorGroups, failedJobs, health, retryJob } from "./health";
import { generateImage, imagesOverview, queueMissingImages } from "./images";
import { banReportAuthor, resolveReportAudited, setReportedHidden } from "./reports";
import { listBillingEvents, listSubscriptions, subscriptionsOverview } from "./subscriptions";
import { listSupportRequests, replyToSupport, setSupportStatus, supportCounts, supportThread } from "./support";
import { banUser, resetTwoFactor, searchUsers, sendPasswordReset, setRole, unbanUser, userDetail } from "./users";

async function requireAdmin(c: Parameters<typeof requireUser>[0]): Promise<SignedInUser> {
  const user = await requireUser(c);
  if (!isAdmin(user)) throw new AppError("FORBIDDEN", "Only admins can do that.");
  return user;
}

const USER = `/admin/users/:id${UUID_PARAM}`;
const REPORT = `/admin/reports/:id${UUID_PARAM}`;
const SUPPORT = `/admin/support/:id${UUID_PARAM}`;
const EXPERIMENT = `/admin/experiments/:id${UUID_PARAM}`;

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
    .post(`${REPORT}/hide`, async (c) => {
      await setReportedHidden(ctx.db, await requireAdmin(c), { reportId: c.req.param("id"), hidden: true });
      return c.json({ hidden: true });
    })
    .post(`${REPORT}/restore`, async (c) => {
      await setReportedHidden(ctx.db, await requireAdmin(c), { reportId: c.req.param("id"), hidden: false });
      return c.json({ hidden: false });
    })
    .post(`${REPORT}/ban-author`, async (c) => {
      const { reason } = await readJson(c, reportAuthorBanInput);
      await banReportAuthor(ctx.db, await requireAdmin(c), { reportId: c.req.param("id"), reason });
      // The author's sessions ended in PostgreSQL; this process stops trusting any it kept before answering.
      ctx.sessions.clear();
      return c.json({ banned: true });
    })
    .post(`${REPORT}/resolve`, async (c) => {
      const { action } = await readJson(c, resolveReportInput);
      const actor = await requireAdmin(c);
      const { removedImageUrl, ...result } = await resolveReportAudited(ctx.db, actor, { reportId: c.req.param("id"), action });
      await deleteStoredFile(ctx.storage, removedImageUrl);
      return c.json(result);
    })
    .get("/admin/dashboard", async (c) => {
      const { range } = readQuery(c, adminRangeQuery);
      // Its first read of a range counts the days not rolled up yet, which can take seconds: no query timeout.
      return c.json(await dashboard(ctx.longDb, range));
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
      ctx.sessions.forgetUser(c.req.param("id"));
      return c.json(await userDetail(ctx.db, c.req.param("id")));
    })
    .post(`${USER}/ban`, async (c) => {
      const { reason } = await readJson(c, adminBanInput);
      await banUser(ctx.db, await requireAdmin(c), c.req.param("id"), reason);
      ctx.sessions.forgetUser(c.req.param("id"));
      return c.json(await userDetail(ctx.db, c.req.param("id")));
    })
    .post(`${USER}/unban`, async (c) => {
      await unbanUser(ctx.db, await requireAdmin(c), c.req.param("id"));
      ctx.sessions.forgetUser(c.req.param("id"));
      return c.json(await userDetail(ctx.db, c.req.param("id")));
    })
    .post(`${USER}/reset-two-factor`, async (c) => {
      await resetTwoFactor(ctx.db, await requireAdmin(c), c.req.param("id"));
      ctx.sessions.forgetUser(c.req.param("id"));
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
    })
    .get("/admin/support", async (c) => {
      const { status, page, format } = readQuery(c, adminSupportQuery);
      if (format === "json") {
        const [list, counts] = await Promise.all([listSupportRequests(ctx.db, { status, page }), supportCounts(ctx.db)]);
        return c.json({ ...list, counts });
      }
      const { items } = await listSupportRequests(ctx.db, { status, page, all: true });
      const csv = toCsv(
        [
          { header: "id", value: (r) => r.id },
          { header: "subject", value: (r) => r.subject },
          { header: "status", value: (r) => r.status },
          { header: "name", value: (r) => r.name },
          { header: "email", value: (r) => r.email },
          { header: "messages", value: (r) => r.messages },
          { header: "opened", value: (r) => r.created_at },
          { header: "last message", value: (r) => r.last_message_at },
        ],
        items,
      );
      return csvResponse(c, "support-requests", csv);
    })
    .get(SUPPORT, async (c) => c.json(await supportThread(ctx.db, c.req.param("id"))))
    .post(`${SUPPORT}/reply`, async (c) => {
      const { body, status } = await readJson(c, supportReplyInput);
      return c.json(await replyToSupport(ctx, await requireAdmin(c), { id: c.req.param("id"), body, status }));
    })
    .post(`${SUPPORT}/status`, async (c) => {
      const { status } = await readJson(c, supportStatusInput);
      return c.json(await setSupportStatus(ctx.db, await requireAdmin(c), { id: c.req.param("id"), status }));
    })
    .get("/admin/churn", async (c) => c.json(await churnOverview(ctx.db)))
    .get("/admin/churn/inactive", async (c) => {
      const { days, page, format } = readQuery(c, adminInactiveQuery);
      if (format === "json") return c.json(await listInactive(ctx.db, { days, page }));
      const { items } = await listInactive(ctx.db, { days, page, all: true });
      const csv = toCsv(
        [
          { header: "id", value: (r) => r.user_id },
          { header: "name", value: (r) => r.name },
          { header: "email", value: (r) => r.email },
          { header: "joined", value: (r) => r.joined },
          { header: "last active", value: (r) => r.last_active_at },
        ],
        items,
      );
      return csvResponse(c, `inactive-${days}-days`, csv);
    })
    .get("/admin/churn/cancellations", async (c) => {
      const { page, format } = readQuery(c, adminPageQuery);
      if (format === "json") return c.json(await listCancellations(ctx.db, { page }));
      const { items } = await listCancellations(ctx.db, { page, all: true });
      const csv = toCsv(
        [
          { header: "name", value: (r) => r.name },
          { header: "email", value: (r) => r.email },
          { header: "plan", value: (r) => r.plan_type },
          { header: "reason", value: (r) => r.reason },
          { header: "billing", value: (r) => r.provider },
          { header: "cancelled", value: (r) => r.created_at },
        ],
        items,
      );
      return csvResponse(c, "cancellations", csv);
    })
    .get("/admin/features", async (c) => {
      const { range, format } = readQuery(c, adminFeaturesQuery);
      const use = await featureUse(ctx.db, range);
      if (format === "json") return c.json(use);
      const rows = [
        ...use.page_views.map((r) => ({ kind: "page views", name: r.feature, count: r.views, members: r.members })),
        ...use.actions.map((r) => ({ kind: "action", name: r.action, count: r.count, members: r.members })),
        ...use.cap_hits.map((r) => ({
          kind: "cap hits",
          name: r.feature,
          count: r.limit_reached + r.premium_only,
          members: r.members,
        })),
        ...use.ai.by_feature.map((r) => ({ kind: "AI calls", name: r.feature, count: r.calls, members: null })),
      ];
      const csv = toCsv(
        [
          { header: "kind", value: (r) => r.kind },
          { header: "name", value: (r) => r.name },
          { header: "count", value: (r) => r.count },
          { header: "members", value: (r) => r.members },
        ],
        rows,
      );
      return csvResponse(c, `feature-use-${range}-days`, csv);
    })
    .get("/admin/experiments", async (c) => {
      const { page, format } = readQuery(c, adminPageQuery);
      if (format === "json") return c.json(await listExperiments(ctx.db, { page }));
      const { items } = await listExperiments(ctx.db, { page, all: true });
      const rows = items.flatMap((e) => e.results.map((r) => ({ e, r })));
      const csv = toCsv(
        [
          { header: "experiment", value: ({ e }) => e.name },
          { header: "status", value: ({ e }) => e.status },
          { header: "conversion event", value: ({ e }) => e.conversion_event },
          { header: "variant", value: ({ r }) => r.variant },
          { header: "weight", value: ({ r }) => r.weight },
          { header: "exposed", value: ({ r }) => r.exposed },
          { header: "converted", value: ({ r }) => r.converted },
          { header: "rate", value: ({ r }) => r.rate },
          { header: "95% CI low", value: ({ r }) => r.ci_low },
          { header: "95% CI high", value: ({ r }) => r.ci_high },
          { header: "p-value vs first", value: ({ r }) => r.p_value },
          { header: "started", value: ({ e }) => e.started_at },
          { header: "stopped", value: ({ e }) => e.stopped_at },
        ],
        rows,
      );
      return csvResponse(c, "experiments", csv);
    })
    .post("/admin/experiments", async (c) => {
      const input = await readJson(c, createExperimentInput);
      return c.json(await createExperiment(ctx.db, await requireAdmin(c), input), 201);
    })
    .get(EXPERIMENT, async (c) => c.json(await getExperiment(ctx.db, c.req.param("id"))))
    .post(`${EXPERIMENT}/start`, async (c) => {
      return c.json(await setExperimentRunning(ctx.db, await requireAdmin(c), { id: c.req.param("id"), running: true }));
    })
    .post(`${EXPERIMENT}/stop`, async (c) => {
      return c.json(await setExperimentRunning(ctx.db, await requireAdmin(c), { id: c.req.param("id"), running: false }));
    })
    .get("/admin/images", async (c) => {
      const { kind, missing, q, page, format } = readQuery(c, adminImagesQuery);
      if (format === "json") return c.json(await imagesOverview(ctx, kind, { page, missingOnly: missing, q }));
      const overview = await imagesOverview(ctx, kind, { page, missingOnly: missing, q, all: true });
      if (overview.kind === "devotionals") {
        const csv = toCsv(
          [
            { header: "id", value: (r) => r.id },
            { header: "date", value: (r) => r.devotional_date },
            { header: "title", value: (r) => r.title },
            { header: "passage", value: (r) => r.passage },
            { header: "theme", value: (r) => r.theme },
            { header: "member", value: (r) => r.member_email },
            { header: "image", value: (r) => r.image_url },
          ],
          overview.list.items,
        );
        return csvResponse(c, missing ? "devotionals-missing-images" : "devotional-images", csv);
      }
      const csv = toCsv(
        [
          { header: "id", value: (r) => r.id },
          { header: "source", value: (r) => r.source },
          { header: "title", value: (r) => r.title },
          { header: "passage", value: (r) => r.passage },
          { header: "theme", value: (r) => r.theme },
          { header: "maker", value: (r) => r.owner_email },
          { header: "image", value: (r) => r.image_url },
        ],
        overview.list.items,
      );
      const noun = kind === "plans" ? "plan" : "series";
      return csvResponse(c, missing ? `${kind}-missing-covers` : `${noun}-covers`, csv);
    })
    .post(`/admin/images/devotionals/:id${UUID_PARAM}`, async (c) => {
      return c.json(await generateImage(ctx, await requireAdmin(c), { kind: "devotionals", id: c.req.param("id") }), 201);
    })
    .post(`/admin/images/plans/:id${UUID_PARAM}`, async (c) => {
      return c.json(await generateImage(ctx, await requireAdmin(c), { kind: "plans", id: c.req.param("id") }), 201);
    })
    .post(`/admin/images/series/:id${UUID_PARAM}`, async (c) => {
      return c.json(await generateImage(ctx, await requireAdmin(c), { kind: "series", id: c.req.param("id") }), 201);
    })
    .post("/admin/images/missing", async (c) => {
      const { kind } = readQuery(c, adminMissingImagesQuery);
      return c.json(await queueMissingImages(ctx, await requireAdmin(c), kind), 202);
    });
}
