import { seededRandom } from '../modules/creative/seeded.js';
import { ARMS, type Dimension, type Outcome } from '../modules/creative/learning/arms.js';
import { normal } from '../modules/creative/learning/normal-gamma.js';

const DAY_MS = 86_400_000;

/**
 * A shop's Spanish posts with a planted preference: question hooks get three times the plays of
 * any other opening, the other choices are at random, on two platforms of very different reach.
 * `perDay` posts a day for `days` days from `start`; each at `hour`, or at a random posting hour
 * when none is given. The same seed gives the same history.
 */
export function plantedOutcomes(options: { days: number; perDay?: number; seed: string; start: number; hour?: number }): Outcome[] {
  const { days, perDay = 2, seed, start, hour } = options;
  const random = seededRandom(seed);
  const out: Outcome[] = [];
  for (let day = 0; day < days; day++) {
    for (let slot = 0; slot < perDay; slot++) {
      const pick = (dimension: Dimension) => ARMS[dimension][Math.floor(random() * ARMS[dimension].length)]!;
      const hook = pick('hook');
      const platform = random() < 0.5 ? 'tiktok' : 'youtube';
      const plays = (platform === 'tiktok' ? 2000 : 200) * (hook === 'question' ? 3 : 1) * Math.exp(normal(random) * 0.4);
      out.push({
        merchantId: 1,
        language: 'es',
        platform,
        hook,
        look: pick('look'),
        length: pick('length') as Outcome['length'],
        hour: hour ?? [9, 12, 15, 18.5, 20.5][Math.floor(random() * 5)]!,
        plays24h: Math.round(plays),
        engagement: 0.04,
        visits: Math.round(plays / 100),
        postedAt: new Date(start + day * DAY_MS),
      });
    }
  }
  return out;
}
