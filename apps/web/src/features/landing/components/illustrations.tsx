import { Flame, Headphones } from "lucide-react";
import { cn } from "@/lib/cn";

/** Dawn over the pasture: hills, a path up them and a few sheep. Drawn here, so the page loads no picture. */
export function DawnOverPasture({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 480 320"
      className={cn("overflow-hidden rounded-[1.75rem]", className)}
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id="landing-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" className="[stop-color:var(--color-gold-300)] dark:[stop-color:var(--color-pasture-800)]" />
          <stop offset="1" className="[stop-color:var(--color-parchment)] dark:[stop-color:var(--color-stone-950)]" />
        </linearGradient>
      </defs>
      <rect width="480" height="320" rx="28" fill="url(#landing-sky)" />
      <circle cx="318" cy="132" r="46" className="fill-gold-400 dark:fill-gold-500" />
      <g className="stroke-gold-400 dark:stroke-gold-500" strokeWidth="4" strokeLinecap="round" opacity="0.6">
        <path d="M318 58v-20M264 80l-14-14M372 80l14-14M240 132h-20M396 132h20" />
      </g>
      <path d="M0 210C80 160 160 150 250 176s150 10 230-30v174H0Z" className="fill-pasture-200 dark:fill-pasture-700" />
      <path d="M0 248c90-40 190-52 290-26s140 6 190-14v112H0Z" className="fill-pasture-500 dark:fill-pasture-600" />
      <path d="M0 284c120-30 240-30 480-8v44H0Z" className="fill-pasture-700 dark:fill-pasture-800" />
      <path
        d="M214 320c10-30 54-40 62-62s-30-34-10-52 44-18 52-26"
        fill="none"
        className="stroke-parchment dark:stroke-stone-300"
        strokeWidth="10"
        strokeLinecap="round"
        opacity="0.85"
      />
      <Sheep x={92} y={232} />
      <Sheep x={140} y={246} />
      <Sheep x={380} y={238} flip />
    </svg>
  );
}

function Sheep({ x, y, flip = false }: { x: number; y: number; flip?: boolean }) {
  return (
    <g transform={`translate(${x} ${y}) scale(${flip ? -1 : 1} 1)`}>
      <ellipse cx="0" cy="0" rx="17" ry="11" className="fill-white dark:fill-stone-200" />
      <circle cx="-9" cy="-6" r="7" className="fill-white dark:fill-stone-200" />
      <circle cx="6" cy="-7" r="7" className="fill-white dark:fill-stone-200" />
      <ellipse cx="18" cy="-3" rx="6" ry="5" className="fill-stone-700 dark:fill-stone-800" />
      <path d="M-9 10v7M7 10v7" className="stroke-stone-700 dark:stroke-stone-800" strokeWidth="3" strokeLinecap="round" />
    </g>
  );
}

/**
 * A sketch of the Today screen as it is: the day's devotional (one of the three that ship with the app), Listen, Mark
 * Complete and the streak. One image for screen readers, described in words.
 */
export function TodaySketch({ className }: { className?: string }) {
  return (
    <div
      role="img"
      aria-label="A sketch of the Today screen: the devotional As for Me and My House on Joshua 24:15, with Listen and Mark Complete buttons and your streak"
      className={className}
    >
      <div className="mx-auto w-full max-w-xs rounded-[2rem] border-4 border-pasture-900 bg-parchment p-3 shadow-xl dark:border-stone-700 dark:bg-stone-900">
        <div className="mx-auto mb-3 h-1.5 w-16 rounded-full bg-pasture-900/20 dark:bg-stone-700" />
        <div className="space-y-3 rounded-2xl bg-white p-4 dark:bg-stone-950">
          <p className="text-[0.625rem] font-semibold uppercase tracking-wider text-pasture-700 dark:text-gold-300">
            Today · Leadership
          </p>
          <p className="font-serif text-lg leading-tight font-semibold text-pasture-900 dark:text-stone-50">
            As for Me and My House
          </p>
          <p className="text-xs font-semibold text-stone-700 dark:text-stone-300">Joshua 24:15</p>
          <p className="border-l-2 border-gold-400 pl-2 font-serif text-xs leading-snug text-stone-700 italic dark:text-stone-300">
            “…but as for me and my house, we will serve Yahweh.”
          </p>
          <div className="space-y-1.5">
            <span className="block h-1.5 w-full rounded bg-stone-200 dark:bg-stone-800" />
            <span className="block h-1.5 w-11/12 rounded bg-stone-200 dark:bg-stone-800" />
            <span className="block h-1.5 w-4/5 rounded bg-stone-200 dark:bg-stone-800" />
          </div>
          <div className="flex flex-wrap gap-2">
            <span className="inline-flex items-center gap-1 rounded-lg border border-stone-300 px-2 py-1 text-xs font-medium text-stone-800 dark:border-stone-700 dark:text-stone-100">
              <Headphones aria-hidden="true" className="h-3.5 w-3.5" />
              Listen
            </span>
            <span className="inline-flex items-center rounded-lg bg-pasture-700 px-2 py-1 text-xs font-medium text-white">
              Mark Complete
            </span>
          </div>
          <span className="inline-flex items-center gap-1 rounded-full bg-gold-300/60 px-3 py-1 text-xs font-semibold text-pasture-900 dark:bg-gold-300">
            <Flame aria-hidden="true" className="h-3.5 w-3.5" />
            Your streak
          </span>
        </div>
      </div>
    </div>
  );
}
