import { api, isoDateTime, MESSAGES } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { DEMO_PASSWORD } from '../demo/seed.js';
import { createTestApp, type TestApp } from './harness.js';

/**
 * Every endpoint of the contract, found by walking `api` (so endpoints added later are fuzzed
 * without touching this file): bodies generated from the request schema, then mutated — wrong
 * types, boundary numbers, control characters, unpaired surrogates, zero-width and bidirectional
 * controls, very long strings, deep nesting, prototype keys — sent anonymously and as a role that may call the endpoint. Nothing may answer 5xx,
 * and the server must still answer afterwards.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 16);

let t: TestApp;
const tokens = new Map<string, string>();
const ROLE_EMAILS = {
  super: 'super@example.com',
  admin: 'admin@example.com',
  partner: 'agent@example.com',
  studio: 'studio@example.com',
  operator: 'operator@example.com',
  client: 'client@example.com',
} as const;
type RoleName = keyof typeof ROLE_EMAILS;
let accountsBefore: { id: number; password_hash: string; status: string; two_factor_enabled: boolean }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  accountsBefore = await t.query(sql`select id, password_hash, status, two_factor_enabled from accounts`);
}, 120_000);
afterAll(() => t.close());

/** What the walk needs of an endpoint; multipart endpoints carry `kind: 'multipart'` and no JSON request schema. */
interface WalkedEndpoint {
  path: string;
  kind?: string;
  request?: z.ZodType;
}
const endpoints: [string, WalkedEndpoint][] = Object.entries(api).flatMap(([group, members]) =>
  Object.entries(members as Record<string, WalkedEndpoint>).map(([name, endpoint]) => [`${group}.${name}`, endpoint] as [string, WalkedEndpoint]),
);

// ---- bodies from a request schema -------------------------------------------------------------

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  in?: z.ZodType;
  checks?: { _zod: { def: { check: string; minimum?: number; maximum?: number; format?: string; pattern?: RegExp } } }[];
  format?: string;
  pattern?: RegExp;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

function limitsOf(def: Def) {
  let min: number | undefined;
  let max: number | undefined;
  let pattern: RegExp | undefined = def.pattern;
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === 'min_length' || c.check === 'greater_than') min = c.minimum ?? (c as { value?: number }).value;
    if (c.check === 'max_length' || c.check === 'less_than') max = c.maximum ?? (c as { value?: number }).value;
    if (c.check === 'string_format' && c.pattern) pattern = c.pattern;
  }
  return { min, max, pattern };
}

/** A value the schema would likely accept (not always: that is the point of fuzzing). */
function plausible(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (depth > 6) return fc.constant(null);
  switch (def.type) {
    case 'object': {
      const shape = def.shape ?? {};
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, field] of Object.entries(shape)) record[key] = plausible(field, depth + 1);
      return fc.record(record, { requiredKeys: Object.keys(shape).filter((key) => !['optional', 'default'].includes(defOf(shape[key]!).type)) });
    }
    case 'optional':
    case 'default':
    case 'nullable':
    case 'readonly':
    case 'catch':
      return def.type === 'nullable' ? fc.oneof(plausible(def.innerType!, depth + 1), fc.constant(null)) : plausible(def.innerType!, depth + 1);
    case 'pipe':
      return plausible(def.in!, depth + 1);
    case 'array':
      return fc.array(plausible(def.element!, depth + 1), { maxLength: 4 });
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => plausible(option, depth + 1)));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { x: 'x' }));
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'boolean':
      return fc.boolean();
    case 'number': {
      const { min, max } = limitsOf(def);
      return fc.integer({ min: Math.max(min ?? -10, -1_000_000), max: Math.min(max ?? 1_000_000, 2_147_483_647) });
    }
    case 'string': {
      const { min, max, pattern } = limitsOf(def);
      if (def.format === 'email') return fc.emailAddress();
      const free = fc.string({ minLength: Math.min(min ?? 0, 20), maxLength: Math.min(max ?? 40, 40) });
      return pattern ? fc.oneof(fc.stringMatching(pattern), free) : free;
    }
    default:
      return fc.anything({ maxDepth: 2 });
  }
}

