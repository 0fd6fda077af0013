import { describe, expect, it } from 'vitest';
import { embedUrlOf } from './video-embed';

describe('embedUrlOf', () => {
  it('turns YouTube page, short and share links into the privacy-enhanced embed', () => {
    const embed = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';
    expect(embedUrlOf('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42')).toBe(embed);
    expect(embedUrlOf('https://youtu.be/dQw4w9WgXcQ')).toBe(embed);
    expect(embedUrlOf('https://m.youtube.com/shorts/dQw4w9WgXcQ')).toBe(embed);
    expect(embedUrlOf(' https://www.youtube.com/embed/dQw4w9WgXcQ ')).toBe(embed);
  });

  it('turns Vimeo links into the player address', () => {
    expect(embedUrlOf('https://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871');
    expect(embedUrlOf('https://player.vimeo.com/video/76979871')).toBe('https://player.vimeo.com/video/76979871');
  });

  it('refuses other hosts, other schemes and malformed ids', () => {
    expect(embedUrlOf('https://example.com/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(embedUrlOf('javascript:alert(1)')).toBeNull();
    expect(embedUrlOf('https://www.youtube.com/watch?v=<script>')).toBeNull();
    expect(embedUrlOf('https://www.youtube.com/channel/abc')).toBeNull();
    expect(embedUrlOf('not a link')).toBeNull();
  });
});
