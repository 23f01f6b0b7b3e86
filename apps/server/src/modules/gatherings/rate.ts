/**
 * What one socket may send (relay.ts): a token bucket of `capacity` messages refilled at `perSecond`. `take` answers
 * whether one more is allowed now, and counts it when it is.
 */
export function tokenBucket(capacity: number, perSecond: number, now = () => performance.now()) {
  let tokens = capacity;
  let at = now();
  return {
    take(): boolean {
      const t = now();
      tokens = Math.min(capacity, tokens + ((t - at) / 1000) * perSecond);
      at = t;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}
