// @vitest-environment happy-dom
import { renderInShell, setLanguage } from '../../../test/dom';
import type { LiveInfo } from '@nearcast/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LiveBox } from './live-box';

/** An event long over, so no clock ticks in the test: 2026-11-28 15:00 in Los Angeles. */
const live: LiveInfo = {
  start_time: '2026-11-28T23:00:00.000Z',
  time_zone: 'America/Los_Angeles',
  duration_minutes: 60,
  end_time: '2026-11-29T00:00:00.000Z',
  link: 'https://live.example.com/tacos',
  time_status: 'ended',
};

describe('the live box', () => {
  it.each([
    ['en-US', 'Sat'],
    ['es-ES', 'sáb'],
    ['zh-CN', '周六'],
  ] as const)('writes the event’s time in the zh-CN date style in %s, the weekday in the reader’s language', async (language, weekday) => {
    await setLanguage(language, ['common', 'item']);
    renderInShell(<LiveBox id={1} live={live} />);
    const time = screen.getByTestId('item-live').querySelector('time')!;
    expect(time.textContent).toContain('2026/11/28 15:00');
    expect(time.textContent).toContain(weekday);
    expect(time.textContent).not.toMatch(/November|noviembre|11月/);
  });

  it('falls back to UTC for a zone the browser does not know', async () => {
    await setLanguage('en-US', ['common', 'item']);
    renderInShell(<LiveBox id={1} live={{ ...live, time_zone: 'Mars/Olympus_Mons' }} />);
    expect(screen.getByTestId('item-live').querySelector('time')!.textContent).toContain('2026/11/28 23:00');
  });
});
