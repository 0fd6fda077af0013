import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Envelope, Role, UploadResponse } from '@nearcast/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { givePlan } from '../../test/plans.js';
import { mediaFile, type MediaFormat } from '../../test/media-samples.js';
import { multipartBody } from '../../test/multipart.js';
import { DEMO_ROLE_OF as ROLE_OF } from '../../test/demo-roles.js';

let t: TestApp;
let dataDir: string;
const tokens = new Map<string, string>();
const DEMO = ['super', 'admin', 'agent', 'subagent', 'studio', 'operator', 'client'] as const;
const token = (name: string) => tokens.get(name)!;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nearcast-verification-'));
  t = await createTestApp({ config: { DATA_DIR: dataDir, RATE_LIMIT_UPLOAD_PER_MINUTE: 10_000 } });
  for (const name of [...DEMO, 'newclient']) tokens.set(name, await t.login(`${name}@example.com`));
  // A merchant that has paid but not yet filled in the settle form.
  await givePlan(t, 'newclient@example.com');
});
afterAll(async () => {
  await t.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function upload(name: string, format: MediaFormat = 'png'): Promise<number> {
  const form = multipartBody({}, { filename: `doc.${format}`, contentType: 'application/octet-stream', content: mediaFile(format) });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/base/oss/temp',
    headers: { ...form.headers, authorization: `Bearer ${token(name)}` },
    payload: form.body,
  });
  const body = response.json() as Envelope<UploadResponse>;
  expect(body.code).toBe('200');
  return body.data.id;
}

/** A valid submission: the routing numbers pass the ABA check digit. */
const details = (documentId?: number) => ({
  legal_name: 'Sunset AI Studio LLC',
  tax_kind: 'business',
  tax_number: '12-3456789',
  holder_name: 'Sunset AI Studio LLC',
  routing_number: '021000021',
  account_number: '000123456789',
  ...(documentId === undefined ? {} : { document_upload_id: documentId }),
});

interface Verification {
  id: number;
  status: string;
  tax_last4: string;
  routing_last4: string;
  account_last4: string;
  reject_reason: string | null;
  document: { url: string } | null;
  account_email?: string;
}

describe('who may call what', () => {
  const PAYEES: Role[] = ['studio', 'partner'];
  const STAFF: Role[] = ['super', 'admin'];
  const matrix: [string, object, Role[]][] = [
    ['/v1/verification/mine', {}, PAYEES],
    ['/v1/verification/submit', { legal_name: '' }, PAYEES],
    ['/v1/verification/list', {}, STAFF],
    ['/v1/verification/get', { id: 999_999 }, STAFF],
    ['/v1/verification/approve', { id: 999_999 }, STAFF],
    ['/v1/verification/reject', { id: 999_999, reason: 'x' }, STAFF],
    ['/v1/verification/business', {}, ['client']],
    ['/v1/verification/correction', { message: '' }, ['client']],
    ['/v1/verification/corrections', {}, STAFF],
    ['/v1/verification/correction/resolve', { id: 999_999 }, STAFF],
  ];

  it.each(matrix)('%s', async (endpoint, body, allowed) => {
    const outcomes: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const name of DEMO) {
      const response = await t.call(endpoint, body, { token: token(name) });
      outcomes[name] = response.code === '403' ? 'refused' : 'allowed';
      expected[name] = allowed.includes(ROLE_OF[name]) ? 'allowed' : 'refused';
    }
    expect(outcomes).toEqual(expected);
    expect((await t.call(endpoint, body)).code, 'anonymous').toBe('403');
  });
});

