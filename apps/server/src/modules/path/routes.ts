import { Hono, type Context } from "hono";
import {
  builderPlanInput,
  builderStartInput,
  customPlanBrief,
  enrollInput,
  planDayAudioInput,
  planDayCompleteInput,
  planDayJournalInput,
  planDayQuery,
  planListQuery,
  commentInput,
  startTogetherInput,
  togetherQuery,
} from "@shepherd/shared";
import { isAdmin, requireUser } from "../../auth/middleware";
import type { AppContext, AppEnv } from "../../context";
import { AppError } from "../../errors";
import { readJson, readQuery, UUID_PARAM } from "../../http/validate";
import { generateTextAudio } from "../audio/service";
import { createComment, deleteComment, listComments, updateComment } from "../community/comments";
import { planDayThread } from "../community/threads";
import { writeJournalEntry } from "../journal/service";
import { deleteOwnPlan, discardChanges, getBuilderPlan, publishPlan, saveDraft, startDraft } from "./builder";
import { getPlanDay, planDayJournalContext, planDaySpeech } from "./days";
import { createCustomPlan, generationState, retryGeneration } from "./generation";
import { changeSchedule, completeDay, followPlan, leavePlan, uncompleteDay } from "./following";
import { getPlan, listPlans, myPlans, onboardingPlans } from "./service";
import { getGroup, joinGroup, leaveGroup, myGroups, openDiscussion, startTogether } from "./together";

const PLAN = `/path/plans/:planId${UUID_PARAM}`;
const BUILDER = `/path/builder/:planId${UUID_PARAM}`;
const GROUP = `/path/together/:groupId${UUID_PARAM}`;
const DAY = `${PLAN}/days/:day{[0-9]{1,3}}`;

/** The day number in the path: 1 or more (a plan has at most a few hundred days). */
function dayNumber(c: Context<AppEnv>): number {
  const day = Number(c.req.param("day"));
  if (!Number.isInteger(day) || day < 1) throw new AppError("NOT_FOUND", "Days are numbered from 1.");
  return day;
}

