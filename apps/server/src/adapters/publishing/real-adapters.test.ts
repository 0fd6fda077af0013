import { PUBLISH_PLATFORMS } from '@nearcast/contract';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createPublishers } from './index.js';

describe('the real adapters in the registry', () => {
  it('serves every platform by its own adapter once its client id and secret are configured', () => {
    const credentials = Object.fromEntries(PUBLISH_PLATFORMS.flatMap((platform) => [[`${platform.toUpperCase()}_CLIENT_ID`, `${platform}-id`], [`${platform.toUpperCase()}_CLIENT_SECRET`, `${platform}-secret`]]));
    const registry = createPublishers(loadConfig({ NODE_ENV: 'test' }, credentials));
    for (const platform of PUBLISH_PLATFORMS) {
      const publisher = registry.forNewConnection(platform);
      expect(publisher?.platform).toBe(platform);
      expect(publisher?.sandbox).toBe(false);
      expect(publisher?.mode).toBe(platform === 'weibo' ? 'assisted' : 'api');
      // The authorize URL names our app and carries the state, whichever platform it is.
      const url = new URL(publisher!.authorizeUrl({ state: 'state-123', redirectUri: 'https://nearcast.example/video/connected', codeChallenge: 'challenge' }));
      expect(url.protocol).toBe('https:');
      expect([...url.searchParams.values()]).toContain(`${platform}-id`);
      expect(url.searchParams.get('state')).toBe('state-123');
      expect(url.searchParams.get('code_challenge')).toBe(publisher!.pkce ? 'challenge' : null);
      expect(url.toString()).not.toContain(`${platform}-secret`);
    }
    expect(registry.catalog().filter((entry) => entry.live === 'real').map((entry) => entry.platform)).toEqual([...PUBLISH_PLATFORMS]);
  });

  it('are named on the start-up line with the sandbox where it may stand in for the rest', () => {
    const youtube = { YOUTUBE_CLIENT_ID: 'yt-id', YOUTUBE_CLIENT_SECRET: 'yt-secret' };
    expect(createPublishers(loadConfig({ NODE_ENV: 'test' }, {})).summary()).toBe('sandbox');
    expect(createPublishers(loadConfig({ NODE_ENV: 'test' }, { ...youtube, TIKTOK_CLIENT_ID: 'only-an-id' })).summary()).toBe('youtube+sandbox');
    expect(createPublishers(loadConfig({ NODE_ENV: 'test', PUBLISH_SANDBOX: '0' }, youtube)).summary()).toBe('youtube');
    expect(createPublishers(loadConfig({ NODE_ENV: 'test', PUBLISH_SANDBOX: '0' })).summary()).toBe('none');
  });
});
