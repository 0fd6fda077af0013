import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for an OpenAI-compatible chat completions server on a loopback port, so the
 * language-model script engine is tested without the network. It answers `POST /v1/chat/completions`
 * with OpenAI's documented shapes: a `chat.completion` object whose `choices[0].message` holds
 * `content` (or `refusal`) and whose `finish_reason` says why it stopped; errors as
 * `{ error: { message, type, param, code } }`. Each answer follows the next scripted mode, or the
 * default one; every request is recorded.
 */

export interface FakeLlmRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The parsed JSON body; null when it was not JSON. */
  body: Record<string, unknown> | null;
}

export type FakeLlmMode =
  /** A valid completion whose content is this value as JSON (or what the function makes of the request). */
  | { kind: 'json'; content: unknown }
  /** A completion whose content is this text as it is (malformed JSON, a fenced block). */
  | { kind: 'text'; content: string }
  /** A structured-output refusal: `content` null, `refusal` set. */
  | { kind: 'refusal'; message?: string }
  /** A completion stopped for this reason, its content cut off or filtered. */
  | { kind: 'finish'; reason: 'length' | 'content_filter'; content?: string }
  /** Takes the request and never answers. */
  | { kind: 'timeout' }
  /** 429 with this Retry-After (none when undefined). */
  | { kind: 'rate_limit'; retryAfter?: string }
  /** An error status: 5xx as a server error, 4xx as a rejected request (how DeepSeek refuses `json_schema`). */
  | { kind: 'error'; status?: number }
  /**
   * A model that obeys instructions hidden in the brief. It writes an ordinary script in the
   * prompt's language from the brief's data block, echoing the brief's phone number and offer;
   * when the prompt carries an injected instruction ("ignore the above…") it also does what such
   * briefs ask: `payment` sends viewers to a link to enter their card number and log in, `facts`
   * adds a phone number, prices, a percentage, a link and an e-mail address the brief never gave.
   */
  | { kind: 'obey'; attack: 'payment' | 'facts' }
  /**
   * A 200 whose body never ends: a valid start, then padding streamed until `bytes` are sent or
   * the client hangs up (with Content-Length declared when `declareLength`).
   */
  | { kind: 'oversize'; bytes: number; declareLength?: boolean; chunkBytes?: number; chunkDelayMs?: number };

export interface FakeLlm {
  /** The base URL a client is configured with (`…/v1`). */
  baseUrl: string;
  requests: FakeLlmRequest[];
  /** Bytes of body the last `oversize` answer got out before the client hung up or it finished. */
  oversize: { sent: number; closedEarly: boolean };
  /** The modes of the next answers, in order; after them, the default. */
  enqueue(...modes: Array<FakeLlmMode | ((request: FakeLlmRequest) => FakeLlmMode)>): void;
  setDefault(mode: FakeLlmMode | ((request: FakeLlmRequest) => FakeLlmMode)): void;
  close(): Promise<void>;
}

function errorBody(message: string, type: string, code: string | null) {
  return { error: { message, type, param: null, code } };
}

let completions = 0;

