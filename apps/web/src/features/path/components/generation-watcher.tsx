import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { PLAN_GENERATION_MARKER_KEY } from "@shepherd/shared/plan-generation";
import { pathChanged } from "@/lib/path";
import { notify, notifyError } from "@/lib/toast";
import { getGenerationState } from "../api/get-generation";
import { createGenerationPoller, MARKER_CHANGED_EVENT, type GenerationToast } from "../generation-poller";

function showToast(toast: GenerationToast) {
  if (toast.destructive) notifyError(toast.title, toast.description);
  else notify(toast.title, toast.description, { duration: toast.duration, action: toast.action });
}

/**
 * Mounted once in the signed-in app shell: waits for a plan being written, whichever page he is on. Picks up a marker
 * written in this tab ("Create my plan"), in another tab (the storage event), or before he signed in (on mount, and
 * again whenever the tab regains focus).
 */
export function GenerationWatcher() {
  const client = useQueryClient();
  const navigate = useNavigate();
  // The poller outlives page changes; navigate's identity does not.
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);

  useEffect(() => {
    const poller = createGenerationPoller({
      storage: window.localStorage,
      hasDay: async (planId) => (await getGenerationState(planId)).first_day_id !== null,
      toast: showToast,
      openPlan: (planId) => void navigateRef.current(`/path/${planId}`),
      onReady: () => void pathChanged(client),
    });
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === PLAN_GENERATION_MARKER_KEY) poller.sync();
    };
    const onVisible = () => {
      if (document.visibilityState === "visible") poller.sync();
    };
    poller.sync();
    window.addEventListener("storage", onStorage);
    window.addEventListener(MARKER_CHANGED_EVENT, poller.sync);
    window.addEventListener("focus", poller.sync);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.removeEventListener("storage", onStorage);
      window.removeEventListener(MARKER_CHANGED_EVENT, poller.sync);
      window.removeEventListener("focus", poller.sync);
      document.removeEventListener("visibilitychange", onVisible);
      poller.dispose();
    };
  }, [client]);

  return null;
}