/** The Path's API (docs/path.md). Every route is the signed-in member's own: his plans, his days, his progress. */
export function pathRoutes(ctx: AppContext) {
  return (
    new Hono<AppEnv>()
      .get("/path", async (c) => {
        const user = await requireUser(c);
        return c.json(await myPlans(ctx.db, { userId: user.id, kept: ctx.memberRows }));
      })
      .get("/path/plans", async (c) => {
        const user = await requireUser(c);
        const query = readQuery(c, planListQuery);
        return c.json(await listPlans(ctx.db, { userId: user.id, ...query, kept: ctx.memberRows }));
      })
      .get("/path/onboarding-plans", async (c) => {
        const user = await requireUser(c);
        return c.json(await onboardingPlans(ctx.db, { userId: user.id }));
      })
      // A plan of his own, written in the background (Premium): answers at once with the plan, for the browser's marker.
      .post("/path/custom-plans", async (c) => {
        const user = await requireUser(c);
        const brief = await readJson(c, customPlanBrief);
        return c.json(await createCustomPlan(ctx, { userId: user.id, brief }), 201);
      })
      .get(`${PLAN}/generation`, async (c) => {
        const user = await requireUser(c);
        return c.json(await generationState(ctx.db, { userId: user.id, planId: c.req.param("planId") }));
      })
      .post(`${PLAN}/generation/retry`, async (c) => {
        const user = await requireUser(c);
        return c.json(await retryGeneration(ctx, { userId: user.id, planId: c.req.param("planId") }));
      })
      // The builder (Premium): his working copy of a plan, saved as a draft, published to be followed.
      .post("/path/builder", async (c) => {
        const user = await requireUser(c);
        const from = await readJson(c, builderStartInput);
        return c.json(await startDraft(ctx.db, { userId: user.id, from }), 201);
      })
      .get(BUILDER, async (c) => {
        const user = await requireUser(c);
        return c.json(await getBuilderPlan(ctx.db, { userId: user.id, planId: c.req.param("planId") }));
      })
      .put(BUILDER, async (c) => {
        const user = await requireUser(c);
        const plan = await readJson(c, builderPlanInput);
        return c.json(await saveDraft(ctx.db, { userId: user.id, planId: c.req.param("planId"), plan }));
      })
      .post(`${BUILDER}/publish`, async (c) => {
        const user = await requireUser(c);
        return c.json(await publishPlan(ctx.db, { userId: user.id, planId: c.req.param("planId") }));
      })
      .post(`${BUILDER}/discard`, async (c) => {
        const user = await requireUser(c);
        return c.json(await discardChanges(ctx.db, { userId: user.id, planId: c.req.param("planId") }));
      })
      .delete(PLAN, async (c) => {
        const user = await requireUser(c);
        await deleteOwnPlan(ctx.db, ctx.storage, { userId: user.id, planId: c.req.param("planId") });
        return c.json({ deleted: true });
      })
      // Plans with the flock: start one together, join, leave, each member's days, each day's discussion.
      .post(`${PLAN}/together`, async (c) => {
        const user = await requireUser(c);
        const { flock_id, member_ids } = await readJson(c, startTogetherInput);
        return c.json(
          await startTogether(ctx.db, {
            userId: user.id,
            planId: c.req.param("planId"),
            flockId: flock_id,
            memberIds: member_ids,
          }),
          201,
        );
      })
      .get("/path/together", async (c) => {
        const user = await requireUser(c);
        const { plan_id } = readQuery(c, togetherQuery);
        return c.json(await myGroups(ctx.db, { userId: user.id, planId: plan_id }));
      })
      .get(GROUP, async (c) => {
        const user = await requireUser(c);
        return c.json(await getGroup(ctx.db, { userId: user.id, groupId: c.req.param("groupId") }));
      })
      .post(`${GROUP}/join`, async (c) => {
        const user = await requireUser(c);
        return c.json(await joinGroup(ctx.db, { userId: user.id, groupId: c.req.param("groupId") }));
      })
      .delete(`${GROUP}/membership`, async (c) => {
        const user = await requireUser(c);
        await leaveGroup(ctx.db, { userId: user.id, groupId: c.req.param("groupId") });
        return c.json({ left: true });
      })
      .get(`${GROUP}/days/:day{[0-9]{1,3}}/comments`, async (c) => {
        const user = await requireUser(c);
        const parentId = await openDiscussion(ctx.db, {
          userId: user.id,
          groupId: c.req.param("groupId"),
          dayNumber: dayNumber(c),
        });
        return c.json(await listComments(ctx.db, planDayThread, { parentId, userId: user.id, isAdmin: isAdmin(user) }));
      })
      .post(`${GROUP}/days/:day{[0-9]{1,3}}/comments`, async (c) => {
        const user = await requireUser(c);
        const { body } = await readJson(c, commentInput);
        const parentId = await openDiscussion(ctx.db, {
          userId: user.id,
          groupId: c.req.param("groupId"),
          dayNumber: dayNumber(c),
        });
        return c.json(await createComment(ctx.db, planDayThread, { parentId, userId: user.id, body }), 201);
      })
      .patch(`/path/day-comments/:id${UUID_PARAM}`, async (c) => {
        const user = await requireUser(c);
        const { body } = await readJson(c, commentInput);
        return c.json(await updateComment(ctx.db, planDayThread, { commentId: c.req.param("id"), userId: user.id, body }));
      })
      .delete(`/path/day-comments/:id${UUID_PARAM}`, async (c) => {
        const user = await requireUser(c);
        await deleteComment(ctx.db, planDayThread, { commentId: c.req.param("id"), userId: user.id });
        return c.json({ deleted: true });
      })
      .get(PLAN, async (c) => {
        const user = await requireUser(c);
        return c.json(await getPlan(ctx.db, { userId: user.id, planId: c.req.param("planId"), kept: ctx.memberRows }));
      })
      .post(`${PLAN}/follow`, async (c) => {
        const user = await requireUser(c);
        const { start_date } = await readJson(c, enrollInput);
        return c.json(await followPlan(ctx.db, { userId: user.id, planId: c.req.param("planId"), startDate: start_date }), 201);
      })
      .delete(`${PLAN}/follow`, async (c) => {
        const user = await requireUser(c);
        await leavePlan(ctx.db, { userId: user.id, planId: c.req.param("planId") });
        return c.json({ left: true });
      })
      .post(`${PLAN}/:change{pause|resume|restart|reset-schedule}`, async (c) => {
        const user = await requireUser(c);
        const change =
          c.req.param("change") === "reset-schedule" ? "reset" : (c.req.param("change") as "pause" | "resume" | "restart");
        return c.json(await changeSchedule(ctx.db, { userId: user.id, planId: c.req.param("planId"), change }));
      })
      .get(DAY, async (c) => {
        const user = await requireUser(c);
        const { translation } = readQuery(c, planDayQuery);
        return c.json(
          await getPlanDay(ctx.db, { userId: user.id, planId: c.req.param("planId"), dayNumber: dayNumber(c), translation }),
        );
      })
      .post(`${DAY}/complete`, async (c) => {
        const user = await requireUser(c);
        // The body is optional: `made_on` comes only with a day marked offline (issue 18).
        const { made_on } = c.req.header("content-type") ? await readJson(c, planDayCompleteInput) : {};
        return c.json(
          await completeDay(ctx.db, {
            userId: user.id,
            planId: c.req.param("planId"),
            dayNumber: dayNumber(c),
            madeOn: made_on,
          }),
        );
      })
      .delete(`${DAY}/complete`, async (c) => {
        const user = await requireUser(c);
        return c.json(await uncompleteDay(ctx.db, { userId: user.id, planId: c.req.param("planId"), dayNumber: dayNumber(c) }));
      })
      .post(`${DAY}/journal`, async (c) => {
        const user = await requireUser(c);
        const { content } = await readJson(c, planDayJournalInput);
        const planDay = await planDayJournalContext(ctx.db, {
          userId: user.id,
          planId: c.req.param("planId"),
          dayNumber: dayNumber(c),
        });
        return c.json(await writeJournalEntry(ctx, { userId: user.id, content, planDay }), 201);
      })
      // Listen to a day: the Today issue's speech provider and audio cap, cached per person, day and translation.
      .post(`${DAY}/audio`, async (c) => {
        const user = await requireUser(c);
        const { translation } = await readJson(c, planDayAudioInput);
        const speech = await planDaySpeech(ctx.db, {
          userId: user.id,
          planId: c.req.param("planId"),
          dayNumber: dayNumber(c),
          translation,
        });
        const { audioUrl } = await generateTextAudio({
          db: ctx.db,
          storage: ctx.storage,
          speech: ctx.speech,
          log: ctx.log,
          userId: user.id,
          text: speech.text,
          voice: "onyx",
          cacheKey: `plan-day-${speech.dayId}-${speech.translation}`,
        });
        return c.json({ audioUrl });
      })
  );
}
