import { describe, expect, it } from 'vitest';
import { awaitsApproval, platformsOf, postIdOf, withPost } from './approval';

describe('awaitsApproval', () => {
  it('holds only while the approval is asked for and the post has not gone out or been cancelled', () => {
    expect(awaitsApproval({ approval: 'pending', released_at: null, status: 'scheduled' })).toBe(true);
    expect(awaitsApproval({ approval: 'pending', released_at: null, status: 'draft' })).toBe(true);
    expect(awaitsApproval({ approval: 'approved', released_at: null, status: 'scheduled' })).toBe(false);
    expect(awaitsApproval({ approval: 'changes_requested', released_at: null, status: 'scheduled' })).toBe(false);
    expect(awaitsApproval({ approval: 'not_required', released_at: null, status: 'scheduled' })).toBe(false);
    expect(awaitsApproval({ approval: 'pending', released_at: null, status: 'cancelled' })).toBe(false);
    expect(awaitsApproval({ approval: 'pending', released_at: '2026-01-01T00:00:00.000Z', status: 'publishing' })).toBe(false);
  });
});

describe('?post on the dashboard', () => {
  it('reads a positive whole id and nothing else', () => {
    expect(postIdOf(new URLSearchParams('post=42'))).toBe(42);
    expect(postIdOf(new URLSearchParams('range=7d&post=7'))).toBe(7);
    for (const raw of ['', 'post=', 'post=0', 'post=-3', 'post=1.5', 'post=abc', 'post=12abc', 'post=%20', 'post=99999999999999999999']) {
      expect(postIdOf(new URLSearchParams(raw)), raw).toBeNull();
    }
  });

  it('opens and closes a post without touching the rest of the query', () => {
    const params = new URLSearchParams('range=30d');
    const opened = withPost(params, 9);
    expect(opened.toString()).toBe('range=30d&post=9');
    expect(postIdOf(opened)).toBe(9);
    expect(withPost(opened, null).toString()).toBe('range=30d');
    // The original is left as it was (the router holds it).
    expect(params.toString()).toBe('range=30d');
    expect(withPost(new URLSearchParams('post=3'), 4).toString()).toBe('post=4');
  });
});

describe('platformsOf', () => {
  it('marks the sandbox where it stands in, from the platform itself or its job', () => {
    const job = (platform: string, sandbox: boolean) => ({ platform, sandbox }) as never;
    expect(platformsOf({ platforms: ['tiktok', 'sandbox'], jobs: [] } as never)).toEqual([
      { platform: 'tiktok', sandbox: false },
      { platform: 'sandbox', sandbox: true },
    ]);
    expect(platformsOf({ platforms: ['pinterest', 'youtube'], jobs: [job('pinterest', true), job('youtube', false)] } as never)).toEqual([
      { platform: 'pinterest', sandbox: true },
      { platform: 'youtube', sandbox: false },
    ]);
  });
});
