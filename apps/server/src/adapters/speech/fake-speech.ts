import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for OpenAI's `POST /v1/audio/speech`: the same request body (`model`, `input`,
 * `voice`, `response_format`, `speed`), Bearer authentication, error bodies of the shape
 * `{ error: { message, type, param, code } }`, and real audio in the format asked for — a tone
 * whose length grows with the input, so a test can check durations and loudness. Its modes
 * play the failures a provider really has.
 */
export type FakeSpeechMode =
  /** Answers with audio, after `delayMs` when given (to see requests overlap). */
  | { kind: 'ok'; delayMs?: number }
  /** Answers 429 with Retry-After `retryAfter` for the next `times` requests, then audio. */
  | { kind: 'rate-limited'; retryAfter: string; times: number }
  /** Answers 500 for the next `times` requests, then audio. */
  | { kind: 'error'; times: number }
  /** Takes the request and never answers (the connection stays open until the client gives up). */
  | { kind: 'hang' }
  /** Answers 200 with an audio content type and bytes that are not audio. */
  | { kind: 'garbage' }
  /**
   * Answers 200 with a WAV header and then audio that never ends: `bytes` of it streamed as fast
   * as the client reads, or until it hangs up (Content-Length declared when `declareLength`).
   */
  | { kind: 'oversize'; bytes: number; declareLength?: boolean };

export interface FakeSpeechRequest {
  authorization: string | undefined;
  body: { model?: unknown; input?: unknown; voice?: unknown; response_format?: unknown; speed?: unknown };
  /** Set when the client hung up before an answer (a cancelled or timed-out request). */
  closedEarly: boolean;
  /** Bytes of body written before the answer ended or the client hung up. */
  bytesSent: number;
}

export interface FakeSpeech {
  /** The base URL a client configures: `http://127.0.0.1:<port>/v1`. */
  baseUrl: string;
  apiKey: string;
  requests: FakeSpeechRequest[];
  /** The most requests that were waiting for an answer at once. */
  maxInFlight: number;
  mode: FakeSpeechMode;
  /** The seconds of audio the fake answers for an input. */
  secondsFor(input: string): number;
  close(): Promise<void>;
}

const SAMPLE_RATE = 24_000; // OpenAI's speech output rate
const VOICES = new Set(['alloy', 'ash', 'ballad', 'coral', 'echo', 'fable', 'nova', 'onyx', 'sage', 'shimmer', 'verse']);
const FORMATS: Record<string, string> = { wav: 'audio/wav', mp3: 'audio/mpeg', pcm: 'audio/pcm' };

/** About the pace of speech: 60 ms a character, a CJK character counting three, never under 0.3 s. */
function secondsFor(input: string): number {
  let units = 0;
  for (const character of input) units += /\p{Script=Han}/u.test(character) ? 3 : 1;
  return Math.max(0.3, Math.round(units * 0.06 * 100) / 100);
}

/** 16-bit mono PCM: a 220 Hz tone with a faded start and end, loud enough to be heard as speech would be. */
function tone(seconds: number): Buffer {
  const samples = Math.round(seconds * SAMPLE_RATE);
  const pcm = Buffer.alloc(samples * 2);
  const fade = Math.min(samples / 2, SAMPLE_RATE * 0.02);
  for (let index = 0; index < samples; index++) {
    const envelope = Math.min(1, index / fade, (samples - index) / fade);
    pcm.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 220 * index) / SAMPLE_RATE) * 12_000 * envelope), index * 2);
  }
  return pcm;
}

function wav(pcm: Buffer): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}

/** MP3 needs an encoder: the PCM goes through ffmpeg (the test's own binary). */
function mp3(pcm: Buffer, ffmpeg: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, ['-v', 'error', '-f', 's16le', '-ar', String(SAMPLE_RATE), '-ac', '1', '-i', 'pipe:0', '-f', 'mp3', 'pipe:1']);
    const out: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(`ffmpeg ended with ${code}`))));
    child.stdin.end(pcm);
  });
}

function sendError(response: http.ServerResponse, status: number, message: string, type: string, code: string | null, param: string | null = null): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ error: { message, type, param, code } }));
}

