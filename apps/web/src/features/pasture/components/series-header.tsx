import { ArrowLeft, Users } from "lucide-react";
import { Link } from "react-router";
import type { SeriesSummary } from "@shepherd/shared/series";
import { focusThemeLabel } from "@shepherd/shared/themes";
import { PlanCover } from "@/components/path/plan-cover";

/** The top of a series' page: its cover (the theme's colour and symbol), theme, title, promise, description, length. */
export function SeriesHeader({ series }: { series: SeriesSummary }) {
  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <PlanCover theme={series.theme} imageUrl={series.image_url} size="lg" />
      <div className="min-w-0 space-y-2">
        <p className="text-xs font-medium tracking-wide text-stone-600 uppercase dark:text-stone-400">
          {focusThemeLabel(series.theme)} · Series
        </p>
        <h1
          tabIndex={-1}
          className="font-serif text-2xl font-semibold break-words text-pasture-900 sm:text-3xl dark:text-stone-50"
        >
          {series.title}
        </h1>
        <p className="text-lg text-stone-800 dark:text-stone-200">{series.promise}</p>
        <p className="whitespace-pre-line text-stone-700 dark:text-stone-300">{series.description}</p>
        <p className="flex flex-wrap items-center gap-3 text-sm text-stone-600 dark:text-stone-400">
          <span>{series.session_count} sessions</span>
          {series.mine ? <span className="font-semibold text-pasture-700 dark:text-gold-300">Made by you</span> : null}
          {series.flock ? (
            <span className="inline-flex items-center gap-1">
              <Users aria-hidden="true" className="h-4 w-4" />
              Shared with {series.flock.name}
            </span>
          ) : null}
        </p>
      </div>
    </header>
  );
}

/** The way back to the library from a series, a session or the editor. */
export function BackToLibrary() {
  return (
    <Link
      to="/pasture/library"
      className="inline-flex items-center gap-1 text-sm font-medium text-pasture-700 hover:underline dark:text-gold-300"
    >
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      Series Library
    </Link>
  );
}
