import { createHash } from "node:crypto";
import type { FocusThemeId } from "@shepherd/shared";
import { focusThemeLabel, FOCUS_THEME_IDS } from "@shepherd/shared";
import type { AiTextProvider, DevotionalDraft, DevotionalRequest, EncouragementRequest, SourceDay } from "./ai";
import { composeGuide } from "./guide-composer";
import { composeInsight } from "./insight-composer";
import type { ContentLibrary, LibraryDevotional } from "./library";
import { createPlanComposer, devotionalSourceDay } from "./plan-composer";

/** A stable number from a string, so the composer's choices are deterministic per user, date and variant. */
function hashNumber(input: string): number {
  return createHash("sha256").update(input).digest().readUInt32BE(0);
}

function toDraft(d: LibraryDevotional): DevotionalDraft {
  return {
    libraryId: d.id,
    title: d.title,
    passage: d.passage,
    body: d.body,
    reflection: d.reflection,
    prayer: d.prayer,
    theme: d.theme,
  };
}

/**
 * Chooses today's devotional from the library: a theme from the person's focus (rotating by date), preferring
 * devotionals that speak to their current topics, never one given in the last 30 days (by id or passage).
 * If every devotional of the focus themes was given recently, it widens to all themes, then to the least recent.
 */
export function chooseDevotional(library: LibraryDevotional[], request: DevotionalRequest): LibraryDevotional {
  const recentIds = new Set(request.recentLibraryIds);
  const recentPassages = new Set(request.recentPassages);
  const fresh = (d: LibraryDevotional) => !recentIds.has(d.id) && !recentPassages.has(d.passage);
  const focus: FocusThemeId[] = request.focus.length ? request.focus : [...FOCUS_THEME_IDS];
  const seed = `${request.userId}:${request.date}:${request.variant}`;
  const themeOrder = [...focus].sort((a, b) => hashNumber(`${seed}:${a}`) - hashNumber(`${seed}:${b}`));
  const rank = (candidates: LibraryDevotional[]) =>
    [...candidates].sort((a, b) => {
      const topical = (d: LibraryDevotional) => d.topics.filter((t) => request.currentTopics.includes(t)).length;
      return topical(b) - topical(a) || hashNumber(`${seed}:${a.id}`) - hashNumber(`${seed}:${b.id}`);
    });
  for (const theme of themeOrder) {
    const pick = rank(library.filter((d) => d.theme === theme && fresh(d)))[0];
    if (pick) return pick;
  }
  const anyFresh = rank(library.filter(fresh))[0];
  if (anyFresh) return anyFresh;
  // Everything was given in the last 30 days (a tiny library): take the one given longest ago.
  const order = request.recentLibraryIds;
  return [...library].sort((a, b) => order.lastIndexOf(a.id) - order.lastIndexOf(b.id))[0]!;
}

function fill(template: string, context: Record<string, unknown>): string {
  const focusAreas = Array.isArray(context.focusAreas) ? (context.focusAreas as string[]) : [];
  const values: Record<string, string> = {
    devotionalTitle:
      typeof context.devotionalTitle === "string" && context.devotionalTitle ? context.devotionalTitle : "today's reading",
    focusArea: focusAreas.length ? focusThemeLabel(focusAreas[0]!) : "the day ahead",
  };
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/**
 * The offline writer: devotionals and whispers from the library, a member's own plan built from the library's days
 * (`planDays`: the starter plans' days, with the devotionals; see plan-composer.ts), insights (insight-composer.ts) and
 * series discussion guides (guide-composer.ts).
 */
export function createComposer(library: ContentLibrary, planDays: SourceDay[] = []): AiTextProvider {
  const plans = createPlanComposer(
    [...planDays, ...library.devotionals.map((d, i) => devotionalSourceDay(d, i))],
    library.planComposer,
  );
  return {
    name: "composer",
    async composeDevotional(request) {
      return { draft: toDraft(chooseDevotional(library.devotionals, request)), tokensUsed: 0 };
    },
    async composeEncouragement(request: EncouragementRequest) {
      const messages = library.encouragement[request.triggerType];
      const template = messages[hashNumber(`${request.userId}:${request.seed}`) % messages.length]!;
      return { message: fill(template, request.context), tokensUsed: 0 };
    },
    async composePlanDay(request) {
      return { day: plans.composePlanDay(request), tokensUsed: 0 };
    },
    async composeInsight(request) {
      return { draft: composeInsight(request, library.insights), tokensUsed: 0, source: "composer" };
    },
    async composeGuide(request) {
      return { draft: composeGuide(request, library.guides), tokensUsed: 0, source: "composer" };
    },
  };
}

export function backupDevotional(library: ContentLibrary, index: number): DevotionalDraft {
  return toDraft(library.backups[index % library.backups.length]!);
}
