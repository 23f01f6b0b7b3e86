import { Hono } from "hono";
import { experimentNameParam, type ExperimentAssignment } from "@shepherd/shared";
import { requireUser } from "../../auth/middleware";
import type { AppContext, AppEnv } from "../../context";
import { AppError } from "../../errors";
import { memberVariant, recordExposure } from "./service";

function nameOf(value: string): string {
  const parsed = experimentNameParam.safeParse(value);
  if (!parsed.success) throw new AppError("BAD_REQUEST", "That is not an experiment name.");
  return parsed.data;
}

/** The signed-in member's variant of a running experiment (the web app's useExperiment hook), and his exposure. */
export function experimentRoutes(ctx: AppContext) {
  return new Hono<AppEnv>()
    .get("/experiments/:name", async (c) => {
      const user = await requireUser(c);
      const variant = await memberVariant(ctx.db, { name: nameOf(c.req.param("name")), userId: user.id });
      return c.json<ExperimentAssignment>({ variant });
    })
    .post("/experiments/:name/exposure", async (c) => {
      const user = await requireUser(c);
      const variant = await recordExposure(ctx.db, { name: nameOf(c.req.param("name")), userId: user.id });
      return c.json<ExperimentAssignment>({ variant });
    });
}
