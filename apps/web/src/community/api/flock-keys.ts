/** A flock's caches: My Flock's, and who is in his flock for The Path's plans with the flock. */
export const flockKeys = {
  /** GET /api/flocks (my flocks and invitations; matched exactly), and the root of every flock's own caches. */
  all: ["flocks"] as const,
  detail: (flockId: string) => [...flockKeys.all, flockId] as const,
  reflections: (flockId: string) => [...flockKeys.detail(flockId), "reflections"] as const,
  /** One reflection on its own (a notification's link), outside the feed pages. */
  reflection: (flockId: string, reflectionId: string) => [...flockKeys.detail(flockId), "reflection", reflectionId] as const,
  reflectionComments: (reflectionId: string) => ["reflections", reflectionId, "comments"] as const,
  invitePreview: (code: string) => ["flock-invites", code] as const,
};
