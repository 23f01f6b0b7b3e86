import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { writeOnboardingFlag } from "@/lib/onboarding-flag";
import { sessionQuery } from "@/lib/session";
import { writeSignedInHint } from "@/lib/signed-in-hint";

/** DELETE /api/account with the typed confirmation: the account and everything in it, for good. */
export function deleteAccount(confirm: string) {
  return api("/api/account", { method: "DELETE", body: { confirm } });
}

/** Once deleted, this browser forgets him: the onboarding flag, the signed-in hint, the session and every cached answer. */
export function useDeleteAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      writeOnboardingFlag(false);
      writeSignedInHint(false);
      client.setQueryData(sessionQuery.queryKey, null);
      client.clear();
    },
  });
}
