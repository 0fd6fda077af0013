// @vitest-environment happy-dom
import { newUser, renderInShell, setLanguage } from '../../test/dom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { DropZone } from './drop-zone';
import { UploadList } from './upload-list';
import { useUploadQueue, type Sending } from './use-upload-queue';

/**
 * The queue, the drop zone and the list as every uploader assembles them, over a transport the
 * test drives: each file sent waits until the test reports progress, answers or fails it.
 */
interface Sent extends Sending {
  file: File;
  resolve: (result: string) => void;
  reject: (error: unknown) => void;
}
let sent: Sent[] = [];
const send = (file: File, sending: Sending) => new Promise<string>((resolve, reject) => sent.push({ file, ...sending, resolve, reject }));
const sentFor = (name: string) => sent.filter((entry) => entry.file.name === name).at(-1)!;

function TextUploader({ onUploaded, parallel = 2 }: { onUploaded?: (result: string) => void; parallel?: number }) {
  const queue = useUploadQueue<string, File>({
    admit: (file) => (file.name.endsWith('.txt') ? { entry: file } : { refusal: 'Only text files' }),
    send,
    onUploaded,
    parallel,
  });
  return (
    <div>
      <DropZone onFiles={queue.add} accept=".txt" title="Drop notes here" hint={(id) => <span id={id}>Text files, any size</span>} testId="zone" inputTestId="input" />
      {/* Retry as any failed file would offer it: the queue still holds back a file refused when picked. */}
      <UploadList queue={queue} canRetry={(item) => item.status === 'failed' || item.status === 'cancelled'} itemTestId="item" />
    </div>
  );
}

