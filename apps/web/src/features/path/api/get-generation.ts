import type { GenerationState } from "@shepherd/shared/path";
import { api } from "@/lib/api";

/**
 * GET /api/path/plans/{id}/generation: how far the writing of my plan got. The generation poller asks it every 5
 * seconds (first_day_id: has the plan a day yet?); pages read the same progress from the plan itself.
 */
export function getGenerationState(planId: string, signal?: AbortSignal) {
  return api<GenerationState>(`/api/path/plans/${planId}/generation`, { signal });
}
