import { PUBLISH_PLATFORMS } from '@nearcast/contract';
import type { Config } from '../../config.js';
import type { Publisher, PublisherOptions, PublishMode, PublishPlatform, PublishTarget } from './publisher.js';
import { SandboxPublisher } from './sandbox.js';
import { BilibiliPublisher } from './bilibili.js';
import { FacebookPublisher } from './facebook.js';
import { InstagramPublisher } from './instagram.js';
import { KuaishouPublisher } from './kuaishou.js';
import { PinterestPublisher } from './pinterest.js';
import { TikTokPublisher } from './tiktok.js';
import { VkPublisher } from './vk.js';
import { WeiboPublisher } from './weibo.js';
import { YouTubePublisher } from './youtube.js';

export * from './publisher.js';
export { SandboxPublisher, sandboxMetrics, sandboxRemoteId, SANDBOX_REJECT_TAG } from './sandbox.js';

/**
 * The real adapter of each platform, built from its client credentials. A platform missing here
 * (or without credentials in the configuration) is served by the sandbox where that is allowed.
 */
export type PublisherFactory = (options: PublisherOptions) => Publisher;
const REAL_ADAPTERS: Partial<Record<PublishPlatform, PublisherFactory>> = {
  tiktok: (options) => new TikTokPublisher(options),
  youtube: (options) => new YouTubePublisher(options),
  instagram: (options) => new InstagramPublisher(options),
  facebook: (options) => new FacebookPublisher(options),
  pinterest: (options) => new PinterestPublisher(options),
  vk: (options) => new VkPublisher(options),
  bilibili: (options) => new BilibiliPublisher(options),
  kuaishou: (options) => new KuaishouPublisher(options),
  weibo: (options) => new WeiboPublisher(options),
};

/** How a platform is served in this instance: its real API, the sandbox standing in, or not at all. */
export type PublisherLive = 'real' | 'sandbox' | 'off';

export interface PublisherCatalogEntry {
  platform: PublishTarget;
  live: PublisherLive;
  mode: PublishMode;
  pkce: boolean;
}

/** What a connection is: its platform, and whether it was made through the sandbox. */
export interface ConnectionKind {
  platform: PublishTarget;
  sandbox: boolean;
}

/**
 * Which adapter serves what. A connection made through the sandbox keeps the sandbox even after
 * the platform's credentials are configured (its tokens mean nothing to the real platform), and a
 * real connection never falls back to the sandbox: without its adapter it is simply not served.
 */
export class PublisherRegistry {
  private readonly sandboxes = new Map<PublishTarget, SandboxPublisher>();

  constructor(
    private readonly real: ReadonlyMap<PublishPlatform, Publisher>,
    private readonly sandboxAllowed: boolean,
    private readonly now?: () => Date,
  ) {}

  /** The adapter a new connection of `platform` is made through, or null when none is live. */
  forNewConnection(platform: PublishTarget): Publisher | null {
    if (platform !== 'sandbox') {
      const real = this.real.get(platform);
      if (real) return real;
    }
    return this.sandboxAllowed ? this.sandboxFor(platform) : null;
  }

  /** The adapter an existing connection publishes through, or null when it is not served here. */
  forConnection(connection: ConnectionKind): Publisher | null {
    if (connection.sandbox || connection.platform === 'sandbox') return this.sandboxAllowed ? this.sandboxFor(connection.platform) : null;
    return this.real.get(connection.platform) ?? null;
  }

  /** Every platform in spec order, then the sandbox as a platform of its own. */
  catalog(): PublisherCatalogEntry[] {
    const targets: PublishTarget[] = [...PUBLISH_PLATFORMS, 'sandbox'];
    return targets.map((platform) => {
      const publisher = this.forNewConnection(platform);
      const live: PublisherLive = !publisher ? 'off' : publisher.sandbox ? 'sandbox' : 'real';
      return { platform, live, mode: publisher?.mode ?? this.real.get(platform as PublishPlatform)?.mode ?? 'api', pkce: publisher?.pkce ?? false };
    });
  }

  /**
   * What publishes here, for the start-up line: the platforms served by their real adapter, then
   * the sandbox where it may stand in for the rest (`sandbox` alone on the embedded defaults).
   */
  summary(): string {
    const real = this.catalog().filter((entry) => entry.live === 'real').map((entry) => entry.platform);
    return [...real, ...(this.sandboxAllowed ? ['sandbox'] : [])].join('+') || 'none';
  }

  private sandboxFor(platform: PublishTarget): SandboxPublisher {
    let sandbox = this.sandboxes.get(platform);
    if (!sandbox) {
      sandbox = new SandboxPublisher({ platform, ...(this.now ? { now: this.now } : {}) });
      this.sandboxes.set(platform, sandbox);
    }
    return sandbox;
  }
}

/** The client id and secret of a platform from the configuration, when both are set. */
export function credentialsOf(config: Config, platform: PublishPlatform): { clientId: string; clientSecret: string } | null {
  const prefix = platform.toUpperCase() as Uppercase<PublishPlatform>;
  const clientId = config[`${prefix}_CLIENT_ID`];
  const clientSecret = config[`${prefix}_CLIENT_SECRET`];
  return clientId && clientSecret ? { clientId, clientSecret } : null;
}

/** Whether the sandbox may stand in: outside production unless turned off, in production only when asked. */
export function sandboxAllowed(config: Pick<Config, 'NODE_ENV' | 'PUBLISH_SANDBOX'>): boolean {
  return config.PUBLISH_SANDBOX ?? config.NODE_ENV !== 'production';
}

export function createPublishers(
  config: Config,
  options: { factories?: Partial<Record<PublishPlatform, PublisherFactory>>; now?: () => Date } = {},
): PublisherRegistry {
  const factories = { ...REAL_ADAPTERS, ...options.factories };
  const real = new Map<PublishPlatform, Publisher>();
  for (const platform of PUBLISH_PLATFORMS) {
    const factory = factories[platform];
    const credentials = credentialsOf(config, platform);
    if (factory && credentials) real.set(platform, factory(credentials));
  }
  return new PublisherRegistry(real, sandboxAllowed(config), options.now);
}
