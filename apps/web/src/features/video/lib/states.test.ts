import type { PublishJobState, VideoPostStatus } from '@nearcast/contract';
import { describe, expect, it } from 'vitest';
import { isMoving } from './states';

const post = (status: VideoPostStatus, states: PublishJobState[]) => ({ status, jobs: states.map((state) => ({ state })) }) as Parameters<typeof isMoving>[0];

describe('isMoving', () => {
  it('polls while a post is being published or a platform has not said its last word', () => {
    expect(isMoving(post('publishing', []))).toBe(true);
    expect(isMoving(post('done', ['approved', 'reviewing']))).toBe(true);
    expect(isMoving(post('done', ['approved', 'unknown']))).toBe(true);
  });

  it('stops once every platform approved or failed, and for drafts, cancelled and waiting posts', () => {
    expect(isMoving(post('done', ['approved', 'failed']))).toBe(false);
    expect(isMoving(post('scheduled', []))).toBe(false);
    expect(isMoving(post('draft', []))).toBe(false);
    expect(isMoving(post('cancelled', ['queued']))).toBe(false);
  });
});
