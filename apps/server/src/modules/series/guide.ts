import type { DiscussionGuideInput, DiscussionGuideResult } from "@shepherd/shared";
import { BibleReferenceError } from "../../bible/references";
import { resolveWebReference } from "../../bible/passages";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import type { AiTextProvider } from "../../providers/ai/ai";
import { refuseAccess, checkAccess, withAccess } from "../access/service";

/**
 * A discussion guide for one session of a member's own series, drafted through the AI provider (gathering_content:
 * Premium only, counted in monthly_usage_limits.gathering_content_generations through the access check; a free
 * member's cap is 0). The offline composer drafts from content/discussion-guides.json; with AI_BASE_URL set, the model
 * writes it, checked, with the composer as fallback. Nothing is saved: the editor puts the draft in the session's
 * fields for the leader to change.
 */
export async function draftGuide(
  deps: { db: Database; ai: AiTextProvider },
  options: { userId: string; input: DiscussionGuideInput },
): Promise<DiscussionGuideResult> {
  const { db, ai } = deps;
  const { input } = options;
  let passage: string;
  try {
    passage = resolveWebReference(input.passage).display;
  } catch (error) {
    if (error instanceof BibleReferenceError) throw new AppError("BAD_REQUEST", error.message);
    throw error;
  }
  // Refuse before a model writes (and spends tokens on) a guide the cap would throw away.
  const access = await checkAccess(db, { userId: options.userId, feature: "gathering_content" });
  if (!access.allowed) throw await refuseAccess(db, options.userId, access);
  const { draft, tokensUsed, source } = await ai.composeGuide({
    userId: options.userId,
    title: input.title,
    passage,
    theme: input.theme,
    notes: input.notes,
  });
  const counted = await withAccess(
    db,
    { userId: options.userId, feature: "gathering_content", tokens: tokensUsed },
    async () => undefined,
  );
  return { guide: draft, source, usage: counted.access.usage };
}
