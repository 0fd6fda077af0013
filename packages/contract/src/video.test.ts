import { describe, expect, it } from 'vitest';
import { postText, videoAddRequest } from './video.js';

describe('the words a platform gets with a post', () => {
  it('are the caption, then its hashtags, a blank line apart', () => {
    expect(postText({ caption: 'Two-for-one tacos all day', hashtags: ['tacos', 'deal'] }, 'Taco Tuesday')).toBe('Two-for-one tacos all day\n\n#tacos #deal');
  });

  it('fall back on the title when the language has no caption, and leave out missing hashtags', () => {
    expect(postText({ caption: '', hashtags: ['tacos'] }, 'Taco Tuesday')).toBe('Taco Tuesday\n\n#tacos');
    expect(postText(undefined, 'Taco Tuesday')).toBe('Taco Tuesday');
    expect(postText({ caption: '塔可买一送一', hashtags: [] }, 'Taco Tuesday')).toBe('塔可买一送一');
  });
});

describe('a new post', () => {
  it('without a merchant asks to choose one, not for a number', () => {
    const body = { title: 'Lunch', footage_id: 3, captions: [{ language: 'en', caption: 'Hi', hashtags: [] }], language: 'en', platforms: ['pinterest'] };
    for (const merchant_id of [undefined, null, 0]) {
      const result = videoAddRequest.safeParse({ ...body, merchant_id });
      expect(result.success).toBe(false);
      expect(result.error?.issues.find((issue) => issue.path[0] === 'merchant_id')?.message).toBe('video.merchant_required');
    }
  });
});
