// @vitest-environment happy-dom
import { newUser, renderInShell, setLanguage } from '../../test/dom';
import type { UploadResponse } from '@nearcast/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Uploader } from './uploader';

/**
 * XMLHttpRequest as the uploader uses it (progress, abort, a JSON answer), driven by the test:
 * each request waits until the test reports progress or answers it.
 */
class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: { onprogress: ((event: { loaded: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  responseType = '';
  status = 0;
  response: unknown = null;
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  aborted = false;

  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  get fileName(): string {
    return (this.body?.get('file') as File | null)?.name ?? '';
  }
  progress(loaded: number) {
    act(() => this.upload.onprogress?.({ loaded }));
  }
  answer(status: number, envelope: { code: string; msg: string; data: unknown }) {
    act(() => {
      this.status = status;
      this.response = envelope;
      this.onload?.();
    });
  }
}

const sentFor = (name: string) => FakeXhr.sent.filter((xhr) => xhr.fileName === name).at(-1)!;
const stored = (id: number): UploadResponse => ({
  id,
  type: 'image',
  mime: 'image/png',
  size: 1000,
  url: `/files/${id}`,
  url_expires_at: '2030-01-01T00:00:00.000Z',
  expires_at: '2030-01-01T00:00:00.000Z',
});

const image = (name: string, size = 1000) => {
  const file = new File(['x'], name, { type: 'image/png' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};
const picker = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const item = (name: string) => screen.getByText(name).closest('li')!;

beforeAll(async () => {
  await setLanguage('zh-CN');
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterAll(() => {
  vi.unstubAllGlobals();
});
beforeEach(() => {
  FakeXhr.sent = [];
});

describe('the uploader, in Chinese', () => {
  it('says what its purpose takes before anything is sent', () => {
    renderInShell(<Uploader purpose="image" />);
    const zone = screen.getByRole('button', { name: '将文件拖到此处，或点击选择' });
    expect(zone).toHaveAccessibleDescription('图片：JPG, PNG, WEBP, GIF, HEIC，每个不超过 20 MB，可一次多个。');
    expect(picker()).toHaveAttribute('accept', '.jpg,.jpeg,.png,.webp,.gif,.heic');
  });

  it('refuses at once, with the limit broken, a file the server would refuse, and offers no retry', async () => {
    const user = newUser();
    renderInShell(<Uploader purpose="image" />);
    // Dropped: the picker offers only the allowed formats, a drop brings anything.
    fireEvent.drop(screen.getByRole('button', { name: '将文件拖到此处，或点击选择' }), { dataTransfer: { files: [image('menu.pdf')] } });
    await user.upload(picker(), [image('huge.png', 21 * 1024 * 1024)]);

    expect(within(item('menu.pdf')).getByText('此处不支持该格式：请使用 JPG, PNG, WEBP, GIF, HEIC')).toBeInTheDocument();
    expect(within(item('huge.png')).getByText('文件过大：上限为 20 MB')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /重新上传/ })).not.toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: '从列表中移除 menu.pdf' }));
    expect(screen.queryByText('menu.pdf')).not.toBeInTheDocument();
  });

  it('posts each file with its purpose to the temporary store, two at a time, with the bar following the request', async () => {
    const user = newUser();
    const onUploaded = vi.fn();
    renderInShell(<Uploader purpose="image" onUploaded={onUploaded} />);
    await user.upload(picker(), [image('a.png', 1000), image('b.png', 1000), image('c.png', 1000)]);

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    expect(FakeXhr.sent[0]!.url).toBe('/api/v1/base/oss/temp');
    expect(FakeXhr.sent[0]!.headers['Accept-Language']).toMatch(/^zh/);
    expect(FakeXhr.sent[0]!.body!.get('purpose')).toBe('image');
    expect(within(item('a.png')).getByText('上传中…')).toBeInTheDocument();
    expect(within(item('c.png')).getByText('等待中')).toBeInTheDocument();

    sentFor('a.png').progress(500);
    expect(screen.getByRole('progressbar', { name: 'a.png 的上传进度' })).toHaveAttribute('aria-valuenow', '50');

    sentFor('a.png').answer(200, { code: '200', msg: '', data: stored(1) });
    await waitFor(() => expect(within(item('a.png')).getByText('已上传')).toBeInTheDocument());
    expect(onUploaded).toHaveBeenCalledWith(stored(1));
    // A place freed: the third file starts.
    await waitFor(() => expect(within(item('c.png')).getByText('上传中…')).toBeInTheDocument());
  });

  it('shows the server’s reason under a failed file, says so in a toast, and retries on request', async () => {
    const user = newUser();
    renderInShell(<Uploader purpose="image" />);
    await user.upload(picker(), [image('a.png')]);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));

    sentFor('a.png').answer(415, { code: '415', msg: '文件内容与格式不符', data: null });
    expect(await within(item('a.png')).findByText('文件内容与格式不符')).toBeInTheDocument();
    expect(await screen.findByText('a.png 未能上传：文件内容与格式不符')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '重新上传 a.png' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    sentFor('a.png').answer(200, { code: '200', msg: '', data: stored(2) });
    expect(await within(item('a.png')).findByText('已上传')).toBeInTheDocument();
  });

  it('cancels a file on request: the request stops, and a cancel is not a failure', async () => {
    const user = newUser();
    renderInShell(<Uploader purpose="image" />);
    await user.upload(picker(), [image('a.png')]);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: '取消上传 a.png' }));
    expect(FakeXhr.sent[0]!.aborted).toBe(true);
    expect(within(item('a.png')).getByText('已取消')).toBeInTheDocument();
    expect(screen.queryByText(/未能上传/)).not.toBeInTheDocument();
  });
});
