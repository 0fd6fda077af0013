import { api } from '@nearcast/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';

export async function creativeRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app.services;
  // What costs a render or paid model calls is limited per account (docs/decisions/073).
  const perMinute = (max: number) => ({ max, timeWindow: 60_000, by: 'caller' as const });
  const { creativeBriefs: briefs, creativeScripts: scripts, creativeRenders: renders, creativePlans: plans, creativeDrafts: drafts } = app.services;
  const { creativeBulkApprove: bulkApprove, creativeRetry: retry } = app.services;

  route(app, api.creative.briefGet, (caller, { body }) => briefs.get(caller, body.merchant_id));
  route(app, api.creative.briefUpdate, (caller, { body }) => briefs.update(caller, body));
  route(app, api.creative.scriptGenerate, (caller, { body, request }) => scripts.generate(caller, body, request.lang), {
    rateLimit: perMinute(config.RATE_LIMIT_SCRIPT_PER_MINUTE),
  });
  route(app, api.creative.renderAdd, (caller, { body, request }) => renders.add(caller, body, request.lang), {
    idempotent: true,
    rateLimit: perMinute(config.RATE_LIMIT_RENDER_PER_MINUTE),
  });
  route(app, api.creative.renderGet, (caller, { body, request }) => renders.get(caller, body.id, request.lang));
  route(app, api.creative.renderList, (caller, { body, request }) => renders.list(caller, body, request.lang));
  route(app, api.creative.renderCancel, (caller, { body, request }) => renders.cancel(caller, body.id, request.lang));
  route(app, api.creative.planGet, (caller, { body }) => plans.get(caller, body.merchant_id));
  route(app, api.creative.planUpdate, (caller, { body }) => plans.update(caller, body));
  route(app, api.creative.planRun, (caller, { body, request }) => plans.run(caller, body, request.lang), {
    rateLimit: perMinute(config.RATE_LIMIT_PLAN_RUN_PER_MINUTE),
  });
  route(app, api.creative.draftApprove, (caller, { body, request }) => drafts.approve(caller, body, request.lang));
  route(app, api.creative.draftReject, (caller, { body, request }) => drafts.reject(caller, body, request.lang));
  // The review queue's actions (docs/decisions/074): each draft of a bulk approval answers alone.
  route(app, api.creative.draftBulkApprove, (caller, { body, request }) => bulkApprove.approve(caller, body, request.lang));
  route(app, api.creative.renderRetry, (caller, { body, request }) => retry.retry(caller, body.id, request.lang), {
    rateLimit: perMinute(config.RATE_LIMIT_RENDER_PER_MINUTE),
  });
  // The script desk (docs/decisions/074): an operator reads it; a merchant has no desk.
  route(app, api.creative.scriptList, (caller, { body, request }) => scripts.list(caller, body, request.lang));
  route(app, api.creative.scriptUpdate, (caller, { body, request }) => scripts.update(caller, body, request.lang));
  // The plan's pins and bans (docs/decisions/085): staff and the merchant's studio set them; its operator reads them.
  route(app, api.creative.learningGet, (caller, { body }) => app.services.creativeLearning.get(caller, body.merchant_id));
  route(app, api.creative.learningSet, (caller, { body }) => app.services.creativeLearning.set(caller, body));
  route(app, api.creative.scriptAdd, (caller, { body, request }) => scripts.add(caller, body, request.lang));
  // What worked (docs/decisions/084): a merchant reads its own; studio and operator their merchants'.
  route(app, api.creative.insightsGet, (caller, { body }) => app.services.creativeInsights.get(caller, body));
}
