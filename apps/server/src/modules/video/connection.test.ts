import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { VideoConnection } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  PublishError,
  PublisherRegistry,
  type AuthorizeInput,
  type ExchangeInput,
  type Publisher,
  type TokenSet,
} from '../../adapters/publishing/index.js';
import { decodeKey, loadConfig } from '../../config.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { videoWorld, type VideoWorld } from '../../test/video-fixtures.js';
import { ConnectionService, OAUTH_STATE_MINUTES } from './connection-service.js';

/**
 * Connections through OAuth 2 with state and PKCE, against a scripted platform that checks the
 * S256 challenge the way an authorization server does, and refreshes: a passing refresh error
 * keeps the connection, only the platform's word that the grant is gone asks the merchant again.
 */
class ScriptedPlatform implements Publisher {
  readonly platform = 'youtube' as const;
  readonly mode = 'api' as const;
  readonly sandbox = false;
  readonly pkce = true;
  challenges = new Map<string, string>();
  issued = 0;
  refreshes = 0;
  /** What the next refresh does. */
  nextRefresh: 'ok' | 'unavailable' | 'revoked' | 'rotate-without-refresh' = 'ok';
  accessTtlMs = 3600_000;

  dailyLimit() {
    return Promise.resolve(null);
  }
  authorizeUrl(input: AuthorizeInput): string {
    const code = `code-${this.challenges.size + 1}`;
    this.challenges.set(code, input.codeChallenge);
    const url = new URL('https://accounts.example.test/o/oauth2/auth');
    url.searchParams.set('state', input.state);
    url.searchParams.set('code_challenge', input.codeChallenge);
    url.searchParams.set('code_challenge_method', 'S256');
    url.searchParams.set('redirect_uri', input.redirectUri);
    // What the consent page would hand back (the test reads it instead of a browser).
    url.searchParams.set('test_code', code);
    return url.toString();
  }
  exchange(input: ExchangeInput) {
    const challenge = this.challenges.get(input.code);
    this.challenges.delete(input.code);
    const computed = createHash('sha256').update(input.codeVerifier).digest('base64url');
    if (!challenge || challenge !== computed) return Promise.reject(new PublishError('rejected', 'invalid_grant: code verifier mismatch', { status: 400 }));
    return Promise.resolve({ tokens: this.tokens(), account: { id: 'UC123', name: 'Carmen’s Tacos' } });
  }
  refresh(refreshToken: string): Promise<TokenSet> {
    this.refreshes += 1;
    if (!refreshToken.startsWith('rt-')) return Promise.reject(new PublishError('needs_reconnect', 'invalid_grant'));
    switch (this.nextRefresh) {
      case 'unavailable':
        return Promise.reject(new PublishError('unavailable', 'backendError: try again later', { status: 503 }));
      case 'revoked':
        return Promise.reject(new PublishError('needs_reconnect', 'invalid_grant: Token has been expired or revoked.', { status: 400 }));
      case 'rotate-without-refresh':
        return Promise.resolve({ ...this.tokens(), refreshToken: null });
      default:
        return Promise.resolve(this.tokens());
    }
  }
  publish(): never {
    throw new PublishError('unsupported', 'not in this test');
  }
  status(): never {
    throw new PublishError('unsupported', 'not in this test');
  }
  metrics(): never {
    throw new PublishError('unsupported', 'not in this test');
  }
  private tokens(): TokenSet {
    this.issued += 1;
    return {
      accessToken: `at-secret-${this.issued}`,
      refreshToken: `rt-secret-${this.issued}`,
      accessExpiresAt: new Date(now.getTime() + this.accessTtlMs),
      refreshExpiresAt: null,
      scopes: ['youtube.upload'],
    };
  }
}

let t: TestApp;
let w: VideoWorld;
let platform: ScriptedPlatform;
let service: ConnectionService;
let now = new Date();
const caller = (name: string) => t.app.services.sessions.authenticate(w.tokens.get(name)!) as Promise<Exclude<Awaited<ReturnType<TestApp['app']['services']['sessions']['authenticate']>>, null | 'disabled'>>;

beforeAll(async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nc-video-connection-'));
  t = await createTestApp({ config: { DATA_DIR: dataDir } });
  w = await videoWorld(t);
}, 120_000);
afterAll(() => t?.close());

beforeEach(async () => {
  now = new Date();
  platform = new ScriptedPlatform();
  service = new ConnectionService(t.database.db, new PublisherRegistry(new Map([['youtube', platform]]), false), t.app.services.events, {
    publicUrl: 'https://nearcast.example.com',
    key: decodeKey(t.app.services.config.PLATFORM_TOKEN_KEY)!,
    now: () => now,
  });
  await t.query(sql`delete from platform_connections where platform = 'youtube'`);
});

async function start(name = 'studio') {
  const started = await service.connect(await caller(name), { merchant_id: w.ids.get('client')!, platform: 'youtube' });
  const url = new URL(started.authorize_url);
  return { state: url.searchParams.get('state')!, code: url.searchParams.get('test_code')!, url };
}

