import { CheckCircle2, Lock, Users } from "lucide-react";
import { Link } from "react-router";
import type { SeriesSummary } from "@shepherd/shared/series";
import { focusThemeLabel } from "@shepherd/shared/themes";
import { PlanCover } from "@/components/path/plan-cover";
import { Card } from "@/components/ui/card";
import { ProgressBar } from "@/components/ui/progress-bar";

export const seriesPath = (seriesId: string) => `/pasture/library/${seriesId}`;
export const sessionPath = (seriesId: string, sessionId: string) => `/pasture/library/${seriesId}/sessions/${sessionId}`;

/** "Session 2 of 4: Confession That Heals", "All 4 sessions done": where I stand in a series I follow. */
export function standing(series: SeriesSummary): string {
  const p = series.progress;
  if (!p) return `${series.session_count} sessions`;
  if (!p.next_session) return `All ${series.session_count} sessions done`;
  return `Next: session ${p.next_session.position} of ${series.session_count}, ${p.next_session.title}`;
}

/** A series in the library: its cover, theme, title, promise and length; a mark when I follow it, or it is mine. */
export function SeriesCard({ series }: { series: SeriesSummary }) {
  return (
    <Card className="flex h-full flex-col p-4">
      <Link
        to={seriesPath(series.id)}
        className="flex flex-1 flex-wrap gap-4 rounded-xl focus-visible:outline-2 focus-visible:outline-offset-4"
      >
        <PlanCover theme={series.theme} imageUrl={series.image_url} size="md" />
        <div className="min-w-0 flex-1 basis-32 space-y-1">
          <p className="text-xs font-medium tracking-wide text-stone-600 uppercase dark:text-stone-400">
            {focusThemeLabel(series.theme)}
          </p>
          <h3 className="font-semibold text-pasture-900 dark:text-stone-50">{series.title}</h3>
          <p className="text-sm text-stone-700 dark:text-stone-300">{series.promise}</p>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 pt-1 text-xs text-stone-600 dark:text-stone-400">
            <span>{series.session_count} sessions</span>
            {series.mine ? <span className="font-semibold text-pasture-700 dark:text-gold-300">Yours</span> : null}
            {series.flock ? (
              <span className="inline-flex items-center gap-1">
                <Users aria-hidden="true" className="h-3.5 w-3.5" />
                Shared with {series.flock.name}
              </span>
            ) : null}
            {series.progress ? (
              <span className="font-semibold text-pasture-700 dark:text-gold-300">
                {series.progress.next_session ? "Following" : "Finished"}
              </span>
            ) : null}
          </p>
        </div>
      </Link>
    </Card>
  );
}

/** A series I follow: the next session (a link straight to it), and the progress bar. */
export function FollowedSeriesCard({ series }: { series: SeriesSummary }) {
  const p = series.progress;
  const next = p?.next_session;
  return (
    <Card className="space-y-3 p-4">
      <Link
        to={next ? sessionPath(series.id, next.id) : seriesPath(series.id)}
        className="flex flex-wrap items-center gap-4 rounded-xl focus-visible:outline-2 focus-visible:outline-offset-4"
      >
        <PlanCover theme={series.theme} imageUrl={series.image_url} size="sm" />
        <div className="min-w-0 flex-1 basis-32 space-y-1">
          <h3 className="font-semibold text-pasture-900 dark:text-stone-50">{series.title}</h3>
          <p className="flex items-center gap-1.5 text-sm text-stone-700 dark:text-stone-300">
            {next ? null : <CheckCircle2 aria-hidden="true" className="h-4 w-4 text-pasture-700" />}
            <span>{standing(series)}</span>
          </p>
        </div>
      </Link>
      {p ? <ProgressBar percent={p.percent} label={`${series.title}: ${p.percent}% done`} /> : null}
    </Card>
  );
}

/** The small lock beside a session a free member cannot open yet. */
export function LockedMark() {
  return (
    <span className="inline-flex items-center gap-1 text-xs font-medium text-stone-700 dark:text-gold-300">
      <Lock aria-hidden="true" className="h-3.5 w-3.5 text-gold-600 dark:text-gold-300" />
      Premium
    </span>
  );
}
