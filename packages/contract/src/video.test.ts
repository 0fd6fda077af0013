import { describe, expect, it } from 'vitest';
import { postText } from './video.js';

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