const text = (name: string, size = 1000) => {
  const file = new File(['x'], name, { type: 'text/plain' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};
const zone = () => screen.getByRole('button', { name: 'Drop notes here' });
const picker = () => screen.getByTestId<HTMLInputElement>('input');
const item = (name: string) => screen.getByText(name).closest('li')!;
const settle = (action: () => void) => act(async () => action());

beforeAll(async () => {
  await setLanguage('en-US');
});
beforeEach(() => {
  sent = [];
});

describe('the drop zone', () => {
  it('is a button a keyboard reaches, named by its title and described by its limits, that opens the picker', async () => {
    const user = newUser();
    renderInShell(<TextUploader />);
    expect(zone()).toHaveAccessibleDescription('Text files, any size');
    expect(picker()).toHaveAttribute('accept', '.txt');
    expect(picker()).toHaveAttribute('multiple');

    const opens = vi.spyOn(picker(), 'click').mockImplementation(() => undefined);
    await user.tab();
    expect(zone()).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    await user.click(zone());
    expect(opens).toHaveBeenCalledTimes(3);
  });

  it('shows when files are dragged over it, and takes what is dropped or picked', async () => {
    const user = newUser();
    renderInShell(<TextUploader />);
    fireEvent.dragOver(zone());
    expect(zone()).toHaveClass('nc-uploader__zone--over');
    fireEvent.dragLeave(zone());
    expect(zone()).not.toHaveClass('nc-uploader__zone--over');

    fireEvent.dragOver(zone());
    fireEvent.drop(zone(), { dataTransfer: { files: [text('a.txt'), text('b.txt')] } });
    expect(zone()).not.toHaveClass('nc-uploader__zone--over');
    await user.upload(picker(), [text('c.txt')]);
    expect(screen.getAllByTestId('item').map((entry) => entry.dataset.name)).toEqual(['a.txt', 'b.txt', 'c.txt']);
  });
});

describe('the upload queue', () => {
  it('sends at most `parallel` files at a time, shows each one’s progress, and hands over what the transport answered', async () => {
    const user = newUser();
    const onUploaded = vi.fn();
    renderInShell(<TextUploader onUploaded={onUploaded} />);
    await user.upload(picker(), [text('a.txt'), text('b.txt'), text('c.txt')]);

    await waitFor(() => expect(sent.map((entry) => entry.file.name)).toEqual(['a.txt', 'b.txt']));
    expect(within(item('a.txt')).getByText('Uploading…')).toBeInTheDocument();
    expect(within(item('c.txt')).getByText('Waiting')).toBeInTheDocument();

    await settle(() => sentFor('a.txt').onProgress(500));
    expect(screen.getByRole('progressbar', { name: 'Upload progress of a.txt' })).toHaveAttribute('aria-valuenow', '50');

    await settle(() => sentFor('a.txt').resolve('stored a'));
    expect(within(item('a.txt')).getByText('Uploaded')).toBeInTheDocument();
    expect(onUploaded).toHaveBeenCalledWith('stored a');
    // A place freed: the third file starts, and nothing is sent twice.
    await waitFor(() => expect(within(item('c.txt')).getByText('Uploading…')).toBeInTheDocument());
    expect(sent.map((entry) => entry.file.name)).toEqual(['a.txt', 'b.txt', 'c.txt']);
  });

  it('shows why a file failed under it and in a toast, and sends it again on request', async () => {
    const user = newUser();
    renderInShell(<TextUploader />);
    await user.upload(picker(), [text('a.txt'), text('b.txt')]);
    await waitFor(() => expect(sent).toHaveLength(2));

    await settle(() => sentFor('a.txt').reject(new ApiError('envelope', '415', 'The bytes are not text')));
    expect(within(item('a.txt')).getByText('The bytes are not text')).toBeInTheDocument();
    expect(await screen.findByText('a.txt was not uploaded: The bytes are not text')).toBeInTheDocument();
    // A failure without the server's words gets ours.
    await settle(() => sentFor('b.txt').reject(new TypeError('Failed to fetch')));
    expect(within(item('b.txt')).getByText('Upload failed, please try again')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Upload a.txt again' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]!.file.name).toBe('a.txt');
    await settle(() => sentFor('a.txt').resolve('stored a'));
    expect(within(item('a.txt')).getByText('Uploaded')).toBeInTheDocument();
  });

  it('cancels on request: the transport’s signal aborts, and a cancel is not a failure and says nothing', async () => {
    const user = newUser();
    renderInShell(<TextUploader parallel={1} />);
    await user.upload(picker(), [text('a.txt'), text('b.txt')]);
    await waitFor(() => expect(sent).toHaveLength(1));

    // A file still waiting is cancelled before it is ever sent.
    await user.click(screen.getByRole('button', { name: 'Cancel uploading b.txt' }));
    await user.click(screen.getByRole('button', { name: 'Cancel uploading a.txt' }));
    expect(sentFor('a.txt').signal.aborted).toBe(true);
    await settle(() => sentFor('a.txt').reject(new DOMException('The upload was cancelled.', 'AbortError')));
    expect(within(item('a.txt')).getByText('Cancelled')).toBeInTheDocument();
    expect(within(item('b.txt')).getByText('Cancelled')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(screen.queryByText(/was not uploaded/)).not.toBeInTheDocument();
  });

  it('stops whatever is still travelling when it leaves the page', async () => {
    const user = newUser();
    const { unmount } = renderInShell(<TextUploader />);
    await user.upload(picker(), [text('a.txt'), text('b.txt')]);
    await waitFor(() => expect(sent).toHaveLength(2));
    await settle(() => sentFor('a.txt').resolve('stored a'));

    unmount();
    expect(sentFor('a.txt').signal.aborted).toBe(false);
    expect(sentFor('b.txt').signal.aborted).toBe(true);
  });

  it('fails a file refused when picked at once, with the words why, never sends it nor offers to, and removes it on request', async () => {
    const user = newUser();
    renderInShell(<TextUploader />);
    fireEvent.drop(zone(), { dataTransfer: { files: [text('menu.pdf')] } });

    expect(within(item('menu.pdf')).getByText('Only text files')).toBeInTheDocument();
    expect(item('menu.pdf')).toHaveAttribute('data-status', 'failed');
    expect(screen.queryByRole('button', { name: 'Upload menu.pdf again' })).not.toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove menu.pdf from the list' }));
    expect(screen.queryByText('menu.pdf')).not.toBeInTheDocument();
  });
});
