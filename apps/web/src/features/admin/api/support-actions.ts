import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminSupportReply, AdminSupportThread } from "@shepherd/shared/admin";
import type { SupportStatus } from "@shepherd/shared/support";
import { api } from "@/lib/api";
import { adminKeys } from "./keys";

/** POST /api/admin/support/:id/reply: the reply is kept in the thread and mailed to the member. */
export function replyToSupport(input: { id: string; body: string; status: SupportStatus }) {
  return api<AdminSupportReply>(`/api/admin/support/${input.id}/reply`, { body: { body: input.body, status: input.status } });
}

/** POST /api/admin/support/:id/status: open, waiting or closed. */
export function setSupportStatus(input: { id: string; status: SupportStatus }) {
  return api<AdminSupportThread>(`/api/admin/support/${input.id}/status`, { body: { status: input.status } });
}

export function useReplyToSupport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: replyToSupport,
    onSuccess: (result) => client.setQueryData(adminKeys.supportThread(result.thread.request.id), result.thread),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.support }),
  });
}

export function useSetSupportStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setSupportStatus,
    onSuccess: (thread) => client.setQueryData(adminKeys.supportThread(thread.request.id), thread),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.support }),
  });
}
