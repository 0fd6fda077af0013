// @vitest-environment happy-dom
import { newUser, renderInShell, setLanguage } from '../../../test/dom';
import type { Footage } from '@nearcast/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { MaterialUploader } from './material-uploader';
import type { MaterialUploadRequest } from '../lib/tus-upload';

/**
 * The resumable transport as the uploader calls it: each call waits until the test answers it.
 * (tus-upload.test.ts covers what the transport itself makes of the server's answers.)
 */
const transport = vi.hoisted(() => {
  const calls: { request: MaterialUploadRequest; resolve: (footage: Footage) => void; reject: (error: unknown) => void }[] = [];
  return { calls };
});
vi.mock('../lib/tus-upload', () => ({
  uploadMaterial: (request: MaterialUploadRequest) => new Promise<Footage>((resolve, reject) => transport.calls.push({ request, resolve, reject })),
}));
const callFor = (name: string) => transport.calls.filter((call) => call.request.file.name === name).at(-1)!;

const MB = 1024 * 1024;
const fileOf = (name: string, type: string, size = MB) => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};
const footage = (id: number, name: string) => ({ id, name, type: 'image', status: 'processing' }) as Footage;
const zone = () => screen.getByTestId('material-drop');
const item = (name: string) => screen.getByText(name).closest('li')!;

beforeAll(async () => {
  await setLanguage('es-ES', ['common', 'material']);
});
beforeEach(() => {
  transport.calls.length = 0;
});

describe('the material uploader, in Spanish', () => {
  it('shows each type’s limits as the zone’s description, not its name, and offers the camera roll', () => {
    renderInShell(<MaterialUploader userId={7} onAdded={() => undefined} />);
    const limits = screen.getByTestId('material-limits');
    expect(zone()).toHaveAttribute('aria-describedby', limits.id);
    // Named by its title alone: a screen reader reads the limits once, as the description.
    expect(zone()).toHaveAccessibleName(document.getElementById(zone().getAttribute('aria-labelledby')!)!.textContent!);
    expect(zone().getAttribute('aria-labelledby')).not.toBe(limits.id);
    expect(screen.getByTestId('material-limit-video')).toHaveTextContent('Vídeos: MP4, MOV, WEBM, hasta 500 MB y 10 minutos cada uno');
    expect(screen.getByTestId('material-limit-image')).toHaveTextContent('Imágenes: JPG, PNG, WEBP, GIF, HEIC, hasta 20 MB cada una');
    expect(screen.getByTestId('material-input').getAttribute('accept')).toMatch(/^image\/\*,video\/\*,audio\/\*,/);
  });

  it('holds each file to its own type’s limits, says why in the type’s words, and sends none it refuses', () => {
    renderInShell(<MaterialUploader userId={7} onAdded={() => undefined} />);
    fireEvent.drop(zone(), { dataTransfer: { files: [fileOf('long.mp4', 'video/mp4', 600 * MB), fileOf('menu.pdf', 'application/pdf'), fileOf('blank.png', 'image/png', 0)] } });

    expect(within(item('long.mp4')).getByText('Demasiado grande: los vídeos pueden ocupar como máximo 500 MB')).toBeInTheDocument();
    expect(within(item('menu.pdf')).getByText('No es un archivo de vídeo, imagen o audio que aceptemos')).toBeInTheDocument();
    expect(within(item('blank.png')).getByText('El archivo está vacío')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Volver a subir/ })).not.toBeInTheDocument();
    expect(transport.calls).toHaveLength(0);
  });

  it('sends a camera-roll photo without an extension as an image, for its owner, and says once it is in the library', async () => {
    const user = newUser();
    const onAdded = vi.fn();
    renderInShell(<MaterialUploader userId={7} onAdded={onAdded} />);
    const photo = fileOf('IMG_0001', 'image/jpeg', 1000);
    await user.upload(screen.getByTestId('material-input'), [photo]);

    await waitFor(() => expect(transport.calls).toHaveLength(1));
    expect(callFor('IMG_0001').request).toMatchObject({ file: photo, type: 'image', userId: 7 });
    await act(async () => callFor('IMG_0001').request.onProgress(250));
    expect(screen.getByRole('progressbar', { name: 'Progreso de la subida de IMG_0001' })).toHaveAttribute('aria-valuenow', '25');

    await act(async () => callFor('IMG_0001').resolve(footage(3, 'IMG_0001')));
    expect(within(item('IMG_0001')).getByText('Añadido a tu biblioteca')).toBeInTheDocument();
    expect(item('IMG_0001')).toHaveAttribute('data-status', 'done');
    expect(onAdded).toHaveBeenCalledWith(footage(3, 'IMG_0001'));
  });

  it('offers to continue a failed upload, and sends the same file as the same type again', async () => {
    const user = newUser();
    renderInShell(<MaterialUploader userId={7} onAdded={() => undefined} />);
    const clip = fileOf('clip.mov', 'video/quicktime', 80 * MB);
    await user.upload(screen.getByTestId('material-input'), [clip]);
    await waitFor(() => expect(transport.calls).toHaveLength(1));

    await act(async () => callFor('clip.mov').reject(new ApiError('network', 'network', 'Sin conexión')));
    expect(within(item('clip.mov')).getByText('Sin conexión')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Volver a subir clip.mov' }));
    await waitFor(() => expect(transport.calls).toHaveLength(2));
    expect(callFor('clip.mov').request).toMatchObject({ file: clip, type: 'video', userId: 7 });
  });
});
