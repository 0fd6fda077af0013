import { api } from '@nearcast/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { route } from '../../plugins/route.js';
import { refuseCommonPasswords } from './common-passwords.js';
import { deviceCookie, deviceTokensFrom } from './device-tokens.js';
import type { SignedIn } from './service.js';

const HOUR = 3_600_000;
const meta = (request: FastifyRequest) => ({
  userAgent: request.headers['user-agent'] ?? '',
  ip: request.ip,
  deviceTokens: deviceTokensFrom(request.headers.cookie),
});

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  // Every new password the contract validates (sign-up, reset, change, accounts staff create).
  refuseCommonPasswords();
  const { accounts, codes, sessions, config } = app.services;
  // Secure whenever the browser is on https: behind a trusted proxy the request says so, and a
  // public https address says so even when the proxy is not trusted.
  const httpsSite = config.PUBLIC_URL.startsWith('https:');
  /** Hands the browser its device tokens (device-tokens.ts) and answers the session. */
  const signedIn = (request: FastifyRequest, reply: FastifyReply, { deviceTokens, ...signed }: SignedIn) => {
    reply.header('set-cookie', deviceCookie(deviceTokens, httpsSite || request.protocol === 'https'));
    return signed;
  };
  const limits = {
    login: { max: config.RATE_LIMIT_LOGIN_PER_MINUTE, timeWindow: 60_000 },
    code: { max: config.RATE_LIMIT_CODE_PER_HOUR, timeWindow: HOUR },
    reset: { max: config.RATE_LIMIT_RESET_PER_HOUR, timeWindow: HOUR },
  };

  route(app, api.base.send, (_caller, { body, request }) => codes.send(body.email, body.scene, request.ip, request.lang), {
    rateLimit: limits.code,
  });
  route(
    app,
    api.account.login,
    async (_caller, { body, request, reply }) => signedIn(request, reply, await accounts.login(body, { ...meta(request), lang: request.lang })),
    { rateLimit: limits.login },
  );
  route(app, api.account.sign, async (_caller, { body, request, reply }) => signedIn(request, reply, await accounts.sign(body, meta(request))), {
    rateLimit: limits.login,
  });
  route(app, api.account.forget, async (_caller, { body }) => accounts.forget(body).then(() => null), {
    rateLimit: limits.reset,
  });

  route(app, api.account.detail, async (caller) => accounts.detail(caller));
  route(app, api.account.logout, async (caller) => accounts.logout(caller).then(() => null));
  route(app, api.account.psd, async (caller, { body }) => accounts.changePassword(caller, body).then(() => null));
  route(app, api.account.update, (caller, { body }) => accounts.update(caller, body));
  route(app, api.account.devices, async (caller) => ({ list: await sessions.list(caller) }));
  route(app, api.account.revokeDevice, async (caller, { body }) => accounts.revokeDevice(caller, body.id).then(() => null));
  route(app, api.account.revokeOtherDevices, (caller) => sessions.revokeOthers(caller));
}
