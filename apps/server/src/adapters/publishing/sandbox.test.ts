import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createPublishers, PublishError, type PublishContext, type Publisher } from './index.js';
import { SANDBOX_APPROVE_MS, SANDBOX_REJECT_TAG, SANDBOX_REVIEW_MS, SandboxPublisher, sandboxMetrics } from './sandbox.js';

let clock = Date.parse('2026-05-01T12:00:00Z');
const now = () => new Date(clock);
const account = { id: 'sbx-1', name: 'Sandbox' };

function context(publisher: SandboxPublisher, accessToken: string, bytes: Buffer, overrides: Partial<PublishContext> = {}) {
  const saved: Record<string, unknown>[] = [];
  const ctx: PublishContext = {
    accessToken,
    account,
    video: { size: bytes.length, mimeType: 'video/mp4', fileName: 'a.mp4', durationSeconds: 3, open: () => Promise.resolve(Readable.from([bytes])) },
    title: 'Morning bake',
    caption: 'Fresh bread #bakery',
    hashtags: ['bakery'],
    language: 'en',
    checkpoint: null,
    save: (checkpoint) => {
      saved.push(checkpoint);
      return Promise.resolve();
    },
    ...overrides,
  };
  return { ctx, saved, publisher };
}

async function connect(publisher: SandboxPublisher) {
  const url = new URL(publisher.authorizeUrl({ state: 'st-1', redirectUri: 'http://localhost:3000/video/connected', codeChallenge: 'x' }));
  expect(url.origin + url.pathname).toBe('http://localhost:3000/video/connected');
  expect(url.searchParams.get('state')).toBe('st-1');
  return publisher.exchange({ code: url.searchParams.get('code')!, redirectUri: 'http://localhost:3000/video/connected', codeVerifier: 'v'.repeat(43) });
}

describe('the sandbox platform', () => {
  it('sends the browser straight back with a code it then exchanges for tokens that expire', async () => {
    const sandbox = new SandboxPublisher({ platform: 'tiktok', now });
    const { tokens, account: made } = await connect(sandbox);
    expect(made.name).toContain('Sandbox');
    expect(tokens.accessExpiresAt!.getTime()).toBe(clock + 2 * 3600_000);
    await expect(sandbox.exchange({ code: 'forged', redirectUri: 'x', codeVerifier: 'v'.repeat(43) })).rejects.toMatchObject({ kind: 'rejected' });
    clock += 3 * 3600_000;
    await expect(sandbox.status({ accessToken: tokens.accessToken, account, remoteId: 'sbx_tiktok_1_0123456789', checkpoint: null })).rejects.toMatchObject({ kind: 'unauthorized' });
    const renewed = await sandbox.refresh(tokens.refreshToken!);
    expect(renewed.accessToken).not.toBe(tokens.accessToken);
    await expect(sandbox.refresh('sbxr1.1000.gone')).rejects.toMatchObject({ kind: 'needs_reconnect' });
  });

  it('reads the whole file, keeps its id before answering, and resumes from it instead of posting again', async () => {
    const sandbox = new SandboxPublisher({ now });
    const { tokens } = await connect(sandbox);
    const { ctx, saved } = context(sandbox, tokens.accessToken, Buffer.alloc(5000, 1));
    const outcome = await sandbox.publish(ctx);
    expect(outcome.state).toBe('reviewing');
    expect(saved).toEqual([{ remoteId: outcome.remoteId, acceptedAt: clock }]);
    clock += 1000;
    const again = await sandbox.publish({ ...ctx, checkpoint: saved[0]! });
    expect(again.remoteId).toBe(outcome.remoteId);
    expect(saved).toHaveLength(1);

    const short = context(sandbox, tokens.accessToken, Buffer.alloc(10, 1)).ctx;
    await expect(sandbox.publish({ ...short, video: { ...short.video, size: 11 } })).rejects.toMatchObject({ kind: 'rejected' });
    await expect(sandbox.publish({ ...ctx, caption: `No ${SANDBOX_REJECT_TAG}` })).rejects.toBeInstanceOf(PublishError);
  });

  it('moves a post from reviewing to published to approved as minutes pass', async () => {
    const sandbox = new SandboxPublisher({ now });
    const { tokens } = await connect(sandbox);
    const { remoteId } = await sandbox.publish(context(sandbox, tokens.accessToken, Buffer.alloc(10)).ctx);
    const ref = { accessToken: tokens.accessToken, account, remoteId, checkpoint: null };
    expect((await sandbox.status(ref)).state).toBe('reviewing');
    clock += SANDBOX_REVIEW_MS;
    expect((await sandbox.status(ref)).state).toBe('published');
    clock += SANDBOX_APPROVE_MS - SANDBOX_REVIEW_MS;
    expect((await sandbox.status(ref)).state).toBe('approved');
    await expect(sandbox.status({ ...ref, remoteId: 'nope' })).rejects.toMatchObject({ kind: 'rejected', detail: { status: 404 } });
  });

  it('grows statistics that never shrink, the same for the same id and moment, withheld where the platform gives none', () => {
    const id = 'sbx_youtube_lz0abc_0123456789';
    const start = parseInt('lz0abc', 36);
    let previous = -1;
    for (const hours of [0, 1, 6, 24, 72, 240, 2000]) {
      const at = new Date(start + SANDBOX_REVIEW_MS + hours * 3600_000);
      const metrics = sandboxMetrics(id, at, 'sandbox');
      expect(metrics.plays!).toBeGreaterThanOrEqual(previous);
      expect(metrics.likes!).toBeLessThanOrEqual(metrics.plays!);
      previous = metrics.plays!;
      expect(sandboxMetrics(id, at, 'sandbox')).toEqual(metrics);
    }
    expect(previous).toBeGreaterThan(300);
    const youtube = sandboxMetrics(id, new Date(start + 30 * 86_400_000), 'youtube');
    expect(youtube.shares).toBeNull();
    expect(youtube.collections).toBeNull();
    expect(youtube.plays).toBeGreaterThan(0);
    expect(sandboxMetrics(id, new Date(start + 30 * 86_400_000), 'weibo').plays).toBeNull();
  });
});

