// @vitest-environment happy-dom
import { answerApi, newUser, renderInShell, setLanguage } from '../../../test/dom';
import { api, type CurrentUser, type NotificationSettings } from '@nearcast/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationsCard } from './notifications-card';

const CHANNELS: NotificationSettings = { email: true, sms: false, system: true, marketing: false };

/** Only what the card reads of the signed-in user. */
const userOf = (accountType: number, notifications: NotificationSettings = CHANNELS) =>
  ({ id: 9, account_type: accountType, notifications }) as unknown as CurrentUser;

const asked: unknown[] = [];
const server = vi.fn(
  answerApi((path, body) => {
    if (path !== api.account.update.path) return { code: '404', msg: `no ${path}`, data: null };
    asked.push(body);
    const notifications = { ...CHANNELS, ...(body as { notifications: Partial<NotificationSettings> }).notifications };
    return { code: '200', data: { ...userOf(0), notifications } };
  }),
);

beforeAll(() => vi.stubGlobal('fetch', server));
afterAll(() => vi.unstubAllGlobals());
beforeEach(async () => {
  asked.length = 0;
  await setLanguage('en-US', ['common', 'profile']);
});

describe('the notification settings', () => {
  it('lets a merchant take its publish notices as one daily digest, and saves the choice', async () => {
    const user = newUser();
    renderInShell(<NotificationsCard user={userOf(0)} />);
    const digest = screen.getByRole('switch', { name: 'Published posts' });
    // Nothing chosen yet on the server: one notice per post.
    expect(digest).not.toBeChecked();
    expect(screen.getByTestId('notify-publish-digest-state')).toHaveTextContent('One notice for each post as it goes live');
    expect(screen.getByTestId('notifications-save')).toBeDisabled();

    await user.click(digest);
    expect(digest).toBeChecked();
    expect(screen.getByTestId('notify-publish-digest-state')).toHaveTextContent('A daily digest of the day’s published posts');
    await user.click(screen.getByTestId('notifications-save'));

    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]).toEqual({ notifications: { ...CHANNELS, publish_digest: true } });
    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
  });

  it('shows a digest already chosen, and switching back to one notice per post is a change to save', async () => {
    const user = newUser();
    renderInShell(<NotificationsCard user={userOf(1, { ...CHANNELS, publish_digest: true })} />);
    const digest = screen.getByRole('switch', { name: 'Published posts' });
    expect(digest).toBeChecked();
    await user.click(digest);
    await user.click(screen.getByTestId('notifications-save'));
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]).toEqual({ notifications: { ...CHANNELS, publish_digest: false } });
  });

  it('offers no digest to an admin, who is told of no post', () => {
    renderInShell(<NotificationsCard user={userOf(10)} />);
    expect(screen.getByRole('switch', { name: 'Email' })).toBeInTheDocument();
    expect(screen.queryByTestId('notify-publish-digest')).not.toBeInTheDocument();
  });

  it('says the choice in Chinese and Spanish too', async () => {
    await setLanguage('zh-CN', ['common', 'profile']);
    const { unmount } = renderInShell(<NotificationsCard user={userOf(0)} />);
    expect(screen.getByRole('switch', { name: '发布通知' })).toBeInTheDocument();
    unmount();
    await setLanguage('es-ES', ['common', 'profile']);
    renderInShell(<NotificationsCard user={userOf(0)} />);
    expect(screen.getByRole('switch', { name: 'Publicaciones' })).toBeInTheDocument();
    expect(screen.getByTestId('notify-publish-digest-state')).toHaveTextContent('Un aviso por cada publicación');
  });
});
