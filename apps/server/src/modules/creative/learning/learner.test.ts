import { describe, expect, it } from 'vitest';
import { seededRandom } from '../seeded.js';
import { LOOK_IDS, PLAN_LENGTH_BANDS, PLAN_POSTING_HOURS } from '@nearcast/contract';
import { POSTING_HOURS } from '../draft-service.js';
import { LOOKS } from '../renderer/looks.js';
import { ARMS, armOfHour, hourOfArm, NO_PINS, type Outcome, type PinsBans } from './arms.js';
import { chooseDay, DEFAULT_LEARNER, type DayRequest, type LearnerSettings } from './learner.js';
import { normal } from './normal-gamma.js';
import { plantedOutcomes } from '../../../test/learning-fixtures.js';
import { reasonOf } from './reason.js';
import { parseRewardWeights, rewardsOf } from './reward.js';
import { simulate } from './simulator.js';

const DAY_MS = 86_400_000;

/** 45 days of the planted shop (question hooks three times the plays), two posts a day at noon. */
const plantedHistory = (seed: string): Outcome[] => plantedOutcomes({ days: 45, seed, start: Date.parse('2027-01-01T12:00:00Z'), hour: 12 });

function request(own: Outcome[], settings: PinsBans = NO_PINS, day = '2027-02-15', seed = 'test'): DayRequest {
  return { day, languages: ['es', 'es', 'es', 'es', 'es'], own, pool: [], settings, seed };
}

describe('the learner', () => {
  const history = plantedHistory('planted');

  it('follows a planted preference, and says why in three languages', () => {
    const days = Array.from({ length: 12 }, (_, i) => chooseDay(request(history, NO_PINS, `2027-02-${String(15 + i).padStart(2, '0')}`, `day-${i}`)));
    const hooks = days.flat().map((decision) => decision.choice.hook);
    const share = hooks.filter((hook) => hook === 'question').length / hooks.length;
    expect(share).toBeGreaterThan(0.75);
    const evidence = days.flat().find((decision) => decision.choice.hook === 'question' && decision.why.hook.kind === 'evidence')!;
    expect(evidence, 'a question hook chosen on the shop’s own numbers').toBeDefined();
    const reason = reasonOf(evidence);
    expect(reason.en).toMatch(/^Question hooks bring this shop \d\.\d× the plays of .+/);
    expect(reason.es).toMatch(/^Los ganchos con pregunta le dan a esta tienda \d\.\d× las reproducciones de/);
    expect(reason.zh).toMatch(/^提问式开头为这家店带来的播放量是.+的 \d\.\d×/);
  });

  it('still explores: an arm not tried in two weeks gets a slot, and says so', () => {
    // Nothing but question hooks for the last 20 days: every other opening is stale.
    const recent = history.map((o) => (o.postedAt.getTime() > Date.parse('2027-01-26T00:00:00Z') ? { ...o, hook: 'question' } : o));
    const decisions = chooseDay(request(recent));
    const exploring = decisions.filter((decision) => decision.why.hook.kind === 'exploring');
    expect(exploring).toHaveLength(1);
    expect(exploring[0]!.choice.hook).not.toBe('question');
    expect(reasonOf(exploring[0]!).en).toMatch(/^Exploring: .+, not tried in \d+ days/);
  });

  it('never abandons an arm: each opening gets a slot every two weeks or so, which the sampler alone would not give', () => {
    /** Six weeks of a shop whose question hooks get three times the plays: the largest gap (days) between two uses of each hook. */
    const gapsOf = (learner: LearnerSettings) => {
      const own = [...history];
      const used = new Map<string, number[]>();
      const random = seededRandom('season');
      for (let d = 0; d < 42; d++) {
        const day = new Date(Date.parse('2027-02-15T00:00:00Z') + d * DAY_MS).toISOString().slice(0, 10);
        for (const decision of chooseDay(request(own, NO_PINS, day, `season-${d}`), learner)) {
          used.set(decision.choice.hook, [...(used.get(decision.choice.hook) ?? []), d]);
          const plays = 1000 * (decision.choice.hook === 'question' ? 3 : 1) * Math.exp(normal(random) * 0.4);
          own.push({ ...history[0]!, ...decision.choice, hour: hourOfArm(decision.choice.hour), plays24h: Math.round(plays), visits: Math.round(plays / 100), postedAt: new Date(Date.parse(`${day}T12:00:00Z`)) });
        }
      }
      return ARMS.hook.map((hook) => {
        const days = used.get(hook) ?? [];
        return Math.max(...[days[0] ?? 42, ...days.slice(1).map((day, i) => day - days[i]!), 42 - (days.at(-1) ?? 0)]);
      });
    };
    const floor = gapsOf(DEFAULT_LEARNER);
    expect(Math.max(...floor)).toBeLessThanOrEqual(DEFAULT_LEARNER.exploreDays + ARMS.hook.length);
    // Without the floor the sampler settles on question hooks and leaves some opening for weeks.
    const without = gapsOf({ ...DEFAULT_LEARNER, exploreDays: 10_000 });
    expect(Math.max(...without)).toBeGreaterThan(DEFAULT_LEARNER.exploreDays + ARMS.hook.length);
  }, 60_000);

  it('keeps pins and bans, even against the evidence and the floor', () => {
    const pinned = chooseDay(request(history, { pins: { hook: 'local_pride', hour: '18:30' }, bans: {} }));
    expect(pinned.map((d) => d.choice.hook)).toEqual(Array(5).fill('local_pride'));
    expect(pinned.map((d) => d.choice.hour)).toEqual(Array(5).fill('18:30'));
    expect(reasonOf(pinned[0]!).en).toMatch(/^Pinned by the studio: local-pride openings/);
    const bans: PinsBans = { pins: {}, bans: { hook: ['question'], look: ['classic', 'street_pop'] } };
    for (let i = 0; i < 20; i++) {
      const day = chooseDay(request(history, bans, `2027-03-${String(1 + i).padStart(2, '0')}`, `ban-${i}`));
      for (const decision of day) {
        expect(decision.choice.hook).not.toBe('question');
        expect(['classic', 'street_pop']).not.toContain(decision.choice.look);
      }
    }
    // A pin on a banned arm is not taken; a ban of every arm bans nothing.
    const clash = chooseDay(request(history, { pins: { hook: 'question' }, bans: { hook: ['question'], length: ['short', 'medium', 'long'] } }));
    expect(clash.every((d) => d.choice.hook !== 'question')).toBe(true);
    expect(new Set(clash.map((d) => d.why.length.kind))).not.toContain('pinned');
  });

  it('holds pins and bans through a simulated season', () => {
    const result = simulate({ seed: 5, merchants: 4, days: 21, settings: (merchant) => (merchant === 0 ? { pins: { length: 'long' }, bans: { look: ['night_market'] } } : NO_PINS) });
    const first = result.choices[0]!.map((entry) => entry.choice);
    expect(first.every((choice) => choice.length === 'long')).toBe(true);
    expect(first.some((choice) => choice.look === 'night_market')).toBe(false);
    // The others are free: they try every look, night_market too.
    expect(result.choices[1]!.some((entry) => entry.choice.look === 'night_market')).toBe(true);
  }, 60_000);

  it('gives one look at most two of a day’s slots, however far ahead it is, unless the studio pins it', () => {
    // Every post in the favourite look: the evidence alone would open all five videos with it.
    const favourite = history.map((outcome) => ({ ...outcome, look: 'street_pop', plays24h: outcome.plays24h * 4 }));
    const others = history.map((outcome) => ({ ...outcome, look: outcome.look === 'street_pop' ? 'classic' : outcome.look }));
    for (let i = 0; i < 10; i++) {
      const looks = chooseDay(request([...favourite, ...others], NO_PINS, '2027-02-15', `cap-${i}`)).map((decision) => decision.choice.look);
      expect(looks.filter((look) => look === 'street_pop').length).toBeLessThanOrEqual(2);
      expect(new Set(looks).size).toBeGreaterThanOrEqual(3);
    }
    const pinned = chooseDay(request(history, { ...NO_PINS, pins: { look: 'street_pop' } })).map((decision) => decision.choice.look);
    expect(pinned).toEqual(Array(5).fill('street_pop'));
  });

  it('is deterministic for a seed and varies with it', () => {
    const a = chooseDay(request(history));
    expect(chooseDay(request(history))).toEqual(a);
    const others = ['x', 'y', 'z'].map((seed) => chooseDay(request(history, NO_PINS, '2027-02-15', seed)));
    expect(others.some((other) => JSON.stringify(other) !== JSON.stringify(a))).toBe(true);
  });
});