async function refused(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as { key?: string }).key ?? String(error);
  }
  return 'resolved';
}

describe('OAuth state and PKCE', () => {
  it('sends an S256 challenge, keeps the verifier server-side, and connects with it', async () => {
    const { state, code, url } = await start();
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('redirect_uri')).toBe('https://nearcast.example.com/video/connected');
    // Neither the state nor a verifier is stored in the clear.
    const rows = await t.query<{ state_hash: string; sealed_verifier: string }>(sql`select state_hash, sealed_verifier from platform_oauth_states`);
    expect(rows.some((row) => row.state_hash === state)).toBe(false);
    expect(rows.every((row) => row.sealed_verifier.startsWith('v1.'))).toBe(true);

    const connection = await service.callback(await caller('studio'), { state, code });
    expect(connection).toMatchObject({ platform: 'youtube', state: 'connected', sandbox: false, account_name: 'Carmen’s Tacos' });
    const [stored] = await t.query<{ sealed_tokens: string }>(sql`select sealed_tokens from platform_connections where id = ${connection.id}`);
    expect(stored!.sealed_tokens).not.toContain('secret');
    expect((await service.access(connection.id!)).accessToken).toBe('at-secret-1');
    const events = await t.query<{ type: string }>(sql`select type from events where subject_id = ${String(connection.id)} and subject_type = 'platform_connection'`);
    expect(events.map((row) => row.type)).toEqual(['connection.connected']);
  });

  it('refuses a state used twice, made up, started by someone else, or too old', async () => {
    const first = await start();
    await service.callback(await caller('studio'), { state: first.state, code: first.code });
    expect(await refused(service.callback(await caller('studio'), { state: first.state, code: first.code }))).toBe('video.oauth_state_invalid');
    expect(await refused(service.callback(await caller('studio'), { state: 'made-up', code: first.code }))).toBe('video.oauth_state_invalid');

    const theirs = await start('studio');
    // The operator of the same merchant did not start this one.
    expect(await refused(service.callback(await caller('operator'), { state: theirs.state, code: theirs.code }))).toBe('video.oauth_state_invalid');
    // …and the state is used up by that attempt, so it cannot be replayed by its owner either.
    expect(await refused(service.callback(await caller('studio'), { state: theirs.state, code: theirs.code }))).toBe('video.oauth_state_invalid');

    const old = await start();
    now = new Date(now.getTime() + (OAUTH_STATE_MINUTES + 1) * 60_000);
    expect(await refused(service.callback(await caller('studio'), { state: old.state, code: old.code }))).toBe('video.oauth_state_expired');
  });

  it('refuses a code exchanged with the wrong verifier (the platform checks S256)', async () => {
    const { state, code } = await start();
    // Tamper with the kept challenge: the real verifier no longer matches it.
    platform.challenges.set(code, 'A'.repeat(43));
    expect(await refused(service.callback(await caller('studio'), { state, code }))).toBe('video.oauth_failed');
    expect(await t.query(sql`select id from platform_connections where platform = 'youtube'`)).toEqual([]);
  });

  it('says the platform’s refusal in words and connects nothing', async () => {
    const { state } = await start();
    expect(await refused(service.callback(await caller('studio'), { state, error: 'access_denied' }))).toBe('video.oauth_denied');
    expect(await t.query(sql`select id from platform_connections where platform = 'youtube'`)).toEqual([]);
  });

  it('answers not-found for a merchant out of scope, and unavailable for a platform not configured', async () => {
    const other = service.connect(await caller('studio'), { merchant_id: w.ids.get('client2')!, platform: 'youtube' });
    expect(await refused(other)).toBe('error.not_found');
    const tiktok = service.connect(await caller('studio'), { merchant_id: w.ids.get('client')!, platform: 'tiktok' });
    expect(await refused(tiktok)).toBe('video.platform_unavailable');
  });
});

