import { CheckCircle2, Sparkles } from "lucide-react";
import type { Ref } from "react";
import { WaitingToSync } from "@/components/offline/waiting-to-sync";
import { Button } from "@/components/ui/button";
import { progressSummary, type MorningProgress } from "../steps";

/**
 * Mark Complete, always within reach: on a phone a bar fixed just above the tab bar (and above the audio player when
 * it is open: the shell's --shell-tab-bar-height plus --today-player), on a laptop a bar that sticks to the bottom of
 * the devotional's column. Once complete it says so and opens the completion moment again.
 */
export function ActionBar(props: {
  completed: boolean;
  /** Marked complete offline: kept on the device until it syncs. */
  waiting?: boolean;
  pending: boolean;
  progress: MorningProgress;
  onComplete: () => void;
  onWhatsNext: () => void;
  onPrefetch: () => void;
  whatsNextRef?: Ref<HTMLButtonElement>;
  ref?: Ref<HTMLDivElement>;
}) {
  return (
    <div
      ref={props.ref}
      role="region"
      aria-label="Today's devotional"
      data-testid="action-bar"
      className="fixed inset-x-0 bottom-[calc(var(--shell-tab-bar-height,4rem)+var(--today-player,0px))] z-20 border-t border-stone-200 bg-white/95 px-4 py-2.5 shadow-[0_-4px_12px_rgba(0,0,0,0.06)] backdrop-blur lg:sticky lg:inset-x-auto lg:bottom-[calc(var(--shell-tab-bar-height,0px)+var(--today-player,0px)+0.75rem)] lg:rounded-2xl lg:border dark:border-stone-800 dark:bg-stone-950/95"
    >
      <div className="mx-auto flex max-w-3xl items-center justify-between gap-3">
        {props.completed ? (
          <>
            <p className="inline-flex min-w-0 items-center gap-1.5 text-sm font-medium text-pasture-700 dark:text-gold-300">
              <CheckCircle2 aria-hidden="true" className="h-5 w-5" /> Completed today
              {props.waiting ? <WaitingToSync className="ml-1" /> : null}
            </p>
            <Button
              ref={props.whatsNextRef}
              variant="secondary"
              className="shrink-0 whitespace-nowrap"
              onClick={props.onWhatsNext}
            >
              <Sparkles aria-hidden="true" className="h-4 w-4" />
              What's next
            </Button>
          </>
        ) : (
          <>
            <p className="min-w-0 text-xs text-stone-600 dark:text-stone-400">{progressSummary(props.progress)}</p>
            <Button
              size="lg"
              className="shrink-0 whitespace-nowrap"
              aria-disabled={props.pending}
              onClick={props.onComplete}
              onPointerEnter={props.onPrefetch}
              onFocus={props.onPrefetch}
            >
              <CheckCircle2 aria-hidden="true" className="h-5 w-5" />
              Mark Complete
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
