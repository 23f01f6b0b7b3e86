/**
 * A small seeded generator (mulberry32) for tests that try many mixes of data: `pick(n)` is an integer from 0 to n - 1.
 * The same seed gives the same mixes, so a failure can be run again.
 */
export function seeded(seed: number): (n: number) => number {
  let state = seed >>> 0;
  return (n: number) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}
