import { api } from '@nearcast/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../plugins/route.js';
import { refuseCommonPasswords } from './common-passwords.js';

const HOUR = 3_600_000;
const meta = (request: FastifyRequest) => ({ userAgent: request.headers['user-agent'] ?? '', ip: request.ip });

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  // Every new password the contract validates (sign-up, reset, change, accounts staff create).
  refuseCommonPasswords();
  const { accounts, codes, sessions, config } = app.services;
  const limits = {
    login: { max: config.RATE_LIMIT_LOGIN_PER_MINUTE, timeWindow: 60_000 },
    code: { max: config.RATE_LIMIT_CODE_PER_HOUR, timeWindow: HOUR },
    reset: { max: config.RATE_LIMIT_RESET_PER_HOUR, timeWindow: HOUR },
  };

  route(app, api.base.send, 'public', (_caller, { body, request }) => codes.send(body.email, body.scene, request.ip, request.lang), {
    rateLimit: limits.code,
  });
  route(app, api.account.login, 'public', (_caller, { body, request }) => accounts.login(body, { ...meta(request), lang: request.lang }), {
    rateLimit: limits.login,
  });
  route(app, api.account.sign, 'public', (_caller, { body, request }) => accounts.sign(body, meta(request)), {
    rateLimit: limits.login,
  });
  route(app, api.account.forget, 'public', async (_caller, { body }) => accounts.forget(body).then(() => null), {
    rateLimit: limits.reset,
  });

  route(app, api.account.detail, '*', async (caller) => accounts.detail(caller));
  route(app, api.account.logout, '*', async (caller) => accounts.logout(caller).then(() => null));
  route(app, api.account.psd, '*', async (caller, { body }) => accounts.changePassword(caller, body).then(() => null));
  route(app, api.account.update, '*', (caller, { body }) => accounts.update(caller, body));
  route(app, api.account.devices, '*', async (caller) => ({ list: await sessions.list(caller) }));
  route(app, api.account.revokeDevice, '*', async (caller, { body }) => accounts.revokeDevice(caller, body.id).then(() => null));
  route(app, api.account.revokeOtherDevices, '*', (caller) => sessions.revokeOthers(caller));
}
