import { Hono } from "hono";
import { reportListQuery, resolveReportInput } from "@shepherd/shared";
import { isAdmin, requireUser } from "../../auth/middleware";
import type { AppContext, AppEnv, SignedInUser } from "../../context";
import { AppError } from "../../errors";
import { readJson, readQuery, UUID_PARAM } from "../../http/validate";
import { deleteStoredFile } from "../../providers/storage/storage";
import { listReports, resolveReport } from "../community/reports";

async function requireAdmin(c: Parameters<typeof requireUser>[0]): Promise<SignedInUser> {
  const user = await requireUser(c);
  if (!isAdmin(user)) throw new AppError("FORBIDDEN", "Only admins can do that.");
  return user;
}

export function adminRoutes(ctx: AppContext) {
  return new Hono<AppEnv>()
    .get("/admin/reports", async (c) => {
      await requireAdmin(c);
      const { status } = readQuery(c, reportListQuery);
      return c.json(await listReports(ctx.db, { status }));
    })
    .post(`/admin/reports/:id${UUID_PARAM}/resolve`, async (c) => {
      await requireAdmin(c);
      const { action } = await readJson(c, resolveReportInput);
      const { removedImageUrl, ...result } = await resolveReport(ctx.db, { reportId: c.req.param("id"), action });
      await deleteStoredFile(ctx.storage, removedImageUrl);
      return c.json(result);
    });
}
