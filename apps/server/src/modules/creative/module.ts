import type { AccountService } from '../account/service.js';
import type { AreaService } from '../area/service.js';
import type { AttributionService } from '../attribution/service.js';
import type { EventService } from '../events/service.js';
import type { MaterialService } from '../material/service.js';
import { defineModule } from '../module-definition.js';
import type { NotificationHub } from '../notification/hub.js';
import type { UploadService } from '../upload/service.js';
import type { ConnectionService } from '../video/connection-service.js';
import type { ReviewService } from '../video/review-service.js';
import type { VideoService } from '../video/service.js';
import { merchantAnswerSubscriber } from './answer-subscriber.js';
import { qrLinkOf } from './brief-service.js';
import { createCreativeServices } from './production-line.js';
import { creativeRoutes } from './routes.js';

/** The production line: briefs, scripts, voices, renders, daily plans and what they learn. */
export const creativeModule = defineModule<{
  uploads: UploadService;
  material: MaterialService;
  accounts: AccountService;
  areas: AreaService;
  video: VideoService;
  videoConnections: ConnectionService;
  videoReviews: ReviewService;
  notificationHub: NotificationHub;
  events: EventService;
  attribution: AttributionService;
}>()({
  name: 'creative',
  schemas: ['creative', 'creative-outcomes', 'creative-learning'],
  provides: [
    'creativeBriefs',
    'creativeScripts',
    'creativeRenders',
    'creativeRenderEngine',
    'creativePlans',
    'creativeDrafts',
    'creativeBulkApprove',
    'creativeRetry',
    'creativeInsights',
    'creativeOutcomes',
    'creativeLearning',
    'merchantLinks',
  ],
  needs: ['uploads', 'material', 'accounts', 'areas', 'video', 'videoConnections', 'videoReviews', 'notificationHub', 'events', 'attribution'],
  build: ({ config, db, jobs, storage, tools, log }, needs) => {
    // Renders land in the material library and drafts become posts.
    const line = createCreativeServices({
      config,
      ...(log ? { log } : {}),
      db,
      jobs,
      storage,
      uploads: needs.uploads,
      material: needs.material,
      accounts: needs.accounts,
      areas: needs.areas,
      video: needs.video,
      connections: needs.videoConnections,
      reviews: needs.videoReviews,
      hub: needs.notificationHub,
      events: needs.events,
      tools,
      shortLinks: needs.attribution,
    });
    return {
      ...line,
      /** The merchant's link of today and its coupon, from its brief: a post no render made links there. */
      merchantLinks: {
        merchantLink: async (merchantId: number) => {
          const brief = await line.creativeBriefs.briefOf(merchantId);
          return { target: qrLinkOf(brief), coupon: brief.coupon_code ?? '' };
        },
      },
    };
  },
  routes: [creativeRoutes],
  jobs: ({ creativeRenderEngine, creativePlans }, { log }) => [...creativeRenderEngine.jobDefinitions(log), ...creativePlans.jobDefinitions(log)],
  // A merchant's answer on a post is kept on the draft it was made from; each post's outcome and
  // the choices that made it feed the insights and the plan's learning.
  subscribers: ({ creativeOutcomes }) => [merchantAnswerSubscriber(), creativeOutcomes],
});
