// The floor of an authenticated request (npm run bench:floor starts it): a bare Fastify that
// answers each POST with one prepared session-and-account query on the same PostgreSQL as
// Nearcast, and the account as JSON. No validation, no envelope checks, no logging: whatever
// Nearcast's /v1/account/detail costs beyond this is the fixed cost of the framework around it.
//
//   FLOOR_DATABASE_URL=postgres://… FLOOR_PORT=0 node scripts/bench-floor-server.mjs
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.FLOOR_DATABASE_URL, max: Number(process.env.FLOOR_POOL_SIZE ?? 10) });

// A named query: node-postgres parses and plans it once per connection, then only binds.
const SESSION_AND_ACCOUNT = {
  name: 'floor-session-account',
  text: `select s.id as session_id, s.last_seen_at, a.id, a.email, a.username, a.name, a.phone, a.wechat, a.bio,
    a.account_type, a.agent_type, a.main_agent_id, a.pay_status, a.info_status, a.status, a.expire_at,
    a.company_short_name, a.company_full_name, a.tax_number, a.country, a.state, a.city, a.county,
    a.address, a.zip_code, a.agent_id, a.studio_id, a.operator_id, a.referral_code,
    a.two_factor_enabled, a.notifications, a.created_at, a.last_login_at
    from sessions s join accounts a on a.id = s.account_id
    where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now() limit 1`,
};

const app = Fastify({ logger: false });
app.post('/api/v1/account/detail', async (request, reply) => {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (!token) return reply.status(403).send({ code: '403', msg: 'no session', data: null });
  const { rows } = await pool.query({ ...SESSION_AND_ACCOUNT, values: [createHash('sha256').update(token).digest('hex')] });
  const row = rows[0];
  if (!row) return reply.status(403).send({ code: '403', msg: 'no session', data: null });
  return { code: '200', msg: 'success', data: { ...row, token } };
});

const address = await app.listen({ host: '127.0.0.1', port: Number(process.env.FLOOR_PORT ?? 0) });
// The parent reads the address from the first line.
console.log(address);
const stop = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
