import { Clock, Loader2, Pause, Play } from "lucide-react";
import type { ReactNode, Ref } from "react";
import type { Devotional } from "@shepherd/shared/api";
import { focusThemeLabel } from "@shepherd/shared/themes";
import { ThemeArtwork } from "./theme-artwork";

export type ListenState = "idle" | "generating" | "playing" | "paused";

const LISTEN_LABEL: Record<ListenState, string> = {
  idle: "Listen",
  generating: "Generating...",
  playing: "Pause",
  paused: "Play",
};

/**
 * The top of Today: the day's picture (the devotional's own, or its theme's artwork), theme, title, reading time and a
 * large Listen button, which becomes the player's Play/Pause once the audio is ready, so focus stays where he pressed.
 */
export function TodayHero(props: {
  devotional: Devotional;
  minutes: number;
  listen: ListenState;
  onListen: () => void;
  listenRef?: Ref<HTMLButtonElement>;
  children?: ReactNode;
}) {
  const { devotional, listen } = props;
  return (
    <section
      aria-labelledby="devotional-title"
      className="overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm dark:border-stone-800 dark:bg-stone-900"
    >
      <div className="aspect-[2/1] max-h-72 w-full overflow-hidden bg-pasture-900">
        {devotional.image_url ? (
          <img
            src={devotional.image_url}
            alt=""
            className="h-full w-full object-cover"
            fetchPriority="high"
            data-testid="devotional-image"
          />
        ) : (
          <ThemeArtwork theme={devotional.theme} />
        )}
      </div>
      <div className="space-y-3 p-5">
        <p className="text-xs font-semibold tracking-wide text-pasture-700 uppercase dark:text-gold-300" data-testid="theme">
          {focusThemeLabel(devotional.theme)}
        </p>
        <h1 id="devotional-title" className="font-serif text-3xl leading-tight font-semibold text-pasture-900 dark:text-stone-50">
          {devotional.title}
        </h1>
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-stone-600 dark:text-stone-400">
          <Clock aria-hidden="true" className="h-4 w-4" />
          <span data-testid="reading-time">{props.minutes} min read</span>
          <span aria-hidden="true">·</span>
          <span>{devotional.passage}</span>
        </p>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 pt-1">
          <button
            ref={props.listenRef}
            type="button"
            onClick={props.onListen}
            aria-disabled={listen === "generating"}
            data-testid="hero-listen"
            className="inline-flex h-14 items-center gap-3 rounded-full bg-pasture-700 pr-6 pl-2 text-base font-semibold text-white shadow-md hover:bg-pasture-800 aria-disabled:cursor-progress aria-disabled:opacity-80 dark:bg-gold-400 dark:text-pasture-900 dark:hover:bg-gold-300"
          >
            <span
              aria-hidden="true"
              className="flex h-10 w-10 items-center justify-center rounded-full bg-white/15 dark:bg-pasture-900/10"
            >
              {listen === "generating" ? (
                <Loader2 className="h-5 w-5 animate-spin" />
              ) : listen === "playing" ? (
                <Pause className="h-5 w-5" />
              ) : (
                <Play className="h-5 w-5 translate-x-px" />
              )}
            </span>
            {LISTEN_LABEL[listen]}
          </button>
          {props.children}
        </div>
      </div>
    </section>
  );
}