/** One fixed, likely valid body: every field present, so a swept field is the only problem. */
function sample(schema: z.ZodType): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return Object.fromEntries(Object.entries(def.shape ?? {}).map(([key, field]) => [key, sample(field)]));
    case 'optional':
    case 'default':
    case 'nullable':
    case 'readonly':
    case 'catch':
      return sample(def.innerType!);
    case 'pipe':
      return sample(def.in!);
    case 'array':
      return [sample(def.element!)];
    case 'union':
      return sample(def.options![def.options!.length - 1]!);
    case 'enum':
      return Object.values(def.entries ?? { x: 'x' })[0];
    case 'literal':
      return def.values?.[0] ?? null;
    case 'boolean':
      return false;
    case 'number': {
      const { min } = limitsOf(def);
      return Math.max(1, Math.ceil(min ?? 1));
    }
    case 'string': {
      const { min, pattern } = limitsOf(def);
      if (def.format === 'email') return 'fuzz@example.com';
      if (pattern) return fc.sample(fc.stringMatching(pattern), { numRuns: 1, seed: 7 })[0];
      return 'f'.repeat(Math.max(3, min ?? 0));
    }
    default:
      return null;
  }
}

/**
 * Text no person types, which no field may take: half a surrogate pair (jsonb refused it with a
 * '500', text columns stored U+FFFD), text made only of zero-width characters (it passed
 * "required") and bidirectional overrides and isolates (a username shown in another order).
 */
const TEXT_NO_ONE_TYPES = {
  highSurrogate: '\ud800',
  lowSurrogateInside: 'x\udfffy',
  reversedPair: '\ude00\ud83d',
  zeroWidth: '\u200b\u200c\u200d',
  wordJoiners: ' \u2060\ufeff ',
  override: 'admin\u202etxt.exe',
  isolate: 'a\u2067b\u2069',
};

/** The values every field is swept with, one at a time: the holes a probe found, and their kin. */
const SWEEP: unknown[] = [
  2_147_483_648,
  2 ** 53,
  -2_147_483_649,
  1e308,
  -1,
  0,
  0.5,
  'a\u0000b',
  'x\u0001\u001f',
  '2024-02-30',
  '2024-13-45',
  '2027-02-30T10:00:00Z',
  '2027-01-01T24:00:00Z',
  'x'.repeat(20_000),
  null,
  true,
  [],
  { nested: { deeper: ['x'] } },
  ...Object.values(TEXT_NO_ONE_TYPES),
];

// ---- mutations ------------------------------------------------------------------------------------

const INT32 = 2_147_483_647;
const boundaryNumbers = fc.constantFrom(0, -1, 1, INT32, INT32 + 1, -INT32 - 1, 2 ** 53, -(2 ** 53), 1e308, -1e308, 0.5, -0, 1e-320, 4294967296);
const nastyStrings = fc.oneof(
  fc.constantFrom('a\u0000b', '\u0000', 'x\u0007\u001b[31m', '\u007f', 'line\nbreak', '\t', '\ud800', '\uffff', '%00', "' OR 1=1 --", '2024-02-30', '2024-13-45', '0000-00-00', '-1', 'NaN', ''),
  fc.constantFrom(...Object.values(TEXT_NO_ONE_TYPES)),
  // Strings of lone surrogates, zero-width and bidirectional controls mixed with letters.
  fc.string({ unit: fc.constantFrom('a', '\ud800', '\udc00', '\u200b', '\u200d', '\u2060', '\ufeff', '\u202e', '\u2066', '\u2069'), minLength: 1, maxLength: 8 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)), minLength: 1, maxLength: 8 }),
  fc.integer({ min: 1_000, max: 50_000 }).map((length) => 'x'.repeat(length)),
);
const wrongTypes = fc.oneof(fc.constant(null), fc.boolean(), fc.constant([]), fc.constant({}), fc.constant('1'), fc.constant(1), fc.constant([1, 'a']), fc.constant({ $gt: '' }));
const deep = fc.integer({ min: 50, max: 2_000 }).map((depth) => {
  let value: unknown = 'bottom';
  for (let index = 0; index < depth; index += 1) value = index % 2 ? [value] : { a: value };
  return value;
});
const mutantValue = fc.oneof(boundaryNumbers, nastyStrings, wrongTypes, deep);

/** JSON text, with prototype keys written into it literally (JSON.stringify would drop __proto__). */
type Mutation = { body: unknown; protoKey?: string; protoValue?: unknown };
function serialize({ body, protoKey, protoValue }: Mutation): string {
  const text = JSON.stringify(body) ?? 'null';
  if (!protoKey || !text.startsWith('{')) return text;
  const inner = `${JSON.stringify(protoKey)}:${JSON.stringify(protoValue ?? { isAdmin: true })}`;
  return text === '{}' ? `{${inner}}` : `{${inner},${text.slice(1)}`;
}

