import { createHash, randomBytes } from 'node:crypto';
import {
  CONNECTION_EXPIRING_DAYS,
  VIDEO_OAUTH_CALLBACK_PATH,
  type ParsedRequestOf,
  type PublishTargetName,
  type ResponseOf,
  type VideoConnection,
  type api,
} from '@nearcast/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Caller } from '../../access/caller.js';
import { PublishError, type PublisherRegistry, type PlatformAccount, type TokenSet } from '../../adapters/publishing/index.js';
import type { Db, Executor, Tx } from '../../db/client.js';
import { notFound, rejected } from '../../errors.js';
import { periodicPass, type AnyJob } from '../../jobs/queue.js';
import { seal, unseal } from '../../lib/sealed-secret.js';
import type { EventService } from '../events/service.js';
import * as repo from './connection-repository.js';
import type { PlatformConnectionRow } from './connection-repository.js';
import type { PublishConnections } from './publish-engine.js';
import { merchantVisible } from './repository.js';

type Api = typeof api;

/** How long an authorization may take between start and callback. */
export const OAUTH_STATE_MINUTES = 15;
/** Access tokens ending within this margin are refreshed by the job (which runs every five minutes). */
export const REFRESH_MARGIN_MS = 20 * 60_000;
/** Another worker refreshed within this window: its token is used instead of refreshing twice. */
const REFRESHED_RECENTLY_MS = 60_000;
const REFRESH_BATCH = 100;
export const REFRESH_JOB = 'video.refresh-tokens';

interface StoredTokens {
  access_token: string;
  refresh_token: string | null;
}

export interface ConnectionSettings {
  publicUrl: string;
  /** The AES-256-GCM key the tokens are sealed with (PLATFORM_TOKEN_KEY). */
  key: Buffer;
  now?: () => Date;
}

/**
 * Platform connections of merchants (docs/decisions/032): OAuth 2 with state and PKCE (S256)
 * for every platform, tokens sealed at rest and opened only for the one call that uses them,
 * and refreshes that keep a connection through passing failures. Only a platform's word that
 * the grant is gone (`needs_reconnect`) disconnects, and then the event tells the people who
 * must act. Implements the engine's `PublishConnections`.
 */
