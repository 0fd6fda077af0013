// @vitest-environment happy-dom
import { answerApi, newUser, renderInShell, setLanguage } from '../../../test/dom';
import { api, type VideoPost, type VideoPublishJob } from '@nearcast/contract';
import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { JobList } from './job-list';

const copied = vi.hoisted(() => [] as string[]);
vi.mock('../../../lib/clipboard', () => ({
  copyWithNotice: (text: string) => {
    copied.push(text);
    return Promise.resolve();
  },
}));

const NO_METRICS = { plays: null, likes: null, comments: null, shares: null, collections: null };

function jobOf(id: number, platform: VideoPublishJob['platform'], patch: Partial<VideoPublishJob> = {}): VideoPublishJob {
  return {
    id,
    platform,
    sandbox: false,
    mode: 'api',
    language: 'en',
    state: 'published',
    url: null,
    reason: null,
    private_only: false,
    attempts: 1,
    run_after: null,
    deferred_reason: null,
    published_at: '2026-11-27T16:00:00.000Z',
    approved_at: null,
    metrics: NO_METRICS,
    metrics_at: null,
    ...patch,
  };
}

/** Only what the job list reads of a post. */
const postOf = (jobs: VideoPublishJob[], platformCaptions: VideoPost['platform_captions']) =>
  ({
    id: 41,
    title: 'Taco Tuesday',
    language: 'en',
    captions: [
      { language: 'en', caption: 'Two tacos, one price, all Tuesday.', hashtags: ['tacos'] },
      { language: 'es', caption: 'Dos tacos, un precio, todo el martes.', hashtags: ['tacos', 'martes'] },
    ],
    platform_captions: platformCaptions,
    jobs,
  }) as unknown as VideoPost;

const server = vi.fn(
  answerApi((path) =>
    path === api.base.video.path
      ? { code: '200', data: { url: '/files/41.mp4', expires_at: new Date(Date.now() + 3_600_000).toISOString() } }
      : { code: '404', msg: `no ${path}`, data: null },
  ),
);

beforeAll(async () => {
  await setLanguage('en-US', ['common', 'video']);
  vi.stubGlobal('fetch', server);
});
afterAll(() => vi.unstubAllGlobals());
beforeEach(() => {
  copied.length = 0;
});

const captionOf = (platform: string) => within(screen.getByTestId(`job-${platform}`)).getByTestId('job-caption');

describe('a post’s platforms', () => {
  it('show each platform the caption it gets: its own when written, else the caption in its job’s language', () => {
    const post = postOf(
      [jobOf(1, 'tiktok'), jobOf(2, 'youtube', { language: 'es' }), jobOf(3, 'instagram')],
      [
        { platform: 'tiktok', caption: 'POV: it is Tuesday and tacos are two for one', hashtags: ['fyp', 'tacotuesday'] },
        // A platform caption left without words: the language's caption goes instead.
        { platform: 'instagram', caption: '', hashtags: ['ignored'] },
      ],
    );
    renderInShell(<JobList post={post} canAct={false} />);

    expect(captionOf('tiktok')).toHaveAttribute('data-own', 'true');
    expect(captionOf('tiktok')).toHaveTextContent('Its own caption');
    expect(captionOf('tiktok')).toHaveTextContent('POV: it is Tuesday and tacos are two for one');
    expect(captionOf('tiktok')).toHaveTextContent('#fyp #tacotuesday');

    expect(captionOf('youtube')).toHaveAttribute('data-own', 'false');
    expect(captionOf('youtube')).toHaveTextContent('The Spanish caption');
    expect(captionOf('youtube')).toHaveTextContent('Dos tacos, un precio, todo el martes.');
    expect(captionOf('youtube')).toHaveTextContent('#tacos #martes');

    expect(captionOf('instagram')).toHaveTextContent('Two tacos, one price, all Tuesday.');
    expect(captionOf('instagram')).not.toHaveTextContent('#ignored');
  });

  it('copies a hand-posted platform’s own caption for the person posting it', async () => {
    const user = newUser();
    const post = postOf([jobOf(1, 'instagram', { mode: 'assisted', state: 'queued', published_at: null })], [{ platform: 'instagram', caption: 'Tuesday = tacos 🌮', hashtags: ['reels'] }]);
    renderInShell(<JobList post={post} canAct />);
    await user.click(within(screen.getByTestId('job-instagram')).getByTestId('job-copy-caption'));
    expect(copied).toEqual(['Tuesday = tacos 🌮\n\n#reels']);
  });
});
