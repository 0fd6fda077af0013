import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import * as accountsRepo from '../modules/account/repository.js';
import { BARBER_FRONT, CAFE_FRONT, barberChair, barberTools, latteArt, pastryCase } from './illustrations/cafe-and-barber.js';
import { makeFile, type FileRecipe } from './illustrations/make-file.js';
import { SIGN_FONTS } from './illustrations/raster.js';
import { grill, kitchenAtNight, menuBoard, storefront, tacosPlate } from './illustrations/restaurant.js';
import * as footageRepo from '../modules/material/repository.js';
import type { Services } from '../composition/services.js';

/**
 * The demo merchants' material libraries: what a taqueria, a café and a barbershop would have
 * shot and photographed, drawn as flat illustrations and animated at seed time
 * (illustrations/; nothing downloaded, nothing committed but the code that draws them; see
 * docs/decisions/081-demo-material-drawn.md), added and processed through the real path. The
 * taqueria's is left in every state a merchant meets: active, inactive, processing, failed; and
 * marked pending, completed and failed by its studio.
 */
interface DemoFile {
  name: string;
  ext: string;
  recipe: FileRecipe;
  tags: string[];
  note: string;
  /** What happens after processing. */
  then?: 'inactive' | 'completed' | 'unusable' | 'leave-processing';
}

/** The image the demo merchant's brief shows on its videos' end card (production-seed.ts). */
export const DEMO_LOGO_MATERIAL = 'Tacos al pastor close-up';

const MENU: [string, string][] = [
  ['Al pastor', '$3.50'],
  ['Carne asada', '$3.75'],
  ['Pollo asado', '$3.25'],
  ['Horchata', '$2.50'],
];

export const TAQUERIA: DemoFile[] = [
  {
    name: 'Lunch special – sizzling plate',
    ext: 'mp4',
    recipe: { kind: 'clip', svg: () => tacosPlate({ width: 1180, height: 664 }, 7), width: 960, height: 540, seconds: 3, motion: 'drift-right', steam: true, sizzle: true },
    tags: ['lunch', 'food'],
    note: 'Use this for the lunch offer, weekdays 11–2.',
    then: 'completed',
  },
  {
    name: 'Storefront at dusk (iPhone)',
    ext: 'mov',
    // HEVC in QuickTime, as an iPhone records it: it gets a web-playable preview.
    recipe: { kind: 'clip', svg: () => storefront({ width: 1152, height: 648 }, 'Carmen’s Tacos', SIGN_FONTS.display.family), width: 960, height: 540, seconds: 3, motion: 'push-in', hevc: true },
    tags: ['storefront'],
    note: 'Opening shot for the weekend video.',
  },
  {
    name: DEMO_LOGO_MATERIAL,
    ext: 'jpg',
    recipe: { kind: 'still', svg: () => tacosPlate({ width: 1080, height: 1080 }, 21) },
    tags: ['food', 'menu'],
    note: '',
  },
  {
    name: 'The grill at the lunch rush',
    ext: 'mp4',
    recipe: { kind: 'clip', svg: () => grill({ width: 600, height: 1150 }), width: 540, height: 960, seconds: 3, motion: 'drift-up', steam: true },
    tags: ['kitchen', 'food'],
    note: 'Shot on Tuesday at noon.',
  },
  {
    name: 'Taco Tuesday plate',
    ext: 'jpg',
    recipe: { kind: 'still', svg: () => tacosPlate({ width: 1080, height: 1350 }, 42) },
    tags: ['food', 'offer'],
    note: 'For the Tuesday deal.',
  },
  {
    name: 'Old menu board',
    ext: 'png',
    recipe: { kind: 'still', svg: () => menuBoard({ width: 800, height: 600 }, MENU, SIGN_FONTS.display.family) },
    tags: ['menu'],
    note: 'Prices changed in March; keep it out of new videos.',
    then: 'inactive',
  },
  {
    name: 'Kitchen at night',
    ext: 'jpg',
    recipe: { kind: 'still', svg: () => kitchenAtNight({ width: 1280, height: 720 }) },
    tags: ['kitchen'],
    note: '',
    then: 'unusable',
  },
  {
    name: 'Voice-over: welcome to Carmen’s',
    ext: 'm4a',
    recipe: { kind: 'ffmpeg', args: ['-f', 'lavfi', '-i', 'sine=frequency=220:sample_rate=44100', '-af', 'tremolo=f=3:d=0.7', '-t', '6', '-c:a', 'aac'] },
    tags: ['voice'],
    note: 'Read by Carmen herself.',
  },
  {
    name: 'Menu board, new prices',
    ext: 'mp4',
    recipe: { kind: 'clip', svg: () => menuBoard({ width: 420, height: 760 }, MENU, SIGN_FONTS.display.family), width: 360, height: 640, seconds: 2, motion: 'drift-up' },
    tags: ['menu'],
    note: '',
    then: 'leave-processing',
  },
  {
    name: 'clip-from-old-phone.mp4',
    ext: 'mp4',
    // An MP4 by its first bytes, unreadable after them: processing fails with its reason.
    recipe: { kind: 'bytes', bytes: Buffer.concat([Buffer.from('000000186674797069736f6d0000000069736f6d', 'hex'), Buffer.alloc(48 * 1024, 7)]) },
    tags: [],
    note: '',
  },
];

