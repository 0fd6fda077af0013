import { describe, expect, it } from 'vitest';
import { resumeAt, shouldSave } from './position-saver';

describe('shouldSave', () => {
  it('saves the first position it hears', () => {
    expect(shouldSave(null, 1.2, 0)).toBe(true);
  });

  it('waits for both time and movement while playing', () => {
    const last = { seconds: 10, atMs: 0 };
    expect(shouldSave(last, 12, 20_000)).toBe(false); // moved too little
    expect(shouldSave(last, 30, 5_000)).toBe(false); // too soon
    expect(shouldSave(last, 30, 10_000)).toBe(true);
  });

  it('saves a pause or a seek at once, but never the same second twice', () => {
    const last = { seconds: 10, atMs: 0 };
    expect(shouldSave(last, 11, 100, true)).toBe(true);
    expect(shouldSave(last, 10.9, 100, true)).toBe(false);
  });

  it('ignores positions a broken player reports', () => {
    expect(shouldSave(null, Number.NaN, 0, true)).toBe(false);
    expect(shouldSave(null, -1, 0, true)).toBe(false);
  });
});

describe('resumeAt', () => {
  it('resumes where the learner stopped', () => {
    expect(resumeAt(42, 300)).toBe(42);
  });

  it('starts over when the saved place is at the very end, or nothing was saved', () => {
    expect(resumeAt(298, 300)).toBe(0);
    expect(resumeAt(0, 300)).toBe(0);
  });

  it('trusts the saved place while the duration is unknown', () => {
    expect(resumeAt(42, Number.NaN)).toBe(42);
  });
});
