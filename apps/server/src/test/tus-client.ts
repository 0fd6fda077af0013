import { FOOTAGE_TUS_PATH, type Footage } from '@nearcast/contract';
import type { TestApp } from './harness.js';

/**
 * A minimal tus 1.0.0 client for the material tests: create an upload, send bytes from an
 * offset, ask for the offset, and the whole upload-then-add path. It speaks real HTTP to the
 * app listening on a loopback port (`listenOnce`): tus streams request bodies, which
 * `app.inject`'s simulated requests do not end the way a socket does.
 */
export interface TusAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const TUS = { 'tus-resumable': '1.0.0' };
const addresses = new WeakMap<TestApp, Promise<string>>();

/** The app's address on a loopback port, listening from the first call on. */
export function listenOnce(t: TestApp): Promise<string> {
  let address = addresses.get(t);
  if (!address) {
    address = t.app.listen({ host: '127.0.0.1', port: 0 });
    addresses.set(t, address);
  }
  return address;
}

async function send(t: TestApp, method: string, url: string, headers: Record<string, string>, body?: Buffer): Promise<TusAnswer> {
  const response = await fetch(`${await listenOnce(t)}${url}`, { method, headers, ...(body ? { body } : {}) });
  return { status: response.status, headers: Object.fromEntries(response.headers.entries()), body: await response.text() };
}

function metadataHeader(metadata: Record<string, string>): string {
  return Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

export async function tusCreate(t: TestApp, token: string, size: number, metadata: Record<string, string> = {}, lang?: string): Promise<TusAnswer> {
  return send(t, 'POST', `/api${FOOTAGE_TUS_PATH}`, {
    ...TUS,
    authorization: `Bearer ${token}`,
    'upload-length': String(size),
    ...(Object.keys(metadata).length > 0 ? { 'upload-metadata': metadataHeader(metadata) } : {}),
    ...(lang ? { 'accept-language': lang } : {}),
  });
}

export async function tusPatch(t: TestApp, token: string, location: string, offset: number, bytes: Buffer, lang?: string): Promise<TusAnswer> {
  return send(
    t,
    'PATCH',
    location,
    {
      ...TUS,
      authorization: `Bearer ${token}`,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
      ...(lang ? { 'accept-language': lang } : {}),
    },
    bytes,
  );
}

export async function tusHead(t: TestApp, token: string, location: string): Promise<TusAnswer> {
  return send(t, 'HEAD', location, { ...TUS, authorization: `Bearer ${token}` });
}

/** The id `/v1/footage/add` takes: the last segment of the upload's URL. */
export function tusIdOf(location: string): string {
  return location.split('/').pop()!;
}

/** Uploads a whole file over tus in one PATCH and adds it; answers the add's envelope. */
export async function uploadAndAdd(t: TestApp, token: string, bytes: Buffer, filename: string, extra: Record<string, unknown> = {}) {
  const created = await tusCreate(t, token, bytes.length, { filename });
  if (created.status !== 201) throw new Error(`tus create answered ${created.status}: ${created.body}`);
  const location = String(created.headers.location);
  const patched = await tusPatch(t, token, location, 0, bytes);
  if (patched.status !== 204) throw new Error(`tus patch answered ${patched.status}: ${patched.body}`);
  return t.call<Footage>('/v1/footage/add', { upload: tusIdOf(location), ...extra }, { token });
}

/** Waits until the processing job has judged a material. */
export async function processed(t: TestApp, token: string, id: number, timeoutMs = 30_000): Promise<Footage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await t.call<Footage>('/v1/footage/get', { id }, { token });
    if (response.code !== '200') throw new Error(`get ${id} answered ${response.code}: ${response.msg}`);
    if (response.data.status !== 'processing') return response.data;
    if (Date.now() > deadline) throw new Error(`material ${id} still processing after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
