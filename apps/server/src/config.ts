import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * The only reader of process.env (design.md). Everything has an embedded default so that
 * `npm start` needs no setup; a real service is switched on by setting its variable.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((value) => value === '1' || value === 'true');

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Required in production (mail links, promotion links, QR codes); elsewhere derived from PORT. */
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  SEED_DEMO: flag,
  /**
   * With the demo accounts, their network too (more agents, studios, merchants, 90 days of
   * payments, settlements): on unless `0`, so a bare `npm start` opens on real-looking numbers.
   */
  DEMO_NETWORK: z
    .enum(['0', '1', 'true', 'false', ''])
    .optional()
    .transform((value) => value !== '0' && value !== 'false'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Nearcast <no-reply@nearcast.local>'),
  /**
   * Text messages: printed to the console unless `twilio`, which needs the account SID, auth
   * token and SMS_FROM (a Twilio number in E.164 or a Messaging Service SID MG…).
   */
  SMS_PROVIDER: z.enum(['console', 'twilio']).default('console'),
  SMS_TWILIO_ACCOUNT_SID: z.string().optional(),
  SMS_TWILIO_AUTH_TOKEN: z.string().optional(),
  SMS_FROM: z.string().optional(),
  /** Point the Twilio client elsewhere (a local fake); unset means https://api.twilio.com. */
  SMS_TWILIO_BASE_URL: z.string().optional(),
  /** When the plan reminders (7 days before, and on the day) go out: a cron expression in UTC. */
  PLAN_REMINDER_CRON: z.string().min(9).default('0 15 * * *'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  TRUST_PROXY: flag,
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1024 * 1024),
  /** log2 of scrypt's N. 17 in production (design.md); tests lower it to stay fast. */
  SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).default(17),
  /**
   * `sandbox` turns the embedded test-mode checkout on in production (it is on by default
   * elsewhere); `stripe` insists on the Stripe keys. Unset in production without Stripe keys,
   * nothing can be bought.
   */
  PAYMENTS: z.enum(['sandbox', 'stripe']).optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Point the Stripe SDK elsewhere (a local fake or stripe-mock); unset means Stripe itself. */
  STRIPE_API_HOST: z.string().optional(),
  STRIPE_API_PORT: z.coerce.number().int().optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  /** How long a checkout stays open, and so how long a studio order holds its city place. */
  CHECKOUT_HOLD_MINUTES: z.coerce.number().int().min(30).max(1440).default(30),
  /** When the expiry job marks lapsed plans as expired: a cron expression in UTC (minute granularity). */
  EXPIRY_JOB_CRON: z.string().min(9).default('* * * * *'),
  /**
   * What this process does: `all` serves HTTP and runs the background jobs; at scale, `web`
   * instances serve HTTP and only enqueue, and `worker` instances run the jobs without serving,
   * so a statistics run or a commission release never queues behind requests or slows them.
   * `render` instances run only the video renders (docs/decisions/050), so render machines are
   * added beside the others on the same PostgreSQL and bucket.
   */
  PROCESS_ROLE: z.enum(['all', 'web', 'worker', 'render']).default('all'),
  /** How long a stopping process may take to drain requests and jobs before it exits regardless. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /** How often each job queue worker looks for new work, in seconds (pg-boss allows 0.5 and up). */
  JOBS_POLLING_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /** S3-compatible storage for uploaded files; unset keeps them on disk under DATA_DIR/uploads. */
  S3_BUCKET: z.string().optional().transform((value) => value || undefined),
  S3_REGION: z.string().default('us-east-1'),
  /** Another S3-compatible service (MinIO, R2, a local fake); unset means AWS itself. */
  S3_ENDPOINT: z.string().url().optional(),
  /** Without a key pair the AWS SDK's own chain applies (instance roles, AWS_* variables). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** bucket-in-the-path URLs, which MinIO and most fakes need. */
  S3_FORCE_PATH_STYLE: flag,
  /**
   * Signs the expiring file URLs of local storage. Unset, a random secret is kept beside the
   * files (DATA_DIR/uploads/.url-secret), shared by every instance that shares the files.
   */
  FILE_URL_SECRET: z.string().min(32).optional(),
  /** How long a signed file URL stays valid. */
  FILE_URL_TTL_SECONDS: z.coerce.number().int().min(60).max(604_800).default(3600),
  /**
   * The AES-256-GCM key that encrypts payout details (tax numbers, bank accounts): 32 bytes as
   * 64 hex digits or base64. Required in production; elsewhere a fixed development key applies.
   */
  PAYOUT_DETAILS_KEY: z
    .string()
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || decodeKey(value) !== null, {
      message: 'must be 32 bytes, as 64 hex digits or base64',
    }),
  /**
   * The AES-256-GCM key that encrypts the merchants' platform tokens (OAuth access and refresh
   * tokens), like PAYOUT_DETAILS_KEY: 32 bytes as 64 hex digits or base64. Required in production
   * once any platform's client id is configured; sandbox tokens grant nothing outside this app.
   */
  PLATFORM_TOKEN_KEY: z
    .string()
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || decodeKey(value) !== null, {
      message: 'must be 32 bytes, as 64 hex digits or base64',
    }),
  RATE_LIMIT_UPLOAD_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /**
   * Live notification streams one account may hold open on one server process; the next is a
   * '429'. Each holds a connection and a hub subscription for as long as the page stays open,
   * and a person has a few tabs and devices, not hundreds.
   */
  NOTIFICATION_STREAMS_PER_ACCOUNT: z.coerce.number().int().min(1).max(100).default(5),
  /**
   * Material center (docs/decisions/027). ffmpeg and ffprobe come with `npm install`
   * (@ffmpeg-installer, @ffprobe-installer); `system` uses the ones on the PATH instead, and
   * FFMPEG_PATH / FFPROBE_PATH name other binaries outright.
   */
  MEDIA_BINARIES: z.enum(['bundled', 'system']).default('bundled'),
  FFMPEG_PATH: z.string().optional().transform((value) => value || undefined),
  FFPROBE_PATH: z.string().optional().transform((value) => value || undefined),
  /** Storage per merchant, in MB, when its plan has no quota of its own below. */
  FOOTAGE_QUOTA_MB: z.coerce.number().int().min(1).default(5120),
  /** Quotas by plan: `<package id or name>=<MB>` pairs separated by commas, e.g. `Growth=20480,7=10240`. */
  FOOTAGE_QUOTA_MB_BY_PLAN: z.string().default(''),
  /**
   * Video publishing (docs/decisions/033): a platform's real adapter is live when both its client
   * id and secret are set; otherwise the sandbox stands in for it, labelled as such, where
   * PUBLISH_SANDBOX allows (on outside production; production asks for it with 1).
   */
  PUBLISH_SANDBOX: z.enum(['0', '1', 'true', 'false', '']).optional().transform((value) => (value === undefined || value === '' ? undefined : value === '1' || value === 'true')),
  TIKTOK_CLIENT_ID: z.string().optional().transform((value) => value || undefined),
  TIKTOK_CLIENT_SECRET: z.string().optional().transform((value) => value || undefined),
  YOUTUBE_CLIENT_ID: z.string().optional().transform((value) => value || undefined),
  YOUTUBE_CLIENT_SECRET: z.string().optional().transform((value) => value || undefined),
  BILIBILI_CLIENT_ID: z.string().optional().transform((value) => value || undefined),
  BILIBILI_CLIENT_SECRET: z.string().optional().transform((value) => value || undefined),
  INSTAGRAM_CLIENT_ID: z.string().optional().transform((value) => value || undefined),
  INSTAGRAM_CLIENT_SECRET: z.string().optional().transform((value) => value || undefined),
  WEIBO_CLIENT_ID: z.string().optional().transform((value) => value || undefined),
  WEIBO_CLIENT_SECRET: z.string().optional().transform((value) => value || undefined),
  PINTEREST_CLIENT_ID: z.string().optional().transform((value) => value || undefined),
  PINTEREST_CLIENT_SECRET: z.string().optional().transform((value) => value || undefined),
  VK_CLIENT_ID: z.string().optional().transform((value) => value || undefined),
  VK_CLIENT_SECRET: z.string().optional().transform((value) => value || undefined),
  KUAISHOU_CLIENT_ID: z.string().optional().transform((value) => value || undefined),
  KUAISHOU_CLIENT_SECRET: z.string().optional().transform((value) => value || undefined),
  FACEBOOK_CLIENT_ID: z.string().optional().transform((value) => value || undefined),
  FACEBOOK_CLIENT_SECRET: z.string().optional().transform((value) => value || undefined),
  /**
   * The production line's script writer (docs/decisions/049): templates written in each language
   * work offline; a language model over the OpenAI-compatible chat completions API (OpenAI,
   * DeepSeek, Qwen, a local Ollama) is used when LLM_BASE_URL and LLM_MODEL are set, the
   * templates standing in whenever it fails.
   */
  LLM_BASE_URL: z.string().url().optional().or(z.literal('').transform(() => undefined)),
  LLM_API_KEY: z.string().optional().transform((value) => value || undefined),
  LLM_MODEL: z.string().optional().transform((value) => value || undefined),
  LLM_TIMEOUT_SECONDS: z.coerce.number().min(1).max(300).default(30),
  /** The largest chat answer read; a script is a few KB, so a bigger one is a faulty or hostile server. */
  LLM_MAX_ANSWER_BYTES: z.coerce.number().int().min(1024).max(64 * 1024 * 1024).default(1024 * 1024),
  /**
   * Cloud text-to-speech over the OpenAI-compatible `/v1/audio/speech` (docs/decisions/048), used
   * by briefs whose voice is `cloud` when TTS_BASE_URL is set.
   */
  TTS_BASE_URL: z.string().url().optional().or(z.literal('').transform(() => undefined)),
  TTS_API_KEY: z.string().optional().transform((value) => value || undefined),
  TTS_MODEL: z.string().default('gpt-4o-mini-tts'),
  /** The voice per language, e.g. `en=alloy,es=nova,zh=shimmer`; one name serves them all. */
  TTS_VOICES: z.string().default('alloy'),
  TTS_TIMEOUT_SECONDS: z.coerce.number().min(1).max(300).default(60),
  /** The largest speech answer read for one line (a minute of 24 kHz WAV is under 3 MB). */
  TTS_MAX_ANSWER_BYTES: z.coerce.number().int().min(1024).max(1024 * 1024 * 1024).default(50 * 1024 * 1024),
  /** Renders one process runs at once; unset, one per two cores (an ffmpeg encode uses about two). */
  RENDER_CONCURRENCY: z.coerce.number().int().min(0).max(64).optional(),
  /** A render still running after this long is stopped and retried. */
  RENDER_TIMEOUT_SECONDS: z.coerce.number().int().min(10).max(3600).default(600),
  /** The output frame: the platforms' 1080×1920 unless a test asks for a small one. */
  RENDER_SIZE: z.enum(['1080x1920', '720x1280', '360x640']).default('1080x1920'),
  /**
   * A studio's render queue (docs/decisions/073): at most this many waiting renders per merchant
   * it serves (a day's plan is at most 10 videos: a day's plan and as much again by hand), and
   * never fewer than RENDER_QUEUE_MIN, so a new studio can still work. A merchant without a
   * studio has the per-merchant number alone.
   */
  RENDER_QUEUE_PER_MERCHANT: z.coerce.number().int().min(1).max(10_000).default(20),
  RENDER_QUEUE_MIN: z.coerce.number().int().min(1).max(100_000).default(50),
  /**
   * What the daily plan learns to win (docs/decisions/085): weights of plays at 24 h, engagement
   * and link visits, as `plays:0.5,engagement:0.2,visits:0.3` (the default when empty).
   */
  LEARNING_REWARD_WEIGHTS: z
    .string()
    .regex(/^(\s*(plays|engagement|visits)\s*[:=]\s*\d+(\.\d+)?\s*(,(?!$)|$))*$/, 'name:weight pairs of plays, engagement, visits, e.g. plays:0.5,engagement:0.2,visits:0.3')
    .default(''),
  /** Per account, on the endpoints that cost a render or paid model calls (docs/decisions/073). */
  RATE_LIMIT_RENDER_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_PLAN_RUN_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_SCRIPT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_LOGIN_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_CODE_PER_HOUR: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_RESET_PER_HOUR: z.coerce.number().int().min(1).default(10),
});