describe('payout details of a studio or an agent', () => {
  it('refuses each invalid field with its message, in the caller language, and stores nothing', async () => {
    const documentId = await upload('studio');
    const cases: [string, unknown, string][] = [
      ['legal_name', ' ', 'Please enter the legal name'],
      ['tax_kind', 'other', 'Choose a business or a personal tax number'],
      ['tax_number', '', 'Please enter the tax number'],
      ['tax_number', '123-45-6789', 'A business tax number (EIN) looks like XX-XXXXXXX'],
      ['holder_name', '', 'Please enter the account holder name'],
      ['routing_number', '', 'Please enter the routing number'],
      ['routing_number', '021000022', 'The routing number is 9 digits and its check digit does not match'],
      ['routing_number', '02100002', 'The routing number is 9 digits and its check digit does not match'],
      ['account_number', '123', 'The account number must be 4 to 17 digits'],
      ['account_number', '12345678901234567890', 'The account number must be 4 to 17 digits'],
      ['account_number', '12ab5678', 'The account number must be 4 to 17 digits'],
    ];
    for (const [field, value, message] of cases) {
      const response = await t.call('/v1/verification/submit', { ...details(documentId), [field]: value }, { token: token('studio') });
      expect(response.data, `${field}=${String(value)}`).toEqual({ fields: { [field]: message } });
    }
    const personal = await t.call('/v1/verification/submit', { ...details(documentId), tax_kind: 'personal', tax_number: '12-3456789' }, { token: token('studio'), lang: 'es' });
    expect(personal.data).toEqual({ fields: { tax_number: 'El número fiscal personal (SSN o ITIN) tiene el formato XXX-XX-XXXX' } });
    const noDocument = await t.call('/v1/verification/submit', details(), { token: token('studio'), lang: 'zh' });
    expect(noDocument.data).toEqual({ fields: { document_upload_id: '请上传身份证明或营业文件' } });
    // Another account's upload is not the caller's to claim, and stays unclaimed.
    const agentsUpload = await upload('agent');
    const foreign = await t.call('/v1/verification/submit', details(agentsUpload), { token: token('studio') });
    expect(foreign.data).toEqual({ fields: { document_upload_id: 'This upload does not exist or has expired' } });
    // A video is no document staff can look at; the claim rolls back with the refusal.
    const video = await upload('studio', 'mp4');
    const refused = await t.call('/v1/verification/submit', details(video), { token: token('studio') });
    expect(refused.data).toEqual({ fields: { document_upload_id: 'The document must be a photo or scan (JPEG, PNG, WebP or HEIC)' } });
    expect(await t.query(sql`select count(*)::int as n from payout_verifications`)).toEqual([{ n: 0 }]);
    expect(await t.query(sql`select count(*)::int as n from uploads where claimed_at is not null`)).toEqual([{ n: 0 }]);
  });

  it('stores the numbers encrypted and shows them only by their last four digits', async () => {
    const documentId = await upload('studio');
    const response = await t.call<Verification>('/v1/verification/submit', { ...details(documentId), routing_number: '0210-00021' }, { token: token('studio') });
    expect(response.code).toBe('200');
    expect(response.data).toMatchObject({ status: 'pending', tax_last4: '6789', routing_last4: '0021', account_last4: '6789', reject_reason: null });
    expect(JSON.stringify(response.data)).not.toContain('123456789');
    expect(response.data.document?.url).toContain('signature=');

    const [row] = await t.query<Record<string, unknown>>(sql`select * from payout_verifications`);
    expect(JSON.stringify(row)).not.toMatch(/123456789|021000021/);
    expect(String(row!.secret)).toMatch(/^v1\./);
    expect(await t.query(sql`select count(*)::int as n from uploads where id = ${documentId} and claimed_at is not null`)).toEqual([{ n: 1 }]);

    // The service a payout rail uses decrypts, and only once the details are approved.
    const studioId = row!.account_id as number;
    expect(await t.app.services.verification.payoutDestination(studioId)).toBeNull();
  });

  it('shows each payee its own details only', async () => {
    const studio = await t.call<{ verification: Verification | null }>('/v1/verification/mine', {}, { token: token('studio') });
    expect(studio.data.verification?.status).toBe('pending');
    const agent = await t.call<{ verification: Verification | null }>('/v1/verification/mine', {}, { token: token('agent') });
    expect(agent.data.verification).toBeNull();
  });

  it('lets staff approve it, once; settlements see it approved', async () => {
    const queue = await t.call<{ list: Verification[]; total: number }>('/v1/verification/list', { status: 'pending' }, { token: token('admin') });
    expect(queue.data.total).toBe(1);
    const entry = queue.data.list[0]!;
    expect(entry).toMatchObject({ account_email: 'studio@example.com', account_last4: '6789' });
    const [{ id: studioId }] = (await t.query<{ id: number }>(sql`select id from accounts where email = 'studio@example.com'`)) as [{ id: number }];
    const { verification } = t.app.services;
    expect(await verification.isPayoutVerified(studioId)).toBe(false);

    const approved = await t.call<Verification>('/v1/verification/approve', { id: entry.id }, { token: token('admin') });
    expect(approved.data.status).toBe('approved');
    expect(await verification.isPayoutVerified(studioId)).toBe(true);
    expect(await verification.payoutDestination(studioId)).toMatchObject({ taxNumber: '123456789', routingNumber: '021000021', accountNumber: '000123456789' });
    const [agentId] = (await t.query<{ id: number }>(sql`select id from accounts where email = 'agent@example.com'`)).map((r) => r.id);
    expect(await verification.payoutStatusOf([studioId, agentId!])).toEqual(new Map([[studioId, 'approved'], [agentId!, 'none']]));

    const again = await t.call('/v1/verification/reject', { id: entry.id, reason: 'late' }, { token: token('super') });
    expect(again).toMatchObject({ code: '409', msg: 'This verification has already been reviewed' });
    expect((await t.call('/v1/verification/get', { id: 999_999 }, { token: token('admin') })).msg).toBe('Verification not found');
    const events = await t.query<{ type: string }>(sql`select type from events where type like 'verification.%' order by id`);
    expect(events.map((e) => e.type)).toEqual(['verification.submitted', 'verification.decided']);
  });

  it('sends changed details back to review, and shows the applicant the reason of a rejection', async () => {
    const resubmitted = await t.call<Verification>('/v1/verification/submit', { ...details(), account_number: '9876543210' }, { token: token('studio') });
    expect(resubmitted.data).toMatchObject({ status: 'pending', account_last4: '3210' });
    const [{ id: studioId }] = (await t.query<{ id: number }>(sql`select id from accounts where email = 'studio@example.com'`)) as [{ id: number }];
    expect(await t.app.services.verification.isPayoutVerified(studioId)).toBe(false);

    const missingReason = await t.call('/v1/verification/reject', { id: resubmitted.data.id, reason: ' ' }, { token: token('admin') });
    expect(missingReason.data).toEqual({ fields: { reason: 'Please give the reason for the rejection' } });
    const rejected = await t.call<Verification>('/v1/verification/reject', { id: resubmitted.data.id, reason: 'The holder name does not match the document' }, { token: token('admin') });
    expect(rejected.data.status).toBe('rejected');
    const mine = await t.call<{ verification: Verification }>('/v1/verification/mine', {}, { token: token('studio') });
    expect(mine.data.verification).toMatchObject({ status: 'rejected', reject_reason: 'The holder name does not match the document' });
    const done = await t.call<{ total: number }>('/v1/verification/list', { status: 'pending' }, { token: token('super') });
    expect(done.data.total).toBe(0);
  });
});

