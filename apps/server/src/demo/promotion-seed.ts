import * as accountsRepo from '../modules/account/repository.js';
import type { Services } from '../composition/services.js';

const DAY = 86_400_000;
const DAYS = 30;

/** A small deterministic generator: the same demo every start. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * A month of visitors to the demo agent's and studio's promotion links, so their funnel opens on
 * a trend rather than zeros. Only visits: a signup is an account the demo does not have, and the
 * funnel's later steps come from real sign-ups and payments only.
 */
export async function seedDemoPromotion(services: Services, now = new Date()): Promise<{ visits: number }> {
  const rand = random(20_261_128);
  let visits = 0;
  for (const [email, busiest] of [['agent@example.com', 18], ['studio@example.com', 26]] as const) {
    const owner = await accountsRepo.findAccountByEmail(services.database.db, email);
    if (!owner) continue;
    for (let ago = DAYS - 1; ago >= 1; ago -= 1) {
      const day = new Date(now.getTime() - ago * DAY).toISOString().slice(0, 10);
      // Busier towards today, quieter at weekends, as a link shared more and more would be.
      const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
      const level = busiest * (0.35 + 0.65 * ((DAYS - ago) / DAYS)) * (weekday === 0 || weekday === 6 ? 0.6 : 1);
      const count = Math.max(0, Math.round(level * (0.7 + 0.6 * rand())));
      for (let index = 0; index < count; index += 1) {
        const source = rand() < 0.22 ? 'qr' : 'link';
        visits += (await services.promotion.seedVisit(owner.id, day, `demo-${day}-${index}`, source)) ? 1 : 0;
      }
    }
  }
  return { visits };
}
