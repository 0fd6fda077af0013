import { api } from '@nearcast/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';

/**
 * Who does what on the production line (docs/decisions/047): staff (super, admin) for any
 * merchant and a studio for its own write scripts, render, run plans and decide drafts; an
 * operator reads what its merchants have; a merchant reads its own renders and keeps its brief.
 * Anything outside the caller's merchants is the uniform not-found of the scope rules.
 */
const MAKERS = ['super', 'admin', 'studio'] as const;
const WORKERS = ['super', 'admin', 'studio', 'operator'] as const;
const READERS = ['super', 'admin', 'studio', 'operator', 'client'] as const;
const BRIEF_EDITORS = ['super', 'admin', 'studio', 'client'] as const;

export async function creativeRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app.services;
  // What costs a render or paid model calls is limited per account (docs/decisions/073).
  const perMinute = (max: number) => ({ max, timeWindow: 60_000, by: 'caller' as const });
  const { creativeBriefs: briefs, creativeScripts: scripts, creativeRenders: renders, creativePlans: plans, creativeDrafts: drafts } = app.services;
  const { creativeBulkApprove: bulkApprove, creativeRetry: retry } = app.services;

  route(app, api.creative.briefGet, READERS, (caller, { body }) => briefs.get(caller, body.merchant_id));
  route(app, api.creative.briefUpdate, BRIEF_EDITORS, (caller, { body }) => briefs.update(caller, body));
  route(app, api.creative.scriptGenerate, MAKERS, (caller, { body, request }) => scripts.generate(caller, body, request.lang), {
    rateLimit: perMinute(config.RATE_LIMIT_SCRIPT_PER_MINUTE),
  });
  route(app, api.creative.renderAdd, MAKERS, (caller, { body, request }) => renders.add(caller, body, request.lang), {
    idempotent: true,
    rateLimit: perMinute(config.RATE_LIMIT_RENDER_PER_MINUTE),
  });
  route(app, api.creative.renderGet, READERS, (caller, { body, request }) => renders.get(caller, body.id, request.lang));
  route(app, api.creative.renderList, READERS, (caller, { body, request }) => renders.list(caller, body, request.lang));
  route(app, api.creative.renderCancel, MAKERS, (caller, { body, request }) => renders.cancel(caller, body.id, request.lang));
  route(app, api.creative.planGet, WORKERS, (caller, { body }) => plans.get(caller, body.merchant_id));
  route(app, api.creative.planUpdate, MAKERS, (caller, { body }) => plans.update(caller, body));
  route(app, api.creative.planRun, MAKERS, (caller, { body, request }) => plans.run(caller, body, request.lang), {
    rateLimit: perMinute(config.RATE_LIMIT_PLAN_RUN_PER_MINUTE),
  });
  route(app, api.creative.draftApprove, MAKERS, (caller, { body, request }) => drafts.approve(caller, body, request.lang));
  route(app, api.creative.draftReject, MAKERS, (caller, { body, request }) => drafts.reject(caller, body, request.lang));
  // The review queue's actions (docs/decisions/074): each draft of a bulk approval answers alone.
  route(app, api.creative.draftBulkApprove, MAKERS, (caller, { body, request }) => bulkApprove.approve(caller, body, request.lang));
  route(app, api.creative.renderRetry, MAKERS, (caller, { body, request }) => retry.retry(caller, body.id, request.lang), {
    rateLimit: perMinute(config.RATE_LIMIT_RENDER_PER_MINUTE),
  });
  // The script desk (docs/decisions/074): an operator reads it; a merchant has no desk.
  route(app, api.creative.scriptList, WORKERS, (caller, { body, request }) => scripts.list(caller, body, request.lang));
  route(app, api.creative.scriptUpdate, MAKERS, (caller, { body, request }) => scripts.update(caller, body, request.lang));
  // The plan's pins and bans (docs/decisions/085): staff and the merchant's studio set them; its operator reads them.
  route(app, api.creative.learningGet, WORKERS, (caller, { body }) => app.services.creativeLearning.get(caller, body.merchant_id));
  route(app, api.creative.learningSet, MAKERS, (caller, { body }) => app.services.creativeLearning.set(caller, body));
  route(app, api.creative.scriptAdd, MAKERS, (caller, { body, request }) => scripts.add(caller, body, request.lang));
  // What worked (docs/decisions/084): a merchant reads its own; studio and operator their merchants'.
  route(app, api.creative.insightsGet, READERS, (caller, { body }) => app.services.creativeInsights.get(caller, body));
}