describe('a merchant business details and correction requests', () => {
  it('shows the merchant its settle-form details', async () => {
    const response = await t.call<{ details: Record<string, string> | null; corrections: unknown[] }>('/v1/verification/business', {}, { token: token('client') });
    expect(response.data.details).toMatchObject({ company_short_name: 'Carmen’s Tacos', tax_number: '98-7654321', zip_code: '90012' });
    expect(response.data.corrections).toEqual([]);
    const incomplete = await t.call<{ details: unknown }>('/v1/verification/business', {}, { token: token('newclient') });
    expect(incomplete.data.details).toBeNull();
    const early = await t.call('/v1/verification/correction', { message: 'Fix my name' }, { token: token('newclient') });
    expect(early).toMatchObject({ code: '422', msg: 'Complete your business details in the settle form first' });
  });

  it('takes a correction request that staff see and resolve with a note the merchant reads', async () => {
    const empty = await t.call('/v1/verification/correction', { message: '  ' }, { token: token('client') });
    expect(empty.data).toEqual({ fields: { message: 'Please describe what should be corrected' } });
    const asked = await t.call<{ id: number; status: string }>('/v1/verification/correction', { message: 'Our legal name is Carmen’s Tacos LLC\nsince March' }, { token: token('client') });
    expect(asked.data.status).toBe('open');

    const queue = await t.call<{ list: { id: number; account_email: string }[] }>('/v1/verification/corrections', { status: 'open' }, { token: token('admin') });
    expect(queue.data.list).toEqual([expect.objectContaining({ id: asked.data.id, account_email: 'client@example.com' })]);
    const resolved = await t.call<{ status: string }>('/v1/verification/correction/resolve', { id: asked.data.id, note: 'Updated' }, { token: token('admin') });
    expect(resolved.data.status).toBe('resolved');
    const twice = await t.call('/v1/verification/correction/resolve', { id: asked.data.id }, { token: token('admin') });
    expect(twice).toMatchObject({ code: '409', msg: 'This correction request is already resolved' });
    const missing = await t.call('/v1/verification/correction/resolve', { id: 999_999 }, { token: token('admin') });
    expect(missing).toMatchObject({ code: '404', msg: 'Correction request not found' });

    const mine = await t.call<{ corrections: { status: string; note: string }[] }>('/v1/verification/business', {}, { token: token('client') });
    expect(mine.data.corrections).toEqual([expect.objectContaining({ status: 'resolved', note: 'Updated' })]);
  });

  it('keeps at most five requests open per merchant', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await t.call('/v1/verification/correction', { message: `Fix ${i}` }, { token: token('client') })).code).toBe('200');
    }
    const sixth = await t.call('/v1/verification/correction', { message: 'Fix 6' }, { token: token('client') });
    expect(sixth).toMatchObject({ code: '422', msg: 'You already have 5 open correction requests. Please wait for staff to answer them.' });
  });
});