/** A 32-byte key from 64 hex digits or base64, or null when it is neither. */
export function decodeKey(value: string): Buffer | null {
  const bytes = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  return bytes.length === 32 ? bytes : null;
}

/**
 * Development only: anyone can read it here, so data encrypted with it is as good as plain.
 * Production refuses to start without its own key rather than fall back to this one.
 */
const DEV_PAYOUT_DETAILS_KEY = 'bmVhcmNhc3QtZGV2LW9ubHktcGF5b3V0LWtleS0zMmI=';
/** Development only, for the same reason; it seals sandbox tokens, which grant nothing outside the app. */
const DEV_PLATFORM_TOKEN_KEY = 'bmVhcmNhc3QtZGV2LW9ubHktcGxhdGZvcm0tdG9rZW4=';

export type Config = Omit<z.infer<typeof schema>, 'PUBLIC_URL' | 'PAYOUT_DETAILS_KEY' | 'PLATFORM_TOKEN_KEY'> & {
  PUBLIC_URL: string;
  PAYOUT_DETAILS_KEY: string;
  PLATFORM_TOKEN_KEY: string;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const { PUBLIC_URL, ...rest } = parsed.data;
  // Links in mail, promotion links and QR codes are built from PUBLIC_URL: a production
  // instance guessing `localhost` would hand out links that open nothing for anyone else.
  if (!PUBLIC_URL && !overrides.PUBLIC_URL && rest.NODE_ENV === 'production') {
    throw new Error('Invalid configuration: PUBLIC_URL is required in production (the address users reach, e.g. https://nearcast.example.com)');
  }
  if (rest.SMS_PROVIDER === 'twilio' && !(rest.SMS_TWILIO_ACCOUNT_SID && rest.SMS_TWILIO_AUTH_TOKEN && rest.SMS_FROM)) {
    throw new Error('Invalid configuration: SMS_PROVIDER=twilio needs SMS_TWILIO_ACCOUNT_SID, SMS_TWILIO_AUTH_TOKEN and SMS_FROM');
  }
  // Web and worker processes meet in the database's job tables: the embedded PGlite belongs to
  // one process alone.
  if (rest.PROCESS_ROLE !== 'all' && !rest.DATABASE_URL && !overrides.DATABASE_URL) {
    throw new Error(`Invalid configuration: PROCESS_ROLE=${rest.PROCESS_ROLE} needs a PostgreSQL shared by every process (DATABASE_URL)`);
  }
  // Payout details encrypted under a key that ships in the source would be readable by anyone
  // who has the database; a production instance must bring its own (decision 013's rule).
  if (!rest.PAYOUT_DETAILS_KEY && !overrides.PAYOUT_DETAILS_KEY && rest.NODE_ENV === 'production') {
    throw new Error('Invalid configuration: PAYOUT_DETAILS_KEY is required in production (32 random bytes as base64, e.g. `openssl rand -base64 32`)');
  }
  // Real platform tokens post to merchants' accounts: once a real platform is configured, a
  // production instance must seal them under its own key.
  const realPlatform = Object.entries(rest).some(([name, value]) => name.endsWith('_CLIENT_ID') && typeof value === 'string' && value.length > 0);
  if (!rest.PLATFORM_TOKEN_KEY && !overrides.PLATFORM_TOKEN_KEY && rest.NODE_ENV === 'production' && realPlatform) {
    throw new Error('Invalid configuration: PLATFORM_TOKEN_KEY is required in production when a platform is configured (32 random bytes as base64, e.g. `openssl rand -base64 32`)');
  }
  const config: Config = {
    ...rest,
    PUBLIC_URL: PUBLIC_URL ?? `http://localhost:${rest.PORT}`,
    PAYOUT_DETAILS_KEY: rest.PAYOUT_DETAILS_KEY ?? DEV_PAYOUT_DETAILS_KEY,
    PLATFORM_TOKEN_KEY: rest.PLATFORM_TOKEN_KEY ?? DEV_PLATFORM_TOKEN_KEY,
    ...overrides,
  };
  // Session tokens, passwords and signed file links would cross the network in clear text, and
  // every mailed or printed link would send users there: production on a real host needs https.
  // A production build tried on this machine (http://localhost, 127.0.0.1) is only warned about.
  if (config.NODE_ENV === 'production' && isPlainHttp(config.PUBLIC_URL) && !isLocalUrl(config.PUBLIC_URL)) {
    throw new Error(
      `Invalid configuration: PUBLIC_URL must be https:// in production (got ${config.PUBLIC_URL}); put the server behind a TLS-terminating proxy and set TRUST_PROXY=1`,
    );
  }
  return config;
}