describe('the publisher registry', () => {
  const real: Publisher = new SandboxPublisher({ platform: 'youtube' });
  Object.defineProperty(real, 'sandbox', { value: false });

  it('lets the sandbox stand in for a platform without credentials, and only there', () => {
    const config = loadConfig({ NODE_ENV: 'test' }, { YOUTUBE_CLIENT_ID: 'id', YOUTUBE_CLIENT_SECRET: 'secret' });
    const registry = createPublishers(config, { factories: { youtube: () => real } });
    expect(registry.forNewConnection('youtube')).toBe(real);
    expect(registry.forNewConnection('tiktok')!.sandbox).toBe(true);
    expect(registry.forNewConnection('tiktok')!.platform).toBe('tiktok');
    // A connection made through the sandbox keeps it; a real one never falls back to it.
    expect(registry.forConnection({ platform: 'youtube', sandbox: true })!.sandbox).toBe(true);
    expect(registry.forConnection({ platform: 'tiktok', sandbox: false })).toBeNull();
    const catalog = registry.catalog();
    expect(catalog.map((entry) => entry.platform)).toEqual(['tiktok', 'youtube', 'bilibili', 'instagram', 'weibo', 'pinterest', 'vk', 'kuaishou', 'facebook', 'sandbox']);
    expect(catalog.find((entry) => entry.platform === 'youtube')!.live).toBe('real');
    expect(catalog.find((entry) => entry.platform === 'tiktok')!.live).toBe('sandbox');
  });

  it('keeps the sandbox out of production unless asked for, and a platform needs both its id and secret', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://nearcast.example.com', PAYOUT_DETAILS_KEY: 'a'.repeat(64), PLATFORM_TOKEN_KEY: 'b'.repeat(64) };
    const off = createPublishers(loadConfig(production, { YOUTUBE_CLIENT_ID: 'id' }), { factories: { youtube: () => real } });
    expect(off.forNewConnection('youtube')).toBeNull();
    expect(off.forNewConnection('sandbox')).toBeNull();
    expect(off.catalog().every((entry) => entry.live === 'off')).toBe(true);
    const asked = createPublishers(loadConfig({ ...production, PUBLISH_SANDBOX: '1' }));
    expect(asked.forNewConnection('vk')!.sandbox).toBe(true);
  });
});
