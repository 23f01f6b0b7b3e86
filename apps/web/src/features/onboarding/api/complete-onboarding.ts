import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { writeOnboardingFlag } from "@/lib/onboarding-flag";
import { meQuery } from "@/lib/session";

/** POST /api/onboarding/complete: sets onboarding_completed_at. */
export function completeOnboarding() {
  return api("/api/onboarding/complete", { body: {} });
}

/** Once the server knows, this browser does too (spec section 3: the onboardingComplete flag). */
export function useCompleteOnboarding() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: completeOnboarding,
    onSuccess: async () => {
      writeOnboardingFlag(true);
      await client.invalidateQueries({ queryKey: meQuery.queryKey });
    },
  });
}
