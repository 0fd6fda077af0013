import { defineModule } from '../module-definition.js';
import type { VideoService } from '../video/service.js';
import { attributionRoutes } from './routes.js';
import { AttributionService, type AttributionPorts } from './service.js';

/** Each video's short link, its counted visits and the redemptions it brought (docs/decisions/083). */
export const attributionModule = defineModule<{ video: VideoService; merchantLinks: Pick<AttributionPorts, 'merchantLink'> }>()({
  name: 'attribution',
  schemas: ['attribution'],
  provides: ['attribution'],
  needs: ['video'],
  // The merchant's link of today comes from its creative brief; the production line, built after
  // this module, asks it for each render's own short link.
  ports: ['merchantLinks'],
  build: ({ db, config, log }, needs) => ({
    attribution: new AttributionService(
      db,
      config.PUBLIC_URL,
      { postOf: (caller, postId) => needs.video.get(caller, postId), merchantLink: (merchantId) => needs.merchantLinks.merchantLink(merchantId) },
      log,
    ),
  }),
  routes: [attributionRoutes],
  jobs: ({ attribution }, { log }) => attribution.jobDefinitions(log),
  subscribers: ({ attribution }) => [attribution.subscriber()],
});
