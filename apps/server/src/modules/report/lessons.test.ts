import { describe, expect, it } from 'vitest';
import type { PostOutcome } from '../creative/insights/reads.js';
import { lessonsOf } from './lessons.js';

let next = 1;
/** A measured video of the month with the choices given. */
function video(plays24h: number | null, choices: Partial<PostOutcome> = {}): PostOutcome {
  const postId = next++;
  return {
    postId,
    platform: 'tiktok',
    merchantId: 1,
    renderId: null,
    category: 'restaurant',
    language: 'en',
    look: null,
    hookStyle: null,
    template: null,
    lengthBand: null,
    durationSeconds: null,
    openingKind: null,
    music: null,
    postedAt: new Date('2026-11-10T18:00:00Z'),
    postingHour: null,
    plays24h,
    plays7d: null,
    plays: plays24h,
    likes: null,
    comments: null,
    shares: null,
    engagementRate: null,
    ...choices,
  };
}
const many = (n: number, plays: number | null, choices: Partial<PostOutcome>) => Array.from({ length: n }, () => video(plays, choices));

describe('what the plan learned this month', () => {
  it('names the best choice against the next best with enough videos, in three languages', () => {
    const lessons = lessonsOf([
      ...many(4, 2_099, { hookStyle: 'question' }),
      ...many(3, 999, { hookStyle: 'offer_first' }),
      ...many(3, 499, { hookStyle: 'bold_claim' }),
      // Two videos are too few to compare, however well they did.
      ...many(2, 90_000, { hookStyle: 'local_pride' }),
    ]);
    expect(lessons).toEqual([
      {
        dimension: 'hook',
        value: 'question',
        versus: 'offer_first',
        ratio: 2.1,
        videos: 4,
        versus_videos: 3,
        text: {
          en: 'Question hooks bring this shop 2.1× the plays of offer-first openings',
          es: 'Los ganchos con pregunta le dan a esta tienda 2.1× las reproducciones de las aperturas con la oferta',
          zh: '提问式开头为这家店带来的播放量是开门见优惠式开头的 2.1×',
        },
      },
    ]);
  });

  it('groups posting hours as the plan’s hours, and says nothing when choices are close or unmeasured', () => {
    const lessons = lessonsOf([
      ...many(3, 1_999, { postingHour: 18, lengthBand: 'short' }),
      ...many(3, 999, { postingHour: 12, lengthBand: 'short' }),
      ...many(3, 1_049, { lengthBand: 'long' }),
      // Too young to be measured: not counted at all.
      ...many(5, null, { postingHour: 9 }),
    ]);
    expect(lessons.map((lesson) => [lesson.dimension, lesson.value, lesson.versus, lesson.ratio])).toEqual([
      // Short: a geometric mean, 1 + typical = √(2,000 · 1,000) ≈ 1,414, not the 1,500 of a plain mean; long 1,050: 1.3.
      ['length', 'short', 'long', 1.3],
      ['hour', '18:30', '12:00', 2],
    ]);
    expect(lessons[1]!.text.en).toBe('Posting at 18:30 brings this shop 2.0× the plays of posting at 12:00');
    // Spanish contracts "de el" as it writes it.
    const looks = lessonsOf([...many(3, 2_999, { look: 'street_pop' }), ...many(3, 999, { look: 'classic' })]);
    expect(looks[0]!.text.es).toBe('El estilo Pop callejero le da a esta tienda 3.0× las reproducciones del estilo Clásico');
    // One side only, or a difference under a tenth: no lesson.
    expect(lessonsOf(many(6, 100, { look: 'classic' }))).toEqual([]);
    expect(lessonsOf([...many(3, 1_040, { look: 'classic' }), ...many(3, 1_000, { look: 'editorial' })])).toEqual([]);
  });
});
