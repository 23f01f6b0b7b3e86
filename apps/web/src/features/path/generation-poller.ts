import {
  generationPollDecision,
  parseGenerationMarker,
  PLAN_GENERATION_MARKER_KEY,
  PLAN_POLL_INTERVAL_MS,
  PLAN_READY_TOAST_MS,
  type GenerationMarker,
} from "@shepherd/shared/plan-generation";

/**
 * Spec sections 3, 4 and 8, "Plan generation": while a plan is written a marker {planId, planTitle, startedAt} is kept
 * in browser storage. A poll runs at once and then every 5 seconds: a marker older than 5 minutes is removed with the
 * destructive toast "Generation taking longer than expected"; a plan with at least one day removes the marker, stops
 * the polling and shows "Your plan is ready!" for 10 seconds with "View Plan". A failed check is logged and retried.
 */

type MarkerStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** Said in this tab when it writes or removes the marker (the storage event only reaches other tabs). */
export const MARKER_CHANGED_EVENT = "shepherd:plan-generation";

export function readGenerationMarker(storage: MarkerStorage): GenerationMarker | null {
  return parseGenerationMarker(storage.getItem(PLAN_GENERATION_MARKER_KEY));
}

/** "Create my plan" answered: the marker the poller waits on, told to this tab's poller at once. */
export function writeGenerationMarker(storage: MarkerStorage, marker: GenerationMarker, events?: EventTarget): void {
  storage.setItem(PLAN_GENERATION_MARKER_KEY, JSON.stringify(marker));
  events?.dispatchEvent(new Event(MARKER_CHANGED_EVENT));
}

export interface GenerationToast {
  title: string;
  description: string;
  destructive: boolean;
  /** ms; the toaster's own when left out. */
  duration?: number;
  action?: { label: string; onClick: () => void };
}

export const READY_TITLE = "Your plan is ready!";
export const GIVE_UP_TITLE = "Generation taking longer than expected";
export const GIVE_UP_DESCRIPTION = "Check your plans page to see if your plan completed.";

export interface GenerationPollerDeps {
  storage: MarkerStorage;
  /** Whether the plan has a day yet (GET /api/path/plans/{id}/generation: first_day_id). Throws when the check fails. */
  hasDay: (planId: string) => Promise<boolean>;
  toast: (toast: GenerationToast) => void;
  /** "View Plan": /path/{planId}. */
  openPlan: (planId: string) => void;
  /** The plan is written (his plans reload). */
  onReady?: (marker: GenerationMarker) => void;
  now?: () => number;
  logError?: (message: string, error: unknown) => void;
}

export interface GenerationPoller {
  /** Reads the marker again and starts, keeps or stops polling to match it (mount, storage event, focus). */
  sync: () => void;
  dispose: () => void;
}

const markerId = (marker: GenerationMarker) => `${marker.planId}@${marker.startedAt}`;

export function createGenerationPoller(deps: GenerationPollerDeps): GenerationPoller {
  const now = deps.now ?? Date.now;
  const logError = deps.logError ?? ((message, error) => console.error(message, error));
  let timer: ReturnType<typeof setInterval> | null = null;
  let watching: string | null = null;
  const inFlight = new Set<string>();
  let disposed = false;

  const halt = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
    watching = null;
  };

  async function poll() {
    const marker = readGenerationMarker(deps.storage);
    if (!marker) return halt();
    const id = markerId(marker);
    // A slow answer is not overtaken by the next tick's question about the same plan.
    if (inFlight.has(id)) return;
    let hasDay: boolean | null = null;
    // Past the give-up time there is nothing to ask.
    if (generationPollDecision(marker, now(), null) !== "give_up") {
      inFlight.add(id);
      try {
        hasDay = await deps.hasDay(marker.planId);
      } catch (error) {
        logError("Checking the plan's generation failed; trying again", error);
        hasDay = null;
      } finally {
        inFlight.delete(id);
      }
    }
    if (disposed || watching !== id) return;
    // Another tab may have finished with this marker meanwhile.
    const current = readGenerationMarker(deps.storage);
    if (!current || markerId(current) !== id) return sync();
    const decision = generationPollDecision(marker, now(), hasDay);
    if (decision === "wait") return;
    deps.storage.removeItem(PLAN_GENERATION_MARKER_KEY);
    halt();
    if (decision === "give_up") {
      deps.toast({ title: GIVE_UP_TITLE, description: GIVE_UP_DESCRIPTION, destructive: true });
      return;
    }
    deps.onReady?.(marker);
    deps.toast({
      title: READY_TITLE,
      description: marker.planTitle,
      destructive: false,
      duration: PLAN_READY_TOAST_MS,
      action: { label: "View Plan", onClick: () => deps.openPlan(marker.planId) },
    });
  }

  function sync() {
    if (disposed) return;
    const marker = readGenerationMarker(deps.storage);
    const id = marker ? markerId(marker) : null;
    if (id === watching) return;
    halt();
    if (!id) return;
    watching = id;
    timer = setInterval(() => void poll(), PLAN_POLL_INTERVAL_MS);
    void poll();
  }

  return {
    sync,
    dispose() {
      disposed = true;
      halt();
    },
  };
}
