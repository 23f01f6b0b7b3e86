import { queryOptions, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { Me } from "@shepherd/shared/api";
import { AUTH_TOKEN_CHECK_MS } from "@shepherd/shared/constants";
import { api, ApiError } from "./api";
import { writeOnboardingFlag } from "./onboarding-flag";
import { readSignedInHint, writeSignedInHint } from "./signed-in-hint";
import { forgetThisBrowserPush } from "./pwa/push";
import { forgetMemberData } from "./pwa/worker";

/** Shared by every area: who is signed in (Better Auth session) and their profile (/api/me). */

export interface AuthSession {
  session: { id: string; expiresAt: string; updatedAt: string };
  user: { id: string; email: string; name: string };
}

export const sessionQuery = queryOptions({
  queryKey: ["session"],
  queryFn: () => api<AuthSession | null>("/api/auth/get-session"),
  staleTime: 60_000,
});

async function fetchMe(): Promise<Me | null> {
  try {
    return await api<Me>("/api/me");
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const meQuery = queryOptions({
  queryKey: ["me"],
  // Asked only with a session: a visitor's first load makes no request that answers 401 (and logs an error).
  // A browser that was signed in (the hint) asks for both at once; the session's answer still decides.
  queryFn: async ({ client }) => {
    const early = readSignedInHint() ? fetchMe() : null;
    early?.catch(() => undefined);
    if (!(await client.fetchQuery(sessionQuery))) {
      writeSignedInHint(false);
      return null;
    }
    const me = await (early ?? fetchMe());
    writeSignedInHint(me !== null);
    return me;
  },
  staleTime: 30_000,
});

export function useSession() {
  return useQuery(sessionQuery);
}

export function useMe() {
  return useQuery(meQuery);
}

/** Refresh the session when it is within a day of its refresh point. */
const REFRESH_WINDOW_MS = 24 * 60 * 60 * 1000;

export function sessionNeedsRefresh(session: AuthSession, now = Date.now()): boolean {
  const expires = Date.parse(session.session.expiresAt);
  const updated = Date.parse(session.session.updatedAt);
  return expires - now < REFRESH_WINDOW_MS || now - updated > REFRESH_WINDOW_MS;
}

/**
 * Spec section 4: a check every 30 s refreshes the session when close to expiry; it pauses while the tab is
 * hidden and resumes when visible. Failures are only logged (likely transient).
 */
export function useSessionKeeper() {
  const client = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined;
    const tick = async () => {
      const current = client.getQueryData(sessionQuery.queryKey);
      if (!current || !sessionNeedsRefresh(current)) return;
      try {
        await client.fetchQuery({ ...sessionQuery, staleTime: 0 });
      } catch (error) {
        console.warn("session refresh failed", error);
      }
    };
    const start = () => {
      if (timer === undefined) timer = setInterval(() => void tick(), AUTH_TOKEN_CHECK_MS);
    };
    const stop = () => {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
    };
    const onVisibility = () => {
      if (document.visibilityState === "visible") {
        void tick();
        start();
      } else stop();
    };
    if (document.visibilityState === "visible") start();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      stop();
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [client]);
}

/** Signs out, forgets the onboarding flag, every cached query, his pushes here and what the service worker kept for him. */
export async function signOut(client: QueryClient) {
  // While still signed in, so the server forgets this browser's push subscription at once.
  await forgetThisBrowserPush();
  await api("/api/auth/sign-out", { body: {} });
  writeOnboardingFlag(false);
  writeSignedInHint(false);
  client.clear();
  await forgetMemberData();
}