/** The café's and the barbershop's: fewer files, all usable, for their own plans' videos. */
export const TRADE_LIBRARIES: { email: string; files: DemoFile[] }[] = [
  {
    email: 'mariachi.plaza.cafe@example.com',
    files: [
      { name: 'Café front, morning', ext: 'mp4', recipe: { kind: 'clip', svg: () => storefront({ width: 1180, height: 664 }, 'Mariachi Plaza Café', SIGN_FONTS.rounded.family, CAFE_FRONT), width: 960, height: 540, seconds: 3, motion: 'drift-right' }, tags: ['storefront'], note: '' },
      { name: 'Latte art from above', ext: 'jpg', recipe: { kind: 'still', svg: () => latteArt({ width: 1080, height: 1080 }) }, tags: ['coffee'], note: '' },
      { name: 'Pouring the latte', ext: 'mp4', recipe: { kind: 'clip', svg: () => latteArt({ width: 648, height: 1152 }, 9), width: 540, height: 960, seconds: 3, motion: 'push-in', steam: true }, tags: ['coffee'], note: '' },
      { name: 'Pastry case', ext: 'mp4', recipe: { kind: 'clip', svg: () => pastryCase({ width: 600, height: 1150 }), width: 540, height: 960, seconds: 3, motion: 'drift-up' }, tags: ['pastry'], note: '' },
      { name: 'Conchas and croissants', ext: 'jpg', recipe: { kind: 'still', svg: () => pastryCase({ width: 1080, height: 1350 }) }, tags: ['pastry'], note: '' },
    ],
  },
  {
    email: 'sunset.barbers@example.com',
    files: [
      { name: 'Shop front on Sunset', ext: 'mp4', recipe: { kind: 'clip', svg: () => storefront({ width: 1180, height: 664 }, 'Sunset Barbers', SIGN_FONTS.display.family, BARBER_FRONT), width: 960, height: 540, seconds: 3, motion: 'drift-right' }, tags: ['storefront'], note: '' },
      { name: 'The chair, ready', ext: 'mp4', recipe: { kind: 'clip', svg: () => barberChair({ width: 648, height: 1152 }), width: 540, height: 960, seconds: 3, motion: 'push-in' }, tags: ['shop'], note: '' },
      { name: 'Tools of the trade', ext: 'jpg', recipe: { kind: 'still', svg: () => barberTools({ width: 1280, height: 720 }) }, tags: ['tools'], note: '' },
      { name: 'Chair and mirror', ext: 'png', recipe: { kind: 'still', svg: () => barberChair({ width: 1080, height: 1350 }) }, tags: ['shop'], note: '' },
    ],
  },
];

/**
 * Adds `files` to `merchantId`'s library through the real upload and processing path, one after
 * another, and leaves each in the state its `then` says.
 */
async function addLibrary(services: Services, merchantId: number, studioId: number | null, files: readonly DemoFile[]): Promise<void> {
  const { db } = services.database;
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'nearcast-demo-library-'));
  try {
    for (const demo of files) {
      const file = path.join(work, `demo.${demo.ext}`);
      await makeFile(demo.recipe, file, services.material.tools().ffmpeg);
      const { size } = await fs.stat(file);
      const upload = await services.uploads.acceptTemp({ id: merchantId }, undefined, { stream: createReadStream(file), contentLength: size });
      // One is left to the processing job, so the library opens with a material still processing;
      // the rest are processed here, in order, to reach the states below.
      const queued = demo.then === 'leave-processing';
      const id = await services.material.addFromUpload(
        merchantId,
        upload.id,
        { tusId: null, name: demo.name, fileName: null, tags: demo.tags, note: demo.note },
        { queue: queued },
      );
      if (queued) continue;
      await services.material.process(id);
      if (demo.then === 'inactive') await footageRepo.setActive(db, id, false);
      if (studioId && demo.then === 'completed') await footageRepo.mark(db, id, { usage: 'completed', reason: '', videoIds: [], byId: studioId });
      if (studioId && demo.then === 'unusable') {
        await footageRepo.mark(db, id, { usage: 'failed', reason: 'Too dark: the kitchen lights were off', videoIds: [], byId: studioId });
      }
      await fs.rm(file, { force: true });
    }
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

/**
 * Builds the libraries once: the taqueria's when the demo merchant exists and has never had a
 * material, and the café's and barbershop's when the demo network made those merchants. It
 * takes some seconds of drawing and ffmpeg, so the server runs it after it has started listening.
 */
export async function seedDemoLibrary(services: Services, log: FastifyBaseLogger): Promise<boolean> {
  const { db } = services.database;
  const merchant = await accountsRepo.findAccountByEmail(db, 'client@example.com');
  const studio = await accountsRepo.findAccountByEmail(db, 'studio@example.com');
  if (!merchant || (await footageRepo.storedBytes(db, merchant.id)) > 0) return false;
  const started = Date.now();
  await addLibrary(services, merchant.id, studio?.id ?? null, TAQUERIA);
  let files = TAQUERIA.length;
  for (const library of TRADE_LIBRARIES) {
    const owner = await accountsRepo.findAccountByEmail(db, library.email);
    if (!owner || (await footageRepo.storedBytes(db, owner.id)) > 0) continue;
    await addLibrary(services, owner.id, owner.studioId ?? null, library.files);
    files += library.files.length;
  }
  log.info({ files, ms: Date.now() - started }, 'made the demo merchants’ material libraries');
  return true;
}
