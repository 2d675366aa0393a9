// A seeded source of numbers in [0, 1): the same seed gives the same draws, so a run that drew a
// fault can be replayed from its seed. mulberry32: small, fast, and good enough for test draws.

/** A new random seed, for a rule that was given none: read back from its handle to replay the run. */
export const randomSeed = (): number => Math.floor(Math.random() * 2 ** 32);

// Read once: a global read is slow inside a vm context (Jest runs the fake's code in one), and every rule draws for every request.
const { imul } = Math;

/** Draws numbers in [0, 1) from `seed` (a 32-bit integer; others are reduced to one). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = imul(t ^ (t >>> 15), t | 1);
    t ^= t + imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}