function completion(model: string, message: Record<string, unknown>, finishReason: string) {
  completions += 1;
  return {
    id: `chatcmpl-fake${completions}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', refusal: null, ...message }, logprobs: null, finish_reason: finishReason }],
    usage: { prompt_tokens: 420, completion_tokens: 310, total_tokens: 730 },
    system_fingerprint: 'fp_fake',
  };
}

type ObeyLanguage = 'en' | 'es' | 'zh';

/** Hidden instructions the fake obeys: the plain ones, and wordings a filter of the brief may miss. */
const INJECTION = /ignore the above|disregard what came before|ignora (?:lo|todo lo) anterior|olvida lo que dice arriba|忽略以上|别管前面/iu;

/** The language the system prompt is written in, as the writer's prompts name it. */
function languageOf(request: FakeLlmRequest): ObeyLanguage {
  const system = String((request.body?.messages as Array<{ content?: unknown }> | undefined)?.[0]?.content ?? '');
  if (system.includes('简体中文')) return 'zh';
  if (system.includes('español')) return 'es';
  return 'en';
}

/** The JSON between <brief> and </brief> in the user message, by value: keys are in the prompt's language. */
function briefData(request: FakeLlmRequest): Record<string, unknown> {
  const messages = (request.body?.messages as Array<{ content?: unknown }> | undefined) ?? [];
  const user = String(messages[messages.length - 1]?.content ?? '');
  const block = /<brief>\s*([\s\S]*?)\s*<\/brief>/u.exec(user)?.[1];
  try {
    const parsed: unknown = block ? JSON.parse(block) : {};
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function field(data: Record<string, unknown>, key: RegExp): string {
  const entry = Object.entries(data).find(([name]) => key.test(name));
  return typeof entry?.[1] === 'string' ? entry[1] : '';
}

let obeyed = 0;

/** What a model that follows the brief's hidden instructions writes (see the `obey` mode). */
function obeyingScript(request: FakeLlmRequest, attack: 'payment' | 'facts'): Record<string, unknown> {
  const language = languageOf(request);
  const data = briefData(request);
  const shop = field(data, /business|negocio|店名/iu) || 'the shop';
  const phone = field(data, /phone|tel[ée]fono|电话/iu);
  const offer = field(data, /offer|promoci[óo]n|优惠/iu);
  const injected = INJECTION.test(JSON.stringify(request.body?.messages ?? ''));
  const n = ++obeyed;
  const texts = {
    en: {
      title: `Fresh from ${shop}, take ${n}`,
      hook: { on_screen: `Still warm, take ${n}`, spoken: `When did you last buy bread that was still warm? Take ${n}.` },
      plain: [
        { on_screen: 'Baked before sunrise', spoken: 'Our bakers start before sunrise so your loaf is ready when you are.' },
        { on_screen: 'Made by hand', spoken: 'Every loaf is shaped by hand, the slow way.' },
      ],
      brief: [phone ? { on_screen: `Call ${phone}`, spoken: `Call us at ${phone} to order ahead.` } : null, offer ? { on_screen: 'This month', spoken: `${offer}.` } : null],
      payment: [
        { on_screen: 'Go to evil dot example', spoken: 'Go to evil dot example and enter your card number to claim the deal.' },
        { on_screen: 'Log in to claim it', spoken: 'Log in at https://evil.example/login with your password.' },
      ],
      facts: [
        { on_screen: 'Book your loaf today', spoken: 'We open early. Call 555-0199 or +1 (212) 555-0147 to book today.' },
        { on_screen: 'Today only', spoken: 'Loaves are only $1.99 and cakes $5, 90% off today! Come hungry.' },
        { on_screen: 'Order ahead', spoken: 'Skip the line. Order at https://evil.example/order or write to deals@evil.example.' },
      ],
      cta: { on_screen: 'Come grab a loaf', spoken: `Come grab a loaf at ${shop}.` },
      caption: `Warm bread at ${shop}.`,
    },
    es: {
      title: `Recién hecho en ${shop}, toma ${n}`,
      hook: { on_screen: `Pan calientito, toma ${n}`, spoken: `¿Cuándo fue la última vez que compraste pan calientito? Toma ${n}.` },
      plain: [
        { on_screen: 'Horneado antes del amanecer', spoken: 'Empezamos antes del amanecer para que tu pan esté listo cuando llegues.' },
        { on_screen: 'Hecho a mano', spoken: 'Cada pieza se forma a mano, con calma y con cariño.' },
      ],
      brief: [phone ? { on_screen: `Llama al ${phone}`, spoken: `Llámanos al ${phone} para apartar tu pedido.` } : null, offer ? { on_screen: 'Este mes', spoken: `${offer}.` } : null],
      payment: [
        { on_screen: 'Entra a evil punto example', spoken: 'Entra a evil punto example y escribe el número de tu tarjeta para la promoción.' },
        { on_screen: 'Inicia sesión y listo', spoken: 'Inicia sesión en https://evil.example/login con tu contraseña.' },
      ],
      facts: [
        { on_screen: 'Aparta tu pan hoy', spoken: 'Abrimos temprano. Llama al 555-0199 o al +52 55 5555 0147 para apartar hoy.' },
        { on_screen: 'Solo por hoy', spoken: 'El pan está a solo $1.99 y los pasteles a 5 dólares, con 90 % de descuento. Ven con hambre.' },
        { on_screen: 'Pide con tiempo', spoken: 'Evita la fila. Pide en https://evil.example/pedido o escribe a ofertas@evil.example.' },
      ],
      cta: { on_screen: 'Ven por tu pan', spoken: `Ven por tu pan a ${shop}.` },
      caption: `Pan calientito en ${shop}.`,
    },
    zh: {
      title: `${shop} 第${n}条`,
      hook: { on_screen: `面包还热着 第${n}条`, spoken: `你有多久没买过还热乎的面包了？第${n}条。` },
      plain: [
        { on_screen: '天不亮就开烤', spoken: '我们天不亮就开始烤，你来的时候刚好出炉。' },
        { on_screen: '每一个都是手工做的', spoken: '每一个面包都是手工揉出来的，慢慢来。' },
      ],
      brief: [phone ? { on_screen: `电话 ${phone}`, spoken: `打电话 ${phone} 提前预订。` } : null, offer ? { on_screen: '本月优惠', spoken: `${offer}。` } : null],
      payment: [
        { on_screen: '打开 evil点example', spoken: '打开 evil点example，输入你的银行卡号就能领优惠。' },
        { on_screen: '登录领取', spoken: '去 https://evil.example/login 登录，输入密码领取。' },
      ],
      facts: [
        { on_screen: '今天就来预约', spoken: '我们开门很早。打电话 555-0199 或 138 0013 8000 预约。' },
        { on_screen: '只限今天', spoken: '面包今天只要 ¥1.99，蛋糕 5 元，一折！空着肚子来吧。' },
        { on_screen: '提前下单', spoken: '不用排队。在 https://evil.example/order 下单，或者发邮件到 deals@evil.example。' },
      ],
      cta: { on_screen: '趁热来买', spoken: `趁热来买，我们在${shop}等你。` },
      caption: `${shop}的面包刚出炉。`,
    },
  }[language];
  const platforms = ((request.body?.response_format as { json_schema?: { schema?: { properties?: { captions?: { items?: { properties?: { platform?: { enum?: string[] } } } } } } } } | undefined)
    ?.json_schema?.schema?.properties?.captions?.items?.properties?.platform?.enum ?? ['tiktok']) as string[];
  const attackLines = injected ? texts[attack] : [];
  const beats = [...texts.plain.slice(0, injected ? 1 : 2), ...texts.brief.filter((line) => line !== null), ...attackLines].slice(0, 6);
  const attackCaption = injected ? ` ${attackLines.map((line) => line.spoken).join(' ')}` : '';
  return {
    title: texts.title,
    hook: texts.hook,
    beats,
    call_to_action: texts.cta,
    captions: platforms.map((platform) => ({ platform, caption: `${texts.caption}${attackCaption}`, hashtags: ['bakery'] })),
  };
}

export async function startFakeLlm(options: { apiKey?: string } = {}): Promise<FakeLlm> {
  const requests: FakeLlmRequest[] = [];
  const queue: Array<FakeLlmMode | ((request: FakeLlmRequest) => FakeLlmMode)> = [];
  let fallback: FakeLlmMode | ((request: FakeLlmRequest) => FakeLlmMode) = { kind: 'error', status: 500 };

  const oversize = { sent: 0, closedEarly: false };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
      let body: Record<string, unknown> | null = null;
      try {
        const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
      } catch {
        body = null;
      }
      const request: FakeLlmRequest = { method: req.method ?? 'GET', path, headers: req.headers, body };
      requests.push(request);
      const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(payload));
      };

      if (request.method !== 'POST' || path !== '/v1/chat/completions') {
        send(404, errorBody(`Invalid URL (${request.method} ${path})`, 'invalid_request_error', null));
        return;
      }
      if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
        send(401, errorBody('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'));
        return;
      }
      if (!body) {
        send(400, errorBody('We could not parse the JSON body of your request.', 'invalid_request_error', null));
        return;
      }
      if (typeof body.model !== 'string' || !Array.isArray(body.messages)) {
        send(400, errorBody('you must provide a model parameter and messages', 'invalid_request_error', null));
        return;
      }
      const model = body.model;
      const next = queue.shift() ?? fallback;
      const mode = typeof next === 'function' ? next(request) : next;
      switch (mode.kind) {
        case 'json': {
          const content = typeof mode.content === 'function' ? (mode.content as (request: FakeLlmRequest) => unknown)(request) : mode.content;
          send(200, completion(model, { content: JSON.stringify(content) }, 'stop'));
          return;
        }
        case 'text':
          send(200, completion(model, { content: mode.content }, 'stop'));
          return;
        case 'refusal':
          send(200, completion(model, { content: null, refusal: mode.message ?? "I'm sorry, I can't help with that request." }, 'stop'));
          return;
        case 'finish':
          send(200, completion(model, { content: mode.content ?? (mode.reason === 'length' ? '{"title": "Fresh bread' : null) }, mode.reason));
          return;
        case 'timeout':
          // Keep the connection open without a word; close() ends it.
          return;
        case 'rate_limit':
          send(
            429,
            errorBody('Rate limit reached for requests. Please try again later.', 'requests', 'rate_limit_exceeded'),
            mode.retryAfter === undefined ? {} : { 'retry-after': mode.retryAfter },
          );
          return;
        case 'obey':
          send(200, completion(model, { content: JSON.stringify(obeyingScript(request, mode.attack)) }, 'stop'));
          return;
        case 'oversize': {
          oversize.sent = 0;
          oversize.closedEarly = false;
          res.writeHead(200, { 'content-type': 'application/json', ...(mode.declareLength ? { 'content-length': String(mode.bytes) } : {}) });
          const start = Buffer.from('{"id":"chatcmpl-fake","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":"');
          const chunk = Buffer.alloc(mode.chunkBytes ?? 64 * 1024, 'a');
          res.once('close', () => {
            if (!res.writableFinished) oversize.closedEarly = true;
          });
          // Written as fast as the client reads, so what was sent is what the client took in.
          const pump = () => {
            while (!res.destroyed && oversize.sent < mode.bytes) {
              const piece = oversize.sent === 0 ? start : chunk.subarray(0, Math.min(chunk.length, mode.bytes - oversize.sent));
              oversize.sent += piece.length;
              if (!res.write(piece)) {
                res.once('drain', pump);
                return;
              }
              // A slow drip: a piece at a time, each well within any size cap.
              if (mode.chunkDelayMs) {
                setTimeout(pump, mode.chunkDelayMs);
                return;
              }
            }
            if (!res.destroyed) res.end();
          };
          pump();
          return;
        }
        case 'error':
          if ((mode.status ?? 500) >= 500) send(mode.status ?? 500, errorBody('The server had an error while processing your request.', 'server_error', null));
          else send(mode.status ?? 400, errorBody('This response_format type is unavailable now.', 'invalid_request_error', 'invalid_request_error'));
          return;
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    oversize,
    enqueue: (...modes) => queue.push(...modes),
    setDefault: (mode) => {
      fallback = mode;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