describe('the arms', () => {
  it('are the renderer’s looks and the contract’s lists, so a pin or ban names a real choice', () => {
    expect([...LOOK_IDS].sort()).toEqual(LOOKS.map((look) => look.id).sort());
    expect(ARMS.length).toEqual(PLAN_LENGTH_BANDS);
    expect(ARMS.hour).toEqual(PLAN_POSTING_HOURS);
    expect(POSTING_HOURS.map((hour) => armOfHour(hour))).toEqual([...PLAN_POSTING_HOURS]);
  });
});

describe('rewards', () => {
  it('normalise per platform: the same lift on a big and a small platform is the same reward', () => {
    const base = { merchantId: 1, language: 'en' as const, hook: 'question', look: 'classic', length: 'short' as const, hour: 12, engagement: 0.05, postedAt: new Date() };
    const outcomes: Outcome[] = [
      { ...base, platform: 'tiktok', plays24h: 10_000, visits: 100 },
      { ...base, platform: 'tiktok', plays24h: 20_000, visits: 200 },
      { ...base, platform: 'tiktok', plays24h: 5_000, visits: 50 },
      { ...base, platform: 'youtube', plays24h: 100, visits: 1 },
      { ...base, platform: 'youtube', plays24h: 200, visits: 2 },
      { ...base, platform: 'youtube', plays24h: 50, visits: 0 },
    ];
    const [t1, t2, , y1, y2] = rewardsOf(outcomes, { plays: 1, engagement: 0, visits: 0 });
    expect(t1).toBeCloseTo(0, 5);
    expect(y1).toBeCloseTo(0, 5);
    expect(t2!).toBeCloseTo(y2!, 1);
  });

  it('reads the mix from LEARNING_REWARD_WEIGHTS', () => {
    expect(parseRewardWeights('')).toEqual({ plays: 0.5, engagement: 0.2, visits: 0.3 });
    expect(parseRewardWeights('plays:1, visits:2')).toEqual({ plays: 1, engagement: 0, visits: 2 });
    expect(() => parseRewardWeights('plays=x')).toThrow(/LEARNING_REWARD_WEIGHTS/);
    expect(() => parseRewardWeights('plays:0')).toThrow(/sum to 0/);
  });
});
