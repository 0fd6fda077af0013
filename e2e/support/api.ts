import { baseUrl } from './browser';

/**
 * The journeys' own calls to the API, for setting a scene up or checking what a page did:
 * `apiCall` answers the whole envelope (to assert on a refusal), `apiPost` the data of a call
 * that must succeed.
 */

export interface Envelope<T> {
  code: string;
  msg: string;
  data: T;
}

/** POSTs to /api + path as the web client does, answering the whole envelope. */
export async function apiCall<T = unknown>(path: string, body: unknown, token?: string): Promise<Envelope<T>> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Envelope<T>;
}

/** Like apiCall, for a call that must succeed: answers its data, or throws with code and message. */
export async function apiPost<T>(path: string, body: unknown, token?: string): Promise<T> {
  const envelope = await apiCall<T>(path, body, token);
  if (envelope.code !== '200') throw new Error(`${path} answered ${envelope.code}: ${envelope.msg} ${JSON.stringify(envelope.data)}`);
  return envelope.data;
}
