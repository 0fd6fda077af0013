import { PUBLISH_PLATFORMS } from '@nearcast/contract';

export type VideoTarget = (typeof PUBLISH_PLATFORMS)[number] | 'sandbox';

/** Spec §9 order, then the embedded stand-in, so every list and legend reads the same way. */
export const TARGET_ORDER: readonly VideoTarget[] = [...PUBLISH_PLATFORMS, 'sandbox'];

/**
 * One colour per platform for the charts' lines and the tags' dots, chosen to stay apart on the
 * dark surface (each reads at 3:1 or more against #12121c, the non-text contrast a line needs).
 */
export const TARGET_COLORS: Record<VideoTarget, string> = {
  tiktok: '#22d3ee',
  youtube: '#ff6b6b',
  bilibili: '#fb7299',
  instagram: '#c77dff',
  weibo: '#ffb020',
  pinterest: '#ff5c7a',
  vk: '#5c9dff',
  kuaishou: '#ff9447',
  facebook: '#4f8cff',
  sandbox: '#a594ff',
};

/** Sorts targets into the spec's order (anything unknown last, so a new platform still shows). */
export function byTargetOrder<T>(items: readonly T[], targetOf: (item: T) => string): T[] {
  const rank = (target: string) => {
    const index = TARGET_ORDER.indexOf(target as VideoTarget);
    return index === -1 ? TARGET_ORDER.length : index;
  };
  return [...items].sort((a, b) => rank(targetOf(a)) - rank(targetOf(b)));
}