function isPlainHttp(url: string): boolean {
  return new URL(url).protocol === 'http:';
}

/** This machine only: `localhost` (and its subdomains), 127.0.0.0/8 and ::1. */
function isLocalUrl(url: string): boolean {
  const host = new URL(url).hostname.toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host) || host === '[::1]';
}

/**
 * What the configuration allows but an operator should hear about at every start, loudly:
 * the server logs each as a warning once it is up.
 */
export function configWarnings(config: Pick<Config, 'NODE_ENV' | 'PUBLIC_URL' | 'SEED_DEMO'>): string[] {
  const warnings: string[] = [];
  const local = isLocalUrl(config.PUBLIC_URL);
  if (isPlainHttp(config.PUBLIC_URL) && (config.NODE_ENV === 'production' || !local)) {
    warnings.push(
      `PUBLIC_URL is ${config.PUBLIC_URL}: plain http, so sign-ins, session tokens and signed file links travel unencrypted; use https before anyone else connects`,
    );
  }
  if (config.NODE_ENV === 'production' && config.SEED_DEMO) {
    warnings.push('SEED_DEMO=1 in production: the demo accounts exist, and their password is published in the README; change or disable them before going live');
  }
  return warnings;
}

export type PaymentsMode = 'stripe' | 'sandbox' | 'none';

/**
 * Which checkout is live. Stripe when its key is set; the sandbox, which sells plans for free,
 * outside production or when production asks for it by name; otherwise none.
 */
export function paymentsMode(config: Pick<Config, 'NODE_ENV' | 'PAYMENTS' | 'STRIPE_SECRET_KEY'>): PaymentsMode {
  if (config.STRIPE_SECRET_KEY) return 'stripe';
  if (config.PAYMENTS === 'stripe') throw new Error('Invalid configuration: PAYMENTS=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  if (config.PAYMENTS === 'sandbox' || config.NODE_ENV !== 'production') return 'sandbox';
  return 'none';
}

/**
 * Whether the demo accounts (with the password the README prints) are seeded into an empty
 * database: in production only when SEED_DEMO asks; elsewhere on the embedded database too.
 */
export function seedDemoWanted(config: Pick<Config, 'NODE_ENV' | 'SEED_DEMO' | 'DATABASE_URL'>): boolean {
  if (config.NODE_ENV === 'production') return config.SEED_DEMO;
  return !config.DATABASE_URL || config.SEED_DEMO;
}

export { repoRoot };
