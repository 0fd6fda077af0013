// @vitest-environment happy-dom
import { answerApi, renderInShell, setLanguage } from '../../../test/dom';
import { api, type VideoPost } from '@nearcast/contract';
import { screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PostsCalendar } from './posts-calendar';

// The calendar opens on the current month: a post on its 15th, at 09:30 on the reader's clock.
const at = dayjs().startOf('month').date(15).hour(9).minute(30);
const post = {
  id: 41,
  merchant_id: 7,
  merchant_name: 'Carmen’s Tacos',
  title: 'Taco Tuesday',
  status: 'scheduled',
  scheduled_at: at.toISOString(),
  create_time: at.subtract(1, 'day').toISOString(),
  jobs: [],
} as unknown as VideoPost;

const server = vi.fn(
  answerApi((path) =>
    path === api.video.list.path ? { code: '200', data: { list: [post], total: 1, page: 1, page_size: 100 } } : { code: '404', msg: 'not found', data: null },
  ),
);

beforeAll(async () => {
  await setLanguage('es-ES', ['common', 'video']);
  vi.stubGlobal('fetch', server);
});
afterAll(() => vi.unstubAllGlobals());

describe('the posts calendar', () => {
  it('heads the month and each day in the zh-CN date style, the weekday in the reader’s language', async () => {
    renderInShell(<PostsCalendar merchantId={null} onOpen={() => undefined} />);
    await screen.findByTestId('calendar-post-41');
    expect(screen.getByTestId('calendar-month')).toHaveTextContent(at.format('YYYY/MM'));
    const day = screen.getByRole('heading', { level: 3 });
    expect(day).toHaveTextContent(at.format('YYYY/MM/DD'));
    expect(day.textContent).toContain(new Intl.DateTimeFormat('es-ES', { weekday: 'short' }).format(at.toDate()));
    expect(screen.getByTestId('calendar-post-41')).toHaveTextContent('09:30');
  });
});
