import { describe, expect, it } from 'vitest';
import { NO_PINS, type Outcome, type PinsBans } from './arms.js';
import { beliefsOf, type BeliefRequest } from './beliefs.js';
import { plantedOutcomes } from '../../../test/learning-fixtures.js';

const DAY_MS = 86_400_000;
const DAY = '2027-02-15';

/** `days` days of the planted shop (question hooks three times the plays), `perDay` a day, up to DAY. */
const planted = (days: number, perDay = 2, seed = 'planted'): Outcome[] =>
  plantedOutcomes({ days, perDay, seed, start: Date.parse(`${DAY}T12:00:00Z`) - days * DAY_MS });

const request = (own: Outcome[], settings: PinsBans = NO_PINS, extra: Partial<BeliefRequest> = {}): BeliefRequest => ({
  merchantId: 1,
  day: DAY,
  languages: ['es'],
  own,
  pool: [],
  settings,
  ...extra,
});

describe('what the learner believes', () => {
  const history = planted(45);

  it('puts a planted preference first: the best chance of being best, and an interval above the others', () => {
    const hooks = beliefsOf(request(history)).get('es')!.hook;
    const question = hooks.find((belief) => belief.arm === 'question')!;
    const others = hooks.filter((belief) => belief.arm !== 'question');
    expect(question.pBest).toBeGreaterThan(0.9);
    for (const other of others) {
      expect(other.pBest).toBeLessThan(question.pBest);
      expect(question.mean).toBeGreaterThan(other.mean);
      // The 80 % intervals do not overlap: the learner is sure, not merely leaning.
      expect(question.low, other.arm).toBeGreaterThan(other.high);
    }
    for (const belief of hooks) {
      expect(belief.low).toBeLessThan(belief.mean);
      expect(belief.high).toBeGreaterThan(belief.mean);
      expect(belief.state).toBe('in_draw');
    }
    expect(question.posts).toBe(history.filter((outcome) => outcome.hook === 'question').length);
    expect(hooks.reduce((sum, belief) => sum + belief.pBest, 0)).toBeCloseTo(1, 9);
  });

  it('is the same answer on every read of a day, and another day draws afresh', () => {
    const once = beliefsOf(request(history));
    expect(beliefsOf(request(history))).toEqual(once);
    const tomorrow = beliefsOf(request(history, NO_PINS, { day: '2027-02-16' })).get('es')!.look;
    expect(tomorrow.map((belief) => belief.pBest)).not.toEqual(once.get('es')!.look.map((belief) => belief.pBest));
    // The posterior itself is no draw: only the chance and the interval move, and little.
    expect(tomorrow.map((belief) => belief.mean)).toEqual(once.get('es')!.look.map((belief) => belief.mean));
  });

  it('applies pins and bans as the planner does', () => {
    const banned = beliefsOf(request(history, { pins: {}, bans: { hook: ['question', 'bold_claim'] } })).get('es')!.hook;
    const byArm = new Map(banned.map((belief) => [belief.arm, belief]));
    expect(byArm.get('question')).toMatchObject({ state: 'banned', pBest: 0 });
    expect(byArm.get('bold_claim')).toMatchObject({ state: 'banned', pBest: 0 });
    // A banned arm still shows what was learned of it.
    expect(byArm.get('question')!.posts).toBeGreaterThan(0);
    expect(banned.reduce((sum, belief) => sum + belief.pBest, 0)).toBeCloseTo(1, 9);

    const pinned = beliefsOf(request(history, { pins: { look: 'classic' }, bans: {} })).get('es')!.look;
    for (const belief of pinned) {
      if (belief.arm === 'classic') expect(belief).toMatchObject({ state: 'pinned', pBest: 1, exploring: false });
      else expect(belief).toMatchObject({ state: 'held', pBest: 0, exploring: false });
    }

    const off = beliefsOf(request(history, { pins: {}, bans: { hook: ['offer_first'] } }, { off: { hook: ['offer_first'] } })).get('es')!.hook;
    expect(off.find((belief) => belief.arm === 'offer_first')).toMatchObject({ state: 'off', pBest: 0 });
  });

  it('shows the exploration floor: the arm the day must try, and how long each went untried', () => {
    // Nothing but question hooks for the last 20 days: the others are stale, one is the day's.
    const recent = history.map((o) => (o.postedAt.getTime() > Date.parse(`${DAY}T00:00:00Z`) - 20 * DAY_MS ? { ...o, hook: 'question' } : o));
    const hooks = beliefsOf(request(recent)).get('es')!.hook;
    const exploring = hooks.filter((belief) => belief.exploring);
    expect(exploring).toHaveLength(1);
    expect(exploring[0]!.arm).not.toBe('question');
    expect(exploring[0]!.daysSinceTried).toBeGreaterThanOrEqual(14);
    expect(hooks.find((belief) => belief.arm === 'question')!.daysSinceTried).toBeLessThan(2);
  });

  it('knows nothing of a language with no results: every arm even, the vague prior', () => {
    const en = beliefsOf(request(history, NO_PINS, { languages: ['en'] })).get('en')!.hour;
    for (const belief of en) {
      expect(belief.posts).toBe(0);
      expect(belief.mean).toBe(0);
      expect(belief.pBest).toBeGreaterThan(0.1);
      expect(belief.pBest).toBeLessThan(0.3);
    }
  });

  it('is quick: a year of a busy shop in three languages and a full pool', () => {
    // More than the learning window reads (90 days), so the figure is an upper bound.
    const year = planted(365, 5, 'year').map((outcome, index): Outcome => ({ ...outcome, language: (['en', 'es', 'zh'] as const)[index % 3]! }));
    const pool = planted(90, 56, 'pool').map((outcome, index): Outcome => ({ ...outcome, merchantId: 2 + (index % 40), language: (['en', 'es', 'zh'] as const)[index % 3]! }));
    const run = () => beliefsOf(request(year, NO_PINS, { languages: ['en', 'es', 'zh'], pool }));
    run();
    const rounds = 5;
    const started = performance.now();
    const cpu = process.cpuUsage();
    for (let i = 0; i < rounds; i++) run();
    const used = process.cpuUsage(cpu);
    const wall = (performance.now() - started) / rounds;
    console.info(`beliefsOf: ${year.length} own and ${pool.length} pool outcomes, 3 languages: ${wall.toFixed(1)} ms wall, ${((used.user + used.system) / 1000 / rounds).toFixed(1)} ms CPU a read`);
    // A guard against a blow-up on a shared test machine, not the budget (docs/decisions/085).
    expect(wall).toBeLessThan(1_000);
  });
});
