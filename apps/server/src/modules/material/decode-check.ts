import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { StorageNotFoundError, type FileStorage } from '../../adapters/storage/index.js';
import type { Db } from '../../db/client.js';
import { isDamaged } from './media-processing.js';
import type { MediaTools } from '../../adapters/media/index.js';
import * as processingRepo from './processing-repository.js';

/** Materials decoded per pass: each a download and a decode, so a pass stays well inside its minute. */
const DECODE_CHECK_BATCH = 10;

/**
 * The materials that became active before every upload was decoded whole (docs/decisions/080)
 * are decoded once here, a few a minute: until then no render is offered them, and one found
 * damaged fails with the reason a new upload would get, so it never draws green blocks into a
 * video. New uploads never need this: processing decodes them (media-processing.ts).
 */
export async function decodeCheckPass(deps: { db: Db; storage: FileStorage; tools: () => MediaTools }, limit = DECODE_CHECK_BATCH): Promise<number> {
  const due = await processingRepo.dueForDecodeCheck(deps.db, limit);
  for (const row of due) {
    const work = await fs.mkdtemp(path.join(os.tmpdir(), 'nearcast-decode-'));
    try {
      const input = path.join(work, `original${path.extname(row.key)}`);
      let damaged: boolean;
      try {
        const { body } = await deps.storage.get(row.key);
        await pipeline(body, createWriteStream(input));
        damaged = await isDamaged(deps.tools(), input, row.type);
      } catch (error) {
        // A file gone from storage is no material a render can use either.
        if (!(error instanceof StorageNotFoundError)) throw error;
        damaged = true;
      }
      await processingRepo.settleDecodeCheck(deps.db, row.id, damaged);
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  }
  return due.length;
}