function mutations(schema: z.ZodType): fc.Arbitrary<Mutation> {
  const base = plausible(schema);
  return fc.oneof(
    base.map((body) => ({ body })),
    fc.tuple(base, fc.nat(), mutantValue).map(([body, pick, value]) => {
      if (!body || typeof body !== 'object' || Array.isArray(body)) return { body: value };
      const keys = Object.keys(defOf(schema).shape ?? {}).concat(Object.keys(body));
      if (keys.length === 0) return { body: { ...(body as object), extra: value } };
      return { body: { ...(body as object), [keys[pick % keys.length]!]: value } };
    }),
    fc.tuple(base, fc.constantFrom('__proto__', 'constructor', 'prototype'), fc.oneof(fc.constant({ role: 'super' }), mutantValue)).map(
      ([body, protoKey, protoValue]) => ({ body, protoKey, protoValue }),
    ),
    mutantValue.map((body) => ({ body })),
  );
}

// ---- calling ------------------------------------------------------------------------------------

async function send(path: string, payload: string, token?: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api${path}`,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload,
  });
  return { status: response.statusCode, body: response.body };
}

async function tokenOf(role: RoleName): Promise<string> {
  const cached = tokens.get(role);
  if (cached && (await send('/v1/account/detail', '{}', cached)).status === 200) return cached;
  // A session that stopped working was ended by a fuzzed call (a new password, a disabled
  // account): signing in again before putting the account back would only pile up failed
  // sign-ins until the account locks, and every later endpoint would fail on the lock.
  if (cached) await restoreAccounts();
  const token = await t.login(ROLE_EMAILS[role], DEMO_PASSWORD);
  tokens.set(role, token);
  return token;
}

/** The first role the endpoint lets in (not '403' for an empty body), or none. */
async function roleFor(path: string): Promise<RoleName | null> {
  for (const role of Object.keys(ROLE_EMAILS) as RoleName[]) {
    const { status } = await send(path, '{}', await tokenOf(role));
    if (status !== 403) return role;
  }
  return null;
}

/** Undoes what a fuzzed call may have done to the demo accounts (a new password, two-factor, a disabled account, a lock). */
async function restoreAccounts(): Promise<void> {
  for (const account of accountsBefore) {
    await t.query(sql`update accounts set password_hash = ${account.password_hash}, status = ${account.status},
                        two_factor_enabled = ${account.two_factor_enabled} where id = ${account.id}`);
  }
  await t.query(sql`delete from sign_in_throttle`);
}

// ---- date-times ---------------------------------------------------------------------------------

/** Shaped like a date-time, but no such moment exists; JavaScript's own parser takes most of them. */
const IMPOSSIBLE_DATE_TIMES = [
  '2027-02-30T10:00:00Z',
  '2027-02-29T10:00:00Z',
  '2100-02-29T10:00:00+08:00',
  '2027-04-31T10:00:00-07:00',
  '2027-06-31T10:00',
  '2027-13-01T10:00:00Z',
  '2027-01-00T10:00:00Z',
  '2027-01-01T24:00:00Z',
  '2027-01-01T23:60:00Z',
  '2027-01-01T23:59:60Z',
  '2027-01-01T10:00:00+24:00',
  '0000-01-01T00:00:00Z',
];

/** The schema under `optional`, `nullable` and `default`. */
function unwrapped(schema: z.ZodType): z.ZodType {
  const def = defOf(schema);
  return ['optional', 'nullable', 'default', 'readonly'].includes(def.type) ? unwrapped(def.innerType!) : schema;
}

/** Top-level fields of a request object, with their unwrapped schemas. */
function fieldsOf(schema: z.ZodType): [string, z.ZodType][] {
  const def = defOf(schema);
  if (def.type === 'pipe') return fieldsOf(def.in!);
  return Object.entries(def.shape ?? {}).map(([key, field]) => [key, unwrapped(field)]);
}

const jsonEndpoints = endpoints.filter((entry): entry is [string, WalkedEndpoint & { request: z.ZodType }] => entry[1].kind !== 'multipart' && !!entry[1].request);

describe('every date-time a request takes is a real moment', () => {
  const dateTimeFields = jsonEndpoints.flatMap(([name, endpoint]) =>
    fieldsOf(endpoint.request)
      .filter(([, field]) => field === isoDateTime)
      .map(([field]) => [name, endpoint, field] as const),
  );

  it('takes every field named like a time (`…_time`, `…_at`) through the one date-time schema', () => {
    const named = jsonEndpoints.flatMap(([name, endpoint]) =>
      fieldsOf(endpoint.request)
        .filter(([key]) => /_(time|at)$/.test(key))
        .map(([key, field]) => `${name}.${key}${field === isoDateTime ? '' : ' (not isoDateTime)'}`),
    );
    expect(named.filter((entry) => entry.endsWith('(not isoDateTime)'))).toEqual([]);
    // The live events, announcements, posts and drafts that take a time today.
    expect(dateTimeFields.length).toBeGreaterThanOrEqual(8);
  });

  for (const [name, endpoint, field] of dateTimeFields) {
    it(`${name}.${field} refuses impossible date-times in the caller's language`, async () => {
      const role = await roleFor(endpoint.path);
      expect(role, 'a role may call it').not.toBeNull();
      const token = await tokenOf(role!);
      const base = sample(endpoint.request) as Record<string, unknown>;
      const accepted: string[] = [];
      for (const value of IMPOSSIBLE_DATE_TIMES) {
        for (const [lang, language] of [['en', 'en-US'], ['zh', 'zh-CN'], ['es', 'es-ES']] as const) {
          const response = await t.app.inject({
            method: 'POST',
            url: `/api${endpoint.path}`,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'accept-language': lang },
            payload: JSON.stringify({ ...base, [field]: value }),
          });
          const answer = response.json() as { code: string; data: { fields?: Record<string, string> } | null };
          if (answer.code !== '400' || answer.data?.fields?.[field] !== MESSAGES[language]['validation.date_time_invalid']) {
            accepted.push(`${value} (${lang}): ${response.body.slice(0, 200)}`);
          }
        }
      }
      await restoreAccounts();
      expect(accepted).toEqual([]);
    }, 60_000);
  }
});

