import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DiscussionGuideInput, DiscussionGuideResult } from "@shepherd/shared/series";
import { api } from "@/lib/api";
import { usageQuery } from "@/lib/subscription";

/** POST /api/series/guides: a session's discussion guide drafted for the editor (gathering_content, counted). */
export function draftGuide(input: DiscussionGuideInput) {
  return api<DiscussionGuideResult>("/api/series/guides", { body: input });
}

export function useDraftGuide() {
  const client = useQueryClient();
  return useMutation({ mutationFn: draftGuide, onSuccess: () => client.invalidateQueries({ queryKey: usageQuery.queryKey }) });
}
