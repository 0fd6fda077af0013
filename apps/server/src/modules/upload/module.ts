import { defineModule } from '../module-definition.js';
import { fileRoutes } from './file-routes.js';
import { uploadRoutes } from './routes.js';
import { UploadService } from './service.js';

/** Uploaded files: their records, signed links, and the purge of files never claimed. */
export const uploadModule = defineModule()({
  name: 'upload',
  schemas: ['upload'],
  provides: ['uploads'],
  needs: [],
  build: ({ db, storage, config }) => ({ uploads: new UploadService(db, storage, config.FILE_URL_TTL_SECONDS) }),
  routes: [uploadRoutes, fileRoutes],
  jobs: ({ uploads }, { log }) => [uploads.purgeJob(log)],
});
