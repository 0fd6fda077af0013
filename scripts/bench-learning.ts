/**
 * bench:learning — does the daily plan's learner earn its keep? A fake platform whose audiences
 * have hidden preferences per category and language runs 60 days of plans for 20 merchants
 * (5 slots a day), the learner's plan (the same chooseDay the daily plan calls) side by side with
 * the same slots chosen at random, on the same luck. Prints per week the share of slot-choices on
 * the audience's best arm (averaged over hook, look, length and hour, and each), plays and
 * visits, and the 60-day ratios against random.
 *
 *   npm run bench:learning -- --seed 7 [--days 60] [--merchants 20]
 */
import { DIMENSIONS } from '../apps/server/src/modules/creative/learning/arms.js';
import { simulate } from '../apps/server/src/modules/creative/learning/simulator.js';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a positive whole number`);
  return value;
}

const seed = option('seed', 1);
const days = option('days', 60);
const merchants = option('merchants', 20);
const started = performance.now();
const result = simulate({ seed, days, merchants });
const pct = (value: number) => `${(value * 100).toFixed(0).padStart(3)}%`;
const num = (value: number) => String(Math.round(value)).padStart(9);

console.log(`bench:learning seed=${seed} merchants=${merchants} days=${days} slots/day=5 (learner vs random on the same luck)`);
console.log(`week | on best: learner  random | ${DIMENSIONS.map((d) => d.padEnd(7)).join(' ')} |     plays learner    random |    visits learner  random`);
for (const row of result.weeks) {
  const by = DIMENSIONS.map((d) => pct(row.bestShareBy[d].learner).padEnd(7)).join(' ');
  console.log(
    `${String(row.week).padStart(4)} |            ${pct(row.bestShare.learner)}    ${pct(row.bestShare.random)} | ${by} | ${num(row.plays.learner)} ${num(row.plays.random)} | ${num(row.visits.learner)} ${num(row.visits.random)}`,
  );
}
const { plays, visits } = result.totals;
const week6 = result.weeks.find((row) => row.week === 6);
console.log(`total plays: learner ${Math.round(plays.learner)} random ${Math.round(plays.random)} ratio ${(plays.learner / plays.random).toFixed(2)}×`);
console.log(`total visits: learner ${Math.round(visits.learner)} random ${Math.round(visits.random)} ratio ${(visits.learner / visits.random).toFixed(2)}×`);
console.log(
  `budget: on best by week 6 ${week6 ? pct(week6.bestShare.learner).trim() : 'n/a'} (≥ 60%), plays ${(plays.learner / plays.random).toFixed(2)}× and visits ${(visits.learner / visits.random).toFixed(2)}× (≥ 1.3×) — seed ${seed}, ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
