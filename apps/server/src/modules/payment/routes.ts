import { api, apiLanguageOf, formatMessage } from '@nearcast/contract';
import type { FastifyInstance } from 'fastify';
import { SandboxProvider, StripeProvider, type SandboxDecision } from '../../adapters/payments/index.js';
import { describe } from '../../adapters/payments/stripe-provider.js';
import { sendEnvelope } from '../../plugins/envelope.js';
import { route } from '../../plugins/route.js';
import { sandboxPage } from './sandbox-page.js';

export async function paymentRoutes(app: FastifyInstance): Promise<void> {
  const { payments, config } = app.services;

  route(app, api.payment.stripe, (caller, { body }) => payments.checkout(caller, body), { idempotent: true });
  route(app, api.payment.callback, (caller, { body }) => payments.verify(caller, body.session_id));
  route(app, api.payment.places, (caller, { body }) => payments.places(caller, body.city_id));
  route(app, api.payment.plan, (caller) => payments.planOf(caller));

  const provider = payments.provider;

  // Stripe's webhook: its body is Stripe's event, trusted only through the signature over the raw bytes.
  app.post('/api/v1/payment/stripe/webhook', async (request, reply) => {
    if (!(provider instanceof StripeProvider)) {
      return sendEnvelope(reply, '404', formatMessage(request.lang, 'error.route_not_found'), null);
    }
    const signature = request.headers['stripe-signature'];
    let event;
    try {
      event = await provider.verifyEvent(request.rawBody ?? '', typeof signature === 'string' ? signature : '');
    } catch {
      return sendEnvelope(reply, '400', formatMessage(request.lang, 'payment.webhook_signature'), null);
    }
    const object = event.data.object as { object?: string };
    if (event.type === 'charge.refunded' && object.object === 'charge') {
      // A refund, asked for here or in Stripe's dashboard: finance posts what Stripe refunded in total.
      const charge = event.data.object as Parameters<StripeProvider['orderIdOfCharge']>[0];
      const result = await payments.handleStripeChargeRefunded({
        id: event.id,
        type: event.type,
        orderId: await provider.orderIdOfCharge(charge),
        totalRefundedCents: charge.amount_refunded,
        chargeId: charge.id,
      });
      return sendEnvelope(reply, '200', result, { result });
    }
    if (object.object !== 'checkout.session') return sendEnvelope(reply, '200', 'ignored', { result: 'ignored' });
    const session = event.data.object as Parameters<typeof describe>[0];
    const described = describe(session);
    const state = event.type === 'checkout.session.async_payment_failed' ? 'failed' : described.state;
    const result = await payments.handleStripeEvent({ id: event.id, type: event.type, session: { ...described, state, sessionId: session.id } });
    return sendEnvelope(reply, '200', result, { result });
  });

  // The sandbox checkout pages, when the sandbox is the provider.
  if (provider instanceof SandboxProvider) {
    await app.register(async (sandbox) => {
      // Plain HTML forms post url-encoded bodies; their content carries nothing we read.
      sandbox.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, {}));

      sandbox.get<{ Params: { id: string }; Querystring: { lang?: string } }>('/sandbox/checkout/:id', async (request, reply) => {
        // The app names its own language (`?lang=`): the window is opened by a page whose
        // language the user chose, while the browser's Accept-Language says what the browser is in.
        const lang = typeof request.query.lang === 'string' ? apiLanguageOf(request.query.lang) : request.lang;
        const session = await provider.session(request.params.id);
        if (!session) return reply.status(404).type('text/html; charset=utf-8').send(sandboxPage(lang, { id: request.params.id, description: '', amountCents: 0, open: false, homeUrl: config.PUBLIC_URL }));
        const open = session.status === 'open' && session.expiresAt.getTime() > Date.now();
        return reply
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(sandboxPage(lang, { id: session.id, description: session.description, amountCents: session.amountCents, open, homeUrl: config.PUBLIC_URL }));
      });

      sandbox.post<{ Params: { id: string; decision: string } }>('/sandbox/checkout/:id/:decision', async (request, reply) => {
        const decision = request.params.decision;
        if (decision !== 'pay' && decision !== 'decline' && decision !== 'cancel') return reply.status(404).send();
        const session = await provider.decide(request.params.id, decision as SandboxDecision);
        if (!session) return reply.status(404).send();
        // Like a provider: back to the success URL after paying or a decline (the app then
        // verifies and shows the result), to the cancel URL after cancelling.
        const target = decision === 'cancel' ? session.cancelUrl : session.successUrl.replace('{CHECKOUT_SESSION_ID}', () => encodeURIComponent(session.id));
        return reply.redirect(target, 303);
      });
    });
  }
}
