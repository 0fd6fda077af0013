import { createHash } from 'node:crypto';

/**
 * Seeded variation: the same seed always gives the same choices, so a plan's day can be run
 * again and make the same videos, and a test can name the outcome; different seeds differ.
 */
export function seededRandom(seed: string): () => number {
  // mulberry32 over the first four bytes of the seed's hash: small, fast, evenly spread.
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The items in an order the seed decides (Fisher–Yates), the input left as it was. */
export function seededOrder<T>(items: readonly T[], seed: string): T[] {
  const random = seededRandom(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
