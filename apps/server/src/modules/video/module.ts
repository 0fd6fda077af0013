import { decodeKey } from '../../config.js';
import { createPublishers } from '../../adapters/publishing/index.js';
import type { EventService } from '../events/service.js';
import type { MaterialService } from '../material/service.js';
import { defineModule } from '../module-definition.js';
import type { UploadService } from '../upload/service.js';
import { ConnectionService } from './connection-service.js';
import { MetricsCollector } from './metrics-collector.js';
import { PublishEngine } from './publish-engine.js';
import { ReviewService } from './review-service.js';
import { videoRoutes } from './routes.js';
import { VideoService } from './service.js';

/** Posts on the social platforms: connections, publishing, the merchant's approval, statistics. */
export const videoModule = defineModule<{ uploads: UploadService; material: MaterialService; events: EventService }>()({
  name: 'video',
  schemas: ['video'],
  provides: ['publishers', 'videoConnections', 'videoPublish', 'videoMetrics', 'video', 'videoReviews'],
  needs: ['uploads', 'material', 'events'],
  build: ({ db, jobs, storage, config }, { uploads, material, events }) => {
    /** Which adapter serves each publishing platform: the real one when configured, else the sandbox. */
    const publishers = createPublishers(config);
    /** Merchants' platform connections: OAuth, sealed tokens, refreshes. */
    const videoConnections = new ConnectionService(db, publishers, events, { publicUrl: config.PUBLIC_URL, key: decodeKey(config.PLATFORM_TOKEN_KEY)! });
    /** The publishing engine: one job per post and platform, resumable, posting once. */
    const videoPublish = new PublishEngine({ db, jobs, events, storage, publishers, connections: () => videoConnections });
    /** Video posts, their release to the engine and their statistics. */
    const video = new VideoService(db, storage, uploads, material, videoConnections, publishers, events, () => videoPublish, {
      urlTtlSeconds: config.FILE_URL_TTL_SECONDS,
    });
    return {
      publishers,
      videoConnections,
      videoPublish,
      /** Reads published videos' statistics on a schedule into snapshots; announces plays milestones. */
      videoMetrics: new MetricsCollector({ db, events, publishers, connections: () => videoConnections }),
      video,
      /** The merchant's approval of a post through a review link. */
      videoReviews: new ReviewService(db, storage, publishers, events, video, { publicUrl: config.PUBLIC_URL, urlTtlSeconds: config.FILE_URL_TTL_SECONDS }),
    };
  },
  routes: [videoRoutes],
  jobs: (services, { log }) => [
    ...services.videoConnections.jobDefinitions(log),
    ...services.video.jobDefinitions(log),
    ...services.videoPublish.jobDefinitions(log),
    ...services.videoMetrics.jobDefinitions(log),
  ],
});