describe('every endpoint of the contract survives fuzzed bodies', () => {
  it('walks the whole contract', () => {
    expect(endpoints.length).toBeGreaterThan(40);
  });

  for (const [name, endpoint] of endpoints) {
    const request = endpoint.request;
    if (endpoint.kind === 'multipart' || !request) {
      // Multipart bodies are streamed files, not JSON: a JSON body must be refused cleanly.
      it(`${name} (multipart) refuses a JSON body without a 5xx`, async () => {
        const role = await roleFor(endpoint.path);
        for (const token of [undefined, role ? await tokenOf(role) : undefined]) {
          const answer = await send(endpoint.path, '{"file":"x\\u0000"}', token);
          expect(answer.status, answer.body).toBeLessThan(500);
        }
      });
      continue;
    }

    it(`${name} never answers 5xx`, async () => {
      const role = await roleFor(endpoint.path);
      const failures: string[] = [];
      // Whatever happens, the next endpoint starts from the accounts as they were.
      try {
        await fc.assert(
          fc.asyncProperty(mutations(request), async (mutation) => {
            const payload = serialize(mutation);
            for (const token of [undefined, role ? await tokenOf(role) : undefined]) {
              const answer = await send(endpoint.path, payload, token);
              if (answer.status >= 500) failures.push(`${answer.status} as ${token ? role : 'anonymous'}: ${payload.slice(0, 300)} -> ${answer.body.slice(0, 300)}`);
              expect(() => JSON.parse(answer.body)).not.toThrow();
            }
          }),
          { numRuns: RUNS },
        );
        // Then every top-level field of one likely valid body, swept with each known-bad value.
        const base = sample(request);
        const fields = base && typeof base === 'object' ? Object.keys(base) : [];
        const textNoOneTypes = new Set<unknown>(Object.values(TEXT_NO_ONE_TYPES));
        for (const field of fields) {
          for (const value of SWEEP) {
            const payload = JSON.stringify({ ...(base as object), [field]: value });
            for (const token of [undefined, role ? await tokenOf(role) : undefined]) {
              const answer = await send(endpoint.path, payload, token);
              if (answer.status >= 500) failures.push(`${answer.status} as ${token ? role : 'anonymous'}: ${payload.slice(0, 300)} -> ${answer.body.slice(0, 300)}`);
              // Taken by a field, such text would be stored: every field refuses it.
              if (textNoOneTypes.has(value) && answer.status === 200) failures.push(`accepted ${JSON.stringify(value)} in ${field}: ${answer.body.slice(0, 200)}`);
            }
          }
        }
        // Half a surrogate pair in a key, where no schema looks at the text, is refused too.
        const keyed = `{"\\udc00x":1${fields.length > 0 ? `,${JSON.stringify(base).slice(1)}` : '}'}`;
        for (const token of [undefined, role ? await tokenOf(role) : undefined]) {
          const answer = await send(endpoint.path, keyed, token);
          // A rate limit is counted before the body is read, so its '429' may come first.
          if (answer.status !== 400 && answer.status !== 429) failures.push(`${answer.status} for a surrogate key as ${token ? role : 'anonymous'}: ${answer.body.slice(0, 200)}`);
        }
      } finally {
        await restoreAccounts();
      }
      expect(failures).toEqual([]);
    }, 60_000);
  }

  it('is still up and answering afterwards', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    const token = await t.login('super@example.com');
    expect((await send('/v1/account/detail', '{}', token)).status).toBe(200);
  });
});