export async function startFakeSpeech(options: { apiKey?: string; ffmpeg?: string } = {}): Promise<FakeSpeech> {
  const apiKey = options.apiKey ?? 'sk-fake-speech-secret-0123456789';
  const open = new Set<http.ServerResponse>();
  const fake: FakeSpeech = {
    baseUrl: '',
    apiKey,
    requests: [],
    maxInFlight: 0,
    mode: { kind: 'ok' },
    secondsFor,
    close: () =>
      new Promise((resolve) => {
        for (const response of open) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void answer(request, response, Buffer.concat(chunks).toString('utf8'));
    });
  });

  async function answer(request: http.IncomingMessage, response: http.ServerResponse, raw: string): Promise<void> {
    if (request.method !== 'POST' || request.url !== '/v1/audio/speech') {
      sendError(response, 404, `Invalid URL (${request.method ?? ''} ${request.url ?? ''})`, 'invalid_request_error', null);
      return;
    }
    let body: FakeSpeechRequest['body'] = {};
    try {
      body = JSON.parse(raw) as FakeSpeechRequest['body'];
    } catch {
      sendError(response, 400, 'We could not parse the JSON body of your request.', 'invalid_request_error', null);
      return;
    }
    const record: FakeSpeechRequest = { authorization: request.headers.authorization, body, closedEarly: false, bytesSent: 0 };
    fake.requests.push(record);
    response.once('close', () => {
      open.delete(response);
      if (!response.writableFinished) record.closedEarly = true;
    });
    open.add(response);
    fake.maxInFlight = Math.max(fake.maxInFlight, open.size);

    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      // OpenAI masks all but the ends of a wrong key in its message.
      const given = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      sendError(response, 401, `Incorrect API key provided: ${given.slice(0, 3)}***${given.slice(-4)}.`, 'invalid_request_error', 'invalid_api_key');
      return;
    }
    if (typeof body.model !== 'string' || !body.model) return sendError(response, 400, "Missing required parameter: 'model'.", 'invalid_request_error', null, 'model');
    if (typeof body.input !== 'string' || !body.input) return sendError(response, 400, "Missing required parameter: 'input'.", 'invalid_request_error', null, 'input');
    if (body.input.length > 4096) return sendError(response, 400, 'Input is longer than 4096 characters.', 'invalid_request_error', 'string_above_max_length', 'input');
    if (typeof body.voice !== 'string' || !VOICES.has(body.voice)) return sendError(response, 400, `Invalid voice '${String(body.voice)}'.`, 'invalid_request_error', null, 'voice');
    const format = typeof body.response_format === 'string' ? body.response_format : 'mp3';
    const contentType = FORMATS[format];
    if (!contentType) return sendError(response, 400, `Invalid response_format '${format}'.`, 'invalid_request_error', null, 'response_format');

    const mode = fake.mode;
    if (mode.kind === 'hang') return;
    if (mode.kind === 'rate-limited' && mode.times > 0) {
      mode.times -= 1;
      response.writeHead(429, { 'content-type': 'application/json', 'retry-after': mode.retryAfter });
      response.end(JSON.stringify({ error: { message: 'Rate limit reached for requests per min.', type: 'requests', param: null, code: 'rate_limit_exceeded' } }));
      return;
    }
    if (mode.kind === 'error' && mode.times > 0) {
      mode.times -= 1;
      return sendError(response, 500, 'The server had an error while processing your request. Sorry about that!', 'server_error', null);
    }
    if (mode.kind === 'garbage') {
      response.writeHead(200, { 'content-type': contentType });
      response.end(Buffer.from('this is not audio at all, only some text pretending '.repeat(20)));
      return;
    }
    if (mode.kind === 'oversize') {
      response.writeHead(200, { 'content-type': contentType, ...(mode.declareLength ? { 'content-length': mode.bytes } : {}) });
      const chunk = Buffer.alloc(64 * 1024);
      tone(64 * 1024 / 2 / SAMPLE_RATE).copy(chunk);
      const header = wav(Buffer.alloc(0));
      const pump = () => {
        while (!response.destroyed && record.bytesSent < mode.bytes) {
          const piece = record.bytesSent === 0 ? header : chunk.subarray(0, Math.min(chunk.length, mode.bytes - record.bytesSent));
          record.bytesSent += piece.length;
          if (!response.write(piece)) {
            response.once('drain', pump);
            return;
          }
        }
        if (!response.destroyed) response.end();
      };
      pump();
      return;
    }
    if (mode.kind === 'ok' && mode.delayMs) await new Promise((resolve) => setTimeout(resolve, mode.delayMs));
    const pcm = tone(secondsFor(body.input));
    let audio = pcm;
    if (format === 'wav') audio = wav(pcm);
    else if (format === 'mp3') {
      if (!options.ffmpeg) return sendError(response, 500, 'The fake needs ffmpeg to answer mp3.', 'server_error', null);
      audio = await mp3(pcm, options.ffmpeg);
    }
    response.writeHead(200, { 'content-type': contentType, 'content-length': audio.length });
    response.end(audio);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}
