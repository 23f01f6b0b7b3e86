/** One flock's page: /flock stays My Flock (where reflection notifications lead), the query picks the flock. */
export const flockPath = (flockId: string) => `/flock?f=${flockId}`;