export class ConnectionService implements PublishConnections {
  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    private readonly publishers: PublisherRegistry,
    private readonly events: Pick<EventService, 'record'>,
    private readonly settings: ConnectionSettings,
  ) {
    this.now = settings.now ?? (() => new Date());
  }

  platforms(): ResponseOf<Api['video']['platforms']> {
    return {
      list: this.publishers.catalog().map((entry) => ({
        platform: entry.platform,
        mode: entry.mode,
        sandbox: entry.live === 'sandbox',
        available: entry.live !== 'off',
        pkce: entry.pkce,
      })),
    };
  }

  async connections(caller: Caller, body: ParsedRequestOf<Api['video']['connections']>): Promise<ResponseOf<Api['video']['connections']>> {
    const now = this.now();
    const { rows, total } = await repo.listMerchants(
      this.db,
      caller,
      {
        keyword: body.keyword,
        merchantId: body.merchant_id,
        connectionCondition: body.state ? repo.merchantsWithState(body.state, expiringBefore(now)) : undefined,
      },
      body.page,
      body.page_size,
    );
    const connections = await repo.connectionsOf(
      this.db,
      rows.map((row) => row.id),
    );
    const catalog = this.publishers.catalog();
    return {
      list: rows.map((merchant) => {
        const own = connections.filter((row) => row.merchantId === merchant.id);
        return {
          merchant_id: merchant.id,
          merchant_name: merchant.name,
          // Every platform this instance can connect, plus any the merchant is still connected
          // to (a platform switched off later is shown, not hidden).
          connections: catalog
            .filter((entry) => entry.live !== 'off' || own.some((row) => row.platform === entry.platform && row.state !== 'disconnected'))
            .map((entry) => {
              const row = own.find((item) => item.platform === entry.platform);
              return row && row.state !== 'disconnected'
                ? this.present(row, now)
                : {
                    id: null,
                    merchant_id: merchant.id,
                    platform: entry.platform,
                    state: 'not_connected' as const,
                    sandbox: entry.live === 'sandbox',
                    mode: entry.mode,
                    account_name: null,
                    connected_at: null,
                    expires_at: null,
                    last_error: null,
                  };
            }),
        };
      }),
      total,
      page: body.page,
      page_size: body.page_size,
    };
  }

  /** Starts an authorization: a state and a PKCE verifier kept server-side, the platform's consent URL answered. */
  async connect(caller: Caller, body: ParsedRequestOf<Api['video']['connect']>): Promise<ResponseOf<Api['video']['connect']>> {
    if (!(await merchantVisible(this.db, caller, body.merchant_id))) throw notFound();
    const publisher = this.publishers.forNewConnection(body.platform);
    if (!publisher) throw rejected('video.platform_unavailable', { platform: body.platform });
    const state = randomBytes(32).toString('base64url');
    const verifier = randomBytes(48).toString('base64url');
    const stateHash = sha256(state);
    const expiresAt = new Date(this.now().getTime() + OAUTH_STATE_MINUTES * 60_000);
    const redirectUri = new URL(VIDEO_OAUTH_CALLBACK_PATH, this.settings.publicUrl).toString();
    await repo.insertState(this.db, {
      stateHash,
      merchantId: body.merchant_id,
      platform: body.platform,
      startedById: caller.id,
      sealedVerifier: seal(this.settings.key, verifier, stateContext(stateHash)),
      redirectUri,
      expiresAt,
    });
    const authorizeUrl = publisher.authorizeUrl({
      state,
      redirectUri,
      codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
    });
    return { authorize_url: authorizeUrl, expires_at: expiresAt.toISOString() };
  }

  /**
   * The platform sent the browser back. The state is used up first, whatever follows (a code is
   * single-use anyway), and only by the account that started it; then the code is exchanged
   * with the kept verifier and the grant is saved sealed.
   */
  async callback(caller: Caller, body: ParsedRequestOf<Api['video']['connectCallback']>): Promise<VideoConnection> {
    const now = this.now();
    const state = await repo.consumeState(this.db, sha256(body.state), now);
    // Someone else's state is as unknown to this caller as a made-up one.
    if (!state || state.startedById !== caller.id) throw rejected('video.oauth_state_invalid');
    if (state.expiresAt.getTime() <= now.getTime()) throw rejected('video.oauth_state_expired');
    if (body.error) throw rejected('video.oauth_denied', { reason: body.error });
    if (!body.code) throw rejected('video.oauth_failed');
    if (!(await merchantVisible(this.db, caller, state.merchantId))) throw notFound();
    const publisher = this.publishers.forNewConnection(state.platform);
    if (!publisher) throw rejected('video.platform_unavailable', { platform: state.platform });

    let granted: { tokens: TokenSet; account: PlatformAccount };
    try {
      granted = await publisher.exchange({
        code: body.code,
        redirectUri: state.redirectUri,
        codeVerifier: unseal(this.settings.key, state.sealedVerifier, stateContext(state.stateHash)),
      });
    } catch (error) {
      if (error instanceof PublishError) throw rejected('video.oauth_failed');
      throw error;
    }

    const row = await this.db.transaction(async (tx) => {
      const saved = await repo.upsert(tx, {
        merchantId: state.merchantId,
        platform: state.platform,
        state: 'connected',
        sandbox: publisher.sandbox,
        remoteAccountId: granted.account.id,
        remoteAccountName: granted.account.name,
        sealedTokens: this.sealTokens(state.merchantId, state.platform, granted.tokens),
        accessExpiresAt: granted.tokens.accessExpiresAt,
        refreshExpiresAt: grantEnd(granted.tokens),
        scopes: granted.tokens.scopes,
        connectedById: caller.id,
      });
      await this.events.record(tx, 'connection.connected', {
        actor_id: caller.id,
        subject_id: saved.id,
        account_id: saved.merchantId,
        payload: { connection_id: saved.id, platform: saved.platform },
      });
      return saved;
    });
    return this.present(row, now);
  }

  async disconnect(caller: Caller, id: number): Promise<void> {
    const row = await repo.findVisible(this.db, caller, id);
    if (!row || row.state === 'disconnected') throw notFound();
    await this.db.transaction(async (tx) => {
      await repo.lock(tx, id);
      await repo.update(tx, id, { state: 'disconnected', sealedTokens: null, accessExpiresAt: null, refreshExpiresAt: null, lastError: null });
      // Said like connecting, so readers that count connections from events stay right.
      await this.events.record(tx, 'connection.disconnected', {
        actor_id: caller.id,
        subject_id: id,
        account_id: row.merchantId,
        payload: { connection_id: id, platform: row.platform },
      });
    });
  }

  /** The live state of one merchant's connection to a platform (null: not connected). */
  async usable(merchantId: number, platform: PublishTargetName): Promise<PlatformConnectionRow | null> {
    const row = await repo.findByMerchantPlatform(this.db, merchantId, platform);
    if (!row || row.state !== 'connected') return null;
    return this.publishers.forConnection({ platform: row.platform, sandbox: row.sandbox }) ? row : null;
  }

  /** The merchant's connections that can publish now; `ex` is the caller's transaction when it has one. */
  async usableAll(merchantId: number, ex: Executor = this.db): Promise<PlatformConnectionRow[]> {
    const rows = await repo.connectionsOf(ex, [merchantId]);
    return rows.filter((row) => row.state === 'connected' && this.publishers.forConnection({ platform: row.platform, sandbox: row.sandbox }) !== null);
  }

  // ---- the engine's side (PublishConnections) --------------------------------------------------

  async access(connectionId: number) {
    const row = await repo.findById(this.db, connectionId);
    if (!row || row.state !== 'connected' || !row.sealedTokens) {
      throw new PublishError('needs_reconnect', 'The account is not connected any more');
    }
    const tokens = this.openTokens(row);
    return {
      accessToken: tokens.access_token,
      account: { id: row.remoteAccountId, name: row.remoteAccountName },
      platform: row.platform,
      sandbox: row.sandbox,
    };
  }

  /**
   * A new access token, one refresh at a time per connection (a platform that rotates refresh
   * tokens would otherwise see the old one used twice and revoke the grant). A worker that
   * waited for the lock while another refreshed uses that fresh token.
   */
  async refresh(connectionId: number): Promise<string> {
    const outcome = await this.db.transaction(async (tx) => {
      const row = await repo.lock(tx, connectionId);
      if (!row || row.state !== 'connected' || !row.sealedTokens) return { kind: 'gone' as const, message: 'The account is not connected any more' };
      const now = this.now();
      const tokens = this.openTokens(row);
      if (
        row.lastRefreshAt &&
        now.getTime() - row.lastRefreshAt.getTime() < REFRESHED_RECENTLY_MS &&
        (!row.accessExpiresAt || row.accessExpiresAt.getTime() > now.getTime())
      ) {
        return { kind: 'ok' as const, accessToken: tokens.access_token };
      }
      const publisher = this.publishers.forConnection({ platform: row.platform, sandbox: row.sandbox });
      if (!publisher) return { kind: 'passing' as const, message: 'This platform is not configured on the server' };
      const grantOver = row.refreshExpiresAt !== null && row.refreshExpiresAt.getTime() <= now.getTime();
      if (!tokens.refresh_token && !grantOver) {
        // Nothing to refresh with, and the token has not ended yet: it is all there is.
        return { kind: 'ok' as const, accessToken: tokens.access_token };
      }
      if (!tokens.refresh_token || grantOver) {
        await this.markNeedsReconnect(tx, row, 'The authorization has ended; the merchant must connect again');
        return { kind: 'gone' as const, message: 'The authorization has ended' };
      }
      try {
        const fresh = await publisher.refresh(tokens.refresh_token);
        const kept: TokenSet = { ...fresh, refreshToken: fresh.refreshToken ?? tokens.refresh_token };
        await repo.update(tx, row.id, {
          sealedTokens: this.sealTokens(row.merchantId, row.platform, kept),
          accessExpiresAt: kept.accessExpiresAt,
          refreshExpiresAt: fresh.refreshToken ? grantEnd(kept) : (row.refreshExpiresAt ?? grantEnd(kept)),
          scopes: kept.scopes.length > 0 ? kept.scopes : row.scopes,
          lastRefreshAt: now,
          refreshFailures: 0,
          lastError: null,
        });
        return { kind: 'ok' as const, accessToken: kept.accessToken };
      } catch (error) {
        const message = error instanceof Error ? error.message : 'The platform could not be reached';
        if (error instanceof PublishError && error.kind === 'needs_reconnect') {
          await this.markNeedsReconnect(tx, row, message);
          return { kind: 'gone' as const, message };
        }
        // A passing failure (the platform down, a 429, a timeout): the grant is still good.
        await repo.update(tx, row.id, { refreshFailures: row.refreshFailures + 1, lastError: message });
        return { kind: 'passing' as const, message };
      }
    });
    if (outcome.kind === 'ok') return outcome.accessToken;
    throw new PublishError(outcome.kind === 'gone' ? 'needs_reconnect' : 'unavailable', outcome.message);
  }

  /** Refreshes every connection whose access token ends soon; answers how many were refreshed. */
  async refreshDue(log?: FastifyBaseLogger): Promise<number> {
    const now = this.now();
    const ids = await repo.dueForRefresh(this.db, new Date(now.getTime() + REFRESH_MARGIN_MS), REFRESH_BATCH);
    let refreshed = 0;
    for (const id of ids) {
      try {
        await this.refresh(id);
        refreshed += 1;
      } catch (error) {
        // Logged by id and kind only: the message is the platform's, never a token.
        if (error instanceof PublishError) log?.warn({ connection: id, kind: error.kind }, 'platform token refresh failed');
        else throw error;
      }
    }
    await repo.purgeStates(this.db, new Date(now.getTime() - 24 * 3600_000));
    return refreshed;
  }

  jobDefinitions(log: FastifyBaseLogger): AnyJob[] {
    return [periodicPass(REFRESH_JOB, '*/5 * * * *', () => this.refreshDue(log), (refreshed) => log.info({ refreshed }, 'refreshed platform tokens'))];
  }

  present(row: PlatformConnectionRow, now: Date = this.now()): VideoConnection {
    const publisher = this.publishers.forConnection({ platform: row.platform, sandbox: row.sandbox });
    const expiring = row.state === 'connected' && row.refreshExpiresAt !== null && row.refreshExpiresAt.getTime() < expiringBefore(now).getTime();
    return {
      id: row.id,
      merchant_id: row.merchantId,
      platform: row.platform,
      state: row.state === 'disconnected' ? 'not_connected' : row.state === 'needs_reconnect' ? 'needs_reconnect' : expiring ? 'expiring' : 'connected',
      sandbox: row.sandbox || row.platform === 'sandbox',
      mode: publisher?.mode ?? 'api',
      account_name: row.remoteAccountName,
      connected_at: row.connectedAt.toISOString(),
      expires_at: row.refreshExpiresAt?.toISOString() ?? null,
      last_error: row.lastError,
    };
  }

  private async markNeedsReconnect(tx: Tx, row: PlatformConnectionRow, message: string): Promise<void> {
    await repo.update(tx, row.id, { state: 'needs_reconnect', lastError: message });
    await this.events.record(tx, 'connection.needs_reconnect', {
      actor_id: null,
      subject_id: row.id,
      account_id: row.merchantId,
      payload: { connection_id: row.id, platform: row.platform },
    });
  }

  private sealTokens(merchantId: number, platform: string, tokens: TokenSet): string {
    const stored: StoredTokens = { access_token: tokens.accessToken, refresh_token: tokens.refreshToken };
    return seal(this.settings.key, JSON.stringify(stored), tokenContext(merchantId, platform));
  }

  private openTokens(row: PlatformConnectionRow): StoredTokens {
    return JSON.parse(unseal(this.settings.key, row.sealedTokens!, tokenContext(row.merchantId, row.platform))) as StoredTokens;
  }
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const stateContext = (stateHash: string) => `platform-oauth-state:${stateHash}`;
const tokenContext = (merchantId: number, platform: string) => `platform-tokens:${merchantId}:${platform}`;
const expiringBefore = (now: Date) => new Date(now.getTime() + CONNECTION_EXPIRING_DAYS * 86_400_000);

/**
 * When the merchant must authorize again: the refresh grant's end, or, without a refresh token,
 * the access token's. Null: the platform states no end.
 */
function grantEnd(tokens: TokenSet): Date | null {
  return tokens.refreshToken ? tokens.refreshExpiresAt : tokens.accessExpiresAt;
}
