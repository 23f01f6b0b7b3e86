import { sql } from "drizzle-orm";
import { CAP_HIT_ACTION, type AdminFeatures, type AdminRange } from "@shepherd/shared";
import type { Executor } from "../../db/client";
import { countsByDay, rangeDays, utcDay } from "./days";

/**
 * Admin Features: how each part of Shepherd is used over the range (the last 7, 30 or 90 UTC days), from
 * activity_events (page views by the route's first segment, named actions by name, cap hits by feature) and ai_usage
 * (tokens and audio minutes by day, calls and tokens by feature). Each query filters an indexed created_at.
 */
export async function featureUse(db: Executor, range: AdminRange, now = new Date()): Promise<AdminFeatures> {
  const { from, days } = rangeDays(range, now);
  const [views, actions, capHits, tokens, audioSeconds, byFeature] = await Promise.all([
    db.execute<{ feature: string; views: number; members: number }>(sql`
      select coalesce(nullif(split_part(page_route, '/', 2), ''), 'today') as feature,
        count(*)::int as views, count(distinct user_id)::int as members
      from activity_events where created_at >= ${from} and action_type = 'page_view'
      group by 1 order by 2 desc, 1`),
    db.execute<{ action: string; count: number; members: number }>(sql`
      select action_type as action, count(*)::int as count, count(distinct user_id)::int as members
      from activity_events where created_at >= ${from} and action_type not in ('page_view', ${CAP_HIT_ACTION})
      group by 1 order by 2 desc, 1`),
    db.execute<{ feature: string; limit_reached: number; premium_only: number; members: number }>(sql`
      select coalesce(metadata->>'feature', 'unknown') as feature,
        count(*) filter (where metadata->>'reason' = 'limit_reached')::int as limit_reached,
        count(*) filter (where metadata->>'reason' = 'premium_only')::int as premium_only,
        count(distinct user_id)::int as members
      from activity_events where created_at >= ${from} and action_type = ${CAP_HIT_ACTION}
      group by 1 order by 2 desc, 3 desc, 1`),
    countsByDay(
      db,
      sql`select ${utcDay(sql`created_at`)} as day, coalesce(sum(tokens_used), 0)::int as n
          from ai_usage where created_at >= ${from} group by 1`,
      days,
    ),
    countsByDay(
      db,
      sql`select ${utcDay(sql`created_at`)} as day, coalesce(sum(audio_seconds), 0)::int as n
          from ai_usage where created_at >= ${from} and audio_seconds is not null group by 1`,
      days,
    ),
    db.execute<{ feature: string; calls: number; tokens: number }>(sql`
      select feature_type as feature, count(*)::int as calls, coalesce(sum(tokens_used), 0)::int as tokens
      from ai_usage where created_at >= ${from} group by 1 order by 2 desc, 1`),
  ]);
  return {
    range,
    days,
    page_views: views.rows.map((r) => ({ feature: r.feature, views: Number(r.views), members: Number(r.members) })),
    actions: actions.rows.map((r) => ({ action: r.action, count: Number(r.count), members: Number(r.members) })),
    cap_hits: capHits.rows.map((r) => ({
      feature: r.feature,
      limit_reached: Number(r.limit_reached),
      premium_only: Number(r.premium_only),
      members: Number(r.members),
    })),
    ai: {
      tokens_by_day: tokens,
      // Minutes to one decimal: a devotional's audio is two or three minutes.
      audio_minutes_by_day: audioSeconds.map((s) => Math.round(s / 6) / 10),
      by_feature: byFeature.rows.map((r) => ({ feature: r.feature, calls: Number(r.calls), tokens: Number(r.tokens) })),
    },
  };
}
