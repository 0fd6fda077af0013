import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStorage } from '../../adapters/storage/index.js';
import { accounts } from '../../db/schema.js';
import { generatedMedia } from '../../test/generated-media.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { dieAt } from '../../test/leased-work-harness.js';
import { MaterialProcessing } from './material-processing.js';
import { MaterialQuota } from './material-quota.js';
import * as processingRepo from './processing-repository.js';
import * as repo from './repository.js';

/**
 * Material processing killed mid-way (docs/decisions/089): the worker dies while storing what
 * it made, leaving the material processing under its start; once that start is 30 minutes old
 * the sweep hands it to the next worker, which makes it active with one set of derived files.
 * A file that takes its worker down every time fails after its last start instead of forever.
 */
let t: TestApp;
let merchantId: number;

beforeAll(async () => {
  t = await createTestApp();
  const [client] = await t.database.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, 'client@example.com'));
  merchantId = client!.id;
}, 120_000);
afterAll(() => t?.close());

async function addVideo(name: string): Promise<number> {
  const s = t.app.services;
  const upload = await s.uploads.acceptTemp({ id: merchantId }, undefined, { stream: Readable.from(await generatedMedia('mp4')) });
  return s.material.addFromUpload(merchantId, upload.id, { tusId: null, name, fileName: `${name}.mp4`, tags: [], note: '' }, { queue: false });
}

/** A worker of another process whose storage never answers a write: it dies storing the thumbnail. */
function workerDyingAtStore(reached: () => void): MaterialProcessing {
  const s = t.app.services;
  const real = s.storage;
  const storage: FileStorage = {
    kind: real.kind,
    put: () => {
      reached();
      return new Promise<never>(() => {});
    },
    get: (key, range) => real.get(key, range),
    stat: (key) => real.stat(key),
    delete: (key) => real.delete(key),
    signedUrl: (key, seconds, options) => real.signedUrl(key, seconds, options),
  };
  const quota = new MaterialQuota(t.database.db, s.payments, { quotaMb: s.config.FOOTAGE_QUOTA_MB, quotaMbByPlan: s.config.FOOTAGE_QUOTA_MB_BY_PLAN });
  return new MaterialProcessing(t.database.db, storage, s.jobs, s.material.staging, s.material.tools, quota);
}

const rowOf = async (id: number) => (await repo.findView(t.database.db, id))!;
const thirtyOneMinutesOn = () => new Date(Date.now() + 31 * 60_000);

describe('a material whose processing worker was killed', () => {
  it('is left processing until its start is old, then the sweep hands it out and the next worker makes it active once', async () => {
    const id = await addVideo('street');
    let reached!: () => void;
    const died = new Promise<void>((resolve) => (reached = resolve));
    await dieAt(() => workerDyingAtStore(reached).process(id), died, 60_000);
    const left = await rowOf(id);
    expect(left).toMatchObject({ status: 'processing', processingAttempts: 1, thumbKey: null });

    // A live worker's start is not handed out again.
    expect(await processingRepo.stuckProcessing(t.database.db, new Date(), 1000)).not.toContain(id);
    expect(await processingRepo.stuckProcessing(t.database.db, thirtyOneMinutesOn(), 1000)).toContain(id);

    await t.app.services.material.process(id);
    const done = await rowOf(id);
    expect(done).toMatchObject({ status: 'active', processingAttempts: 2 });
    expect(done.thumbKey).not.toBeNull();
    expect(await t.app.services.storage.stat(done.thumbKey!)).not.toBeNull();
    expect(await processingRepo.stuckProcessing(t.database.db, thirtyOneMinutesOn(), 1000)).not.toContain(id);
  });

  it('fails a material that takes its worker down on every start, saying why', async () => {
    const id = await addVideo('killer');
    for (let start = 1; start <= 3; start++) {
      let reached!: () => void;
      const died = new Promise<void>((resolve) => (reached = resolve));
      await dieAt(() => workerDyingAtStore(reached).process(id), died, 60_000);
    }
    expect(await rowOf(id)).toMatchObject({ status: 'processing', processingAttempts: 3 });
    await t.app.services.material.process(id);
    const failed = await rowOf(id);
    expect(failed).toMatchObject({ status: 'failed', failureKey: 'footage.failed_processing', processingAttempts: 4 });
    const [stored] = await t.query<{ stored_bytes: number; size: number }>(sql`select stored_bytes, size from footage where id = ${id}`);
    // The room reserved for derived files that were never stored is given back.
    expect(Number(stored!.stored_bytes)).toBe(Number(stored!.size));
  });
});
