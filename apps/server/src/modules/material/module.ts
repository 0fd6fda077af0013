import path from 'node:path';
import { S3FileStorage } from '../../adapters/storage/index.js';
import { defineModule } from '../module-definition.js';
import type { PaymentService } from '../payment/service.js';
import type { UploadService } from '../upload/service.js';
import { footageRoutes } from './routes.js';
import { S3TusStaging } from './s3-tus-staging.js';
import { MaterialService, type MaterialUses } from './service.js';
import { LocalTusStaging } from './tus-staging.js';

/** The material center: merchants' videos, images and audio, their processing and quotas. */
export const materialModule = defineModule<{ uploads: UploadService; payments: PaymentService; video: MaterialUses }>()({
  name: 'material',
  schemas: ['material'],
  provides: ['material'],
  needs: ['uploads', 'payments'],
  // The video module, built after this one, answers which posts use a material.
  ports: ['video'],
  build: ({ db, storage, jobs, config, tools }, needs) => ({
    material: new MaterialService(
      db,
      storage,
      needs.uploads,
      needs.payments,
      jobs,
      // Unfinished resumable uploads wait where every instance can continue them: the bucket when
      // there is one, else this instance's disk (docs/decisions/046).
      storage instanceof S3FileStorage
        ? new S3TusStaging(db, { client: storage.client, bucket: storage.bucket })
        : new LocalTusStaging(path.join(config.DATA_DIR, 'tus')),
      tools,
      { quotaMb: config.FOOTAGE_QUOTA_MB, quotaMbByPlan: config.FOOTAGE_QUOTA_MB_BY_PLAN, urlTtlSeconds: config.FILE_URL_TTL_SECONDS },
      { postsUsingFootage: (ex, id) => needs.video.postsUsingFootage(ex, id) },
    ),
  }),
  routes: [footageRoutes],
  jobs: ({ material }, { log }) => material.jobDefinitions(log),
});
