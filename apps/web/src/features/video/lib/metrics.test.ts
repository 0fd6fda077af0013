import { describe, expect, it } from 'vitest';
import { formatCount, formatMetric } from './metrics';
import { byTargetOrder } from './platforms';

describe('video metrics display', () => {
  it('says not available for a metric the platform does not give, and 0 for a real zero', () => {
    expect(formatMetric(null, 'en-US', 'n/a')).toBe('n/a');
    expect(formatMetric(undefined, 'en-US', 'n/a')).toBe('n/a');
    expect(formatMetric(0, 'en-US', 'n/a')).toBe('0');
  });

  it('writes small counts in full and large ones compactly in the reader language', () => {
    expect(formatCount(9_876, 'en-US')).toBe('9,876');
    expect(formatCount(12_345, 'en-US')).toBe('12.3K');
    expect(formatCount(12_345, 'zh-CN')).toBe('1.2万');
  });

  it('orders platforms as the spec lists them, the sandbox and unknown ones last', () => {
    const rows = ['sandbox', 'facebook', 'mastodon', 'tiktok', 'weibo'].map((platform) => ({ platform }));
    expect(byTargetOrder(rows, (row) => row.platform).map((row) => row.platform)).toEqual(['tiktok', 'weibo', 'facebook', 'sandbox', 'mastodon']);
  });
});