describe('refreshing tokens', () => {
  async function connected(): Promise<VideoConnection> {
    const { state, code } = await start();
    return service.callback(await caller('studio'), { state, code });
  }
  const stateOf = async (id: number) =>
    (await t.query<{ state: string; refresh_failures: number; last_error: string | null }>(sql`select state, refresh_failures, last_error from platform_connections where id = ${id}`))[0]!;
  const eventsOf = async (id: number) =>
    (await t.query<{ type: string }>(sql`select type from events where subject_type = 'platform_connection' and subject_id = ${String(id)} order by id`)).map((row) => row.type);

  it('refreshes before expiry and keeps the new tokens sealed', async () => {
    const connection = await connected();
    now = new Date(now.getTime() + 50 * 60_000);
    expect(await service.refreshDue()).toBe(1);
    expect((await service.access(connection.id!)).accessToken).toBe('at-secret-2');
    // Nothing is due right after.
    expect(await service.refreshDue()).toBe(0);
  });

  it('keeps the connection through a passing refresh error, and refreshes once for two workers', async () => {
    const connection = await connected();
    platform.nextRefresh = 'unavailable';
    await expect(service.refresh(connection.id!)).rejects.toMatchObject({ kind: 'unavailable' });
    expect(await stateOf(connection.id!)).toMatchObject({ state: 'connected', refresh_failures: 1 });
    expect((await service.access(connection.id!)).accessToken).toBe('at-secret-1');

    platform.nextRefresh = 'ok';
    const before = platform.refreshes;
    const [a, b] = await Promise.all([service.refresh(connection.id!), service.refresh(connection.id!)]);
    expect(a).toBe(b);
    expect(platform.refreshes - before).toBe(1);
    expect(await stateOf(connection.id!)).toMatchObject({ state: 'connected', refresh_failures: 0, last_error: null });
    expect(await eventsOf(connection.id!)).toEqual(['connection.connected']);
  });

  it('asks the merchant again only when the platform ends the grant, and says so once', async () => {
    const connection = await connected();
    platform.nextRefresh = 'revoked';
    await expect(service.refresh(connection.id!)).rejects.toMatchObject({ kind: 'needs_reconnect' });
    expect((await stateOf(connection.id!)).state).toBe('needs_reconnect');
    expect(await eventsOf(connection.id!)).toEqual(['connection.connected', 'connection.needs_reconnect']);
    // The notification center tells the merchant and its studio, from the event as recorded.
    const [recorded] = await t.query<{ id: number }>(sql`select id::int as id from events where type = 'connection.needs_reconnect' order by id desc limit 1`);
    await t.app.services.events.deliver({ event_id: recorded!.id, subscriber: 'notification.center' });
    for (const name of ['client', 'studio']) {
      const center = await t.call<{ list: { kind: string; params: Record<string, unknown> }[] }>('/v1/notification/list', { tab: 'interactive' }, { token: w.tokens.get(name)! });
      expect(center.data.list.some((n) => n.kind === 'connection_needs_reconnect' && n.params.platform === 'youtube'), name).toBe(true);
    }
    // It is not used any more, and not refreshed again.
    await expect(service.access(connection.id!)).rejects.toMatchObject({ kind: 'needs_reconnect' });
    await expect(service.refresh(connection.id!)).rejects.toMatchObject({ kind: 'needs_reconnect' });
    expect(await eventsOf(connection.id!)).toEqual(['connection.connected', 'connection.needs_reconnect']);
    const [listed] = (await service.connections(await caller('studio'), { page: 1, page_size: 20, merchant_id: w.ids.get('client')! })).list;
    expect(listed!.connections.find((row) => row.platform === 'youtube')).toMatchObject({ state: 'needs_reconnect' });

    // Connecting again replaces the grant.
    const again = await connected();
    expect(again).toMatchObject({ id: connection.id, state: 'connected' });
  });

  it('keeps the refresh token when the platform does not send a new one', async () => {
    const connection = await connected();
    platform.nextRefresh = 'rotate-without-refresh';
    await service.refresh(connection.id!);
    now = new Date(now.getTime() + 2 * 60_000);
    platform.nextRefresh = 'ok';
    const before = platform.refreshes;
    // The kept refresh token is what the platform is asked with (it refuses anything else).
    expect(await service.refresh(connection.id!)).toMatch(/^at-secret-/);
    expect(platform.refreshes - before).toBe(1);
    expect((await stateOf(connection.id!)).state).toBe('connected');
  });

  it('shows a grant that ends within a week as expiring', async () => {
    const connection = await connected();
    await t.query(sql`update platform_connections set refresh_expires_at = now() + interval '2 days' where id = ${connection.id}`);
    const [listed] = (await service.connections(await caller('studio'), { page: 1, page_size: 20, merchant_id: w.ids.get('client')!, state: 'expiring' })).list;
    expect(listed!.connections.find((row) => row.platform === 'youtube')).toMatchObject({ state: 'expiring' });
  });
});

describe('the sealing key', () => {
  const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://nearcast.example.com', PAYOUT_DETAILS_KEY: 'ab'.repeat(32) };

  it('is required in production once a real platform is configured, and must be 32 bytes', () => {
    expect(() => loadConfig({ ...production, TIKTOK_CLIENT_ID: 'id', TIKTOK_CLIENT_SECRET: 'secret' })).toThrow(/PLATFORM_TOKEN_KEY is required/);
    expect(() => loadConfig({ ...production, PLATFORM_TOKEN_KEY: 'short' })).toThrow(/PLATFORM_TOKEN_KEY: must be 32 bytes/);
    expect(loadConfig({ ...production, TIKTOK_CLIENT_ID: 'id', PLATFORM_TOKEN_KEY: 'cd'.repeat(32) }).PLATFORM_TOKEN_KEY).toBe('cd'.repeat(32));
    // Sandbox-only production (no platform configured) starts with the development key.
    expect(decodeKey(loadConfig(production).PLATFORM_TOKEN_KEY)).not.toBeNull();
  });
});
