import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import * as accountsRepo from '../modules/account/repository.js';
import { run } from '../modules/material/media-tools.js';
import * as footageRepo from '../modules/material/repository.js';
import type { Services } from '../services.js';

/**
 * The demo merchant's material library: a few seconds of real video, images and an audio clip,
 * made with ffmpeg at seed time (nothing downloaded, nothing committed), added and processed
 * through the real path, then left in every state a merchant meets: active, inactive,
 * processing, failed; and marked pending, completed and failed by its studio.
 */
interface DemoFile {
  name: string;
  ext: string;
  /** ffmpeg arguments producing the file, or raw bytes for the unreadable one. */
  args?: string[];
  bytes?: Buffer;
  tags: string[];
  note: string;
  /** What happens after processing. */
  then?: 'inactive' | 'completed' | 'unusable' | 'leave-processing';
}

/** The image the demo merchant's brief shows on its videos' end card (production-seed.ts). */
export const DEMO_LOGO_MATERIAL = 'Tacos al pastor close-up';

const lavfi = (source: string) => ['-f', 'lavfi', '-i', source];
const h264 = ['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p'];

const FILES: DemoFile[] = [
  {
    name: 'Lunch special – sizzling plate',
    ext: 'mp4',
    args: [...lavfi('testsrc2=size=640x360:rate=25'), ...lavfi('sine=frequency=330:sample_rate=44100'), '-t', '4', ...h264, '-c:a', 'aac', '-shortest', '-movflags', '+faststart'],
    tags: ['lunch', 'food'],
    note: 'Use this for the lunch offer, weekdays 11–2.',
    then: 'completed',
  },
  {
    name: 'Storefront walk-in (iPhone)',
    ext: 'mov',
    // HEVC in QuickTime, as an iPhone records it: it gets a web-playable preview.
    args: [...lavfi('testsrc=size=480x270:rate=25'), '-t', '3', '-c:v', 'libx265', '-x265-params', 'log-level=error', '-tag:v', 'hvc1'],
    tags: ['storefront'],
    note: 'Opening shot for the weekend video.',
  },
  {
    name: DEMO_LOGO_MATERIAL,
    ext: 'jpg',
    args: [...lavfi('mandelbrot=size=1280x720'), '-frames:v', '1', '-q:v', '4'],
    tags: ['food', 'menu'],
    note: '',
  },
  {
    name: 'Old menu board',
    ext: 'png',
    args: [...lavfi('smptebars=size=800x600'), '-frames:v', '1'],
    tags: ['menu'],
    note: 'Prices changed in March; keep it out of new videos.',
    then: 'inactive',
  },
  {
    name: 'Kitchen at night',
    ext: 'jpg',
    args: [...lavfi('color=c=0x101010:size=1280x720'), '-frames:v', '1', '-q:v', '5'],
    tags: ['kitchen'],
    note: '',
    then: 'unusable',
  },
  {
    name: 'Voice-over: welcome to Carmen’s',
    ext: 'm4a',
    args: [...lavfi('sine=frequency=220:sample_rate=44100'), '-af', 'tremolo=f=3:d=0.7', '-t', '6', '-c:a', 'aac'],
    tags: ['voice'],
    note: 'Read by Carmen herself.',
  },
  {
    name: 'Staff greeting',
    ext: 'mp4',
    args: [...lavfi('testsrc2=size=360x640:rate=25'), '-t', '2', ...h264],
    tags: ['staff'],
    note: '',
    then: 'leave-processing',
  },
  {
    name: 'clip-from-old-phone.mp4',
    ext: 'mp4',
    // An MP4 by its first bytes, unreadable after them: processing fails with its reason.
    bytes: Buffer.concat([Buffer.from('000000186674797069736f6d0000000069736f6d', 'hex'), Buffer.alloc(48 * 1024, 7)]),
    tags: [],
    note: '',
  },
];

const quiet = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'];

/**
 * Builds the library once: only when the demo merchant exists and has never had a material.
 * It takes a few seconds of ffmpeg, so the server runs it after it has started listening.
 */
export async function seedDemoLibrary(services: Services, log: FastifyBaseLogger): Promise<boolean> {
  const { db } = services.database;
  const merchant = await accountsRepo.findAccountByEmail(db, 'client@example.com');
  const studio = await accountsRepo.findAccountByEmail(db, 'studio@example.com');
  if (!merchant || (await footageRepo.storedBytes(db, merchant.id)) > 0) return false;
  const started = Date.now();
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'nearcast-demo-library-'));
  try {
    for (const demo of FILES) {
      const file = path.join(work, `demo.${demo.ext}`);
      if (demo.bytes) await fs.writeFile(file, demo.bytes);
      else await run(services.material.tools().ffmpeg, [...quiet, ...demo.args!, file], 120_000);
      const { size } = await fs.stat(file);
      const upload = await services.uploads.acceptTemp({ id: merchant.id }, undefined, { stream: createReadStream(file), contentLength: size });
      // One is left to the processing job, so the library opens with a material still processing;
      // the rest are processed here, in order, to reach the states below.
      const queued = demo.then === 'leave-processing';
      const id = await services.material.addFromUpload(
        merchant.id,
        upload.id,
        { tusId: null, name: demo.name, fileName: null, tags: demo.tags, note: demo.note },
        { queue: queued },
      );
      if (queued) continue;
      await services.material.process(id);
      if (demo.then === 'inactive') await footageRepo.setActive(db, id, false);
      if (studio && demo.then === 'completed') await footageRepo.mark(db, id, { usage: 'completed', reason: '', videoIds: [], byId: studio.id });
      if (studio && demo.then === 'unusable') {
        await footageRepo.mark(db, id, { usage: 'failed', reason: 'Too dark: the kitchen lights were off', videoIds: [], byId: studio.id });
      }
    }
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
  log.info({ files: FILES.length, ms: Date.now() - started }, 'made the demo merchant’s material library');
  return true;
}
