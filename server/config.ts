import { z } from 'zod';
import path from 'node:path';

const bool = z.enum(['0', '1', 'true', 'false', 'yes', 'no', '']).transform((v) => v === '1' || v === 'true' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// address')
    .optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Job Marketplace <no-reply@jobmarketplace.local>'),
  SUPPORT_EMAIL: z.email().default('support@jobmarketplace.local'),
  REDIS_URL: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  GEOCODER_URL: z.url().optional(),
  GEOCODER_KEY: z.string().optional(),
  GOOGLE_MAPS_API_KEY: z.string().optional(),
  DEMO_DATA: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  /** Which search engine answers (server/jobs/search-engine.ts); read where each search chooses it. */
  SEARCH_ENGINE: z.enum(['index', 'postgres'], { error: 'SEARCH_ENGINE must be index or postgres' }).optional(),
  TRUST_PROXY: bool.default(false),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  AI_API_URL: z.url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().trim().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().trim().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().trim().optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  production: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  redisUrl: string | undefined;
  google: { clientId: string; clientSecret: string; issuer: string } | null;
  geocoder: { url: string; key: string | undefined } | null;
  mapsApiKey: string | null;
  demoData: boolean;
  logLevel: Env['LOG_LEVEL'];
  /** Readable lines for a person, or one JSON object per line for a log collector. */
  logFormat: 'json' | 'pretty';
  trustProxy: boolean;
  /** Where uploaded files live: a folder under DATA_DIR, or an S3-compatible bucket when S3_BUCKET is set. */
  files: FilesConfig;
  /** An OpenAI-compatible chat completions endpoint that writes job descriptions; null: the embedded template writer. */
  ai: AiConfig | null;
  /** Stripe takes the payments when its three keys are set; null: the built-in test processor (test cards only). */
  stripe: StripeSettings | null;
  /** The dev mailbox is the local inbox; it never exists in production. */
  devMailbox: boolean;
  /** Folder of the built SPA; absent in API-only tests. */
  clientDir: string | null;
}

export interface S3Config {
  bucket: string;
  /** Unset: AWS S3 itself; set for S3-compatible stores. */
  endpoint: string | undefined;
  region: string;
  /** Unset: the SDK's default credential chain (instance role, environment, profile). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Bucket in the path rather than the host name, as most S3-compatible servers want. */
  forcePathStyle: boolean;
}

export interface AiConfig {
  /** The API's base address (…/v1) or its chat completions address. */
  url: string;
  /** Sent as a bearer token; unset for servers that need none. */
  key: string | undefined;
  model: string;
}

export interface StripeSettings {
  /** sk_… or a restricted rk_… key: the server's calls to Stripe. */
  secretKey: string;
  /** pk_…: what the browser loads Stripe's card form with. */
  publishableKey: string;
  /** whsec_…: the webhook endpoint's signing secret. */
  webhookSecret: string;
  /** Stripe's API address, unset for Stripe itself; tests point the client at a server of their own. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

export type FilesConfig = { kind: 'local'; dir: string } | ({ kind: 's3' } & S3Config);

export class ConfigError extends Error {}

/** Local mode works with no setup; production fails closed without its secrets. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError('Invalid configuration: ' + parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production) {
    const missing = [
      !e.JWT_SECRET && 'JWT_SECRET',
      !e.SMTP_URL && 'SMTP_URL',
      !e.PUBLIC_URL && 'PUBLIC_URL',
      !e.DATABASE_URL && 'DATABASE_URL',
    ].filter(Boolean);
    if (missing.length) throw new ConfigError(`Production needs ${missing.join(', ')}`);
  }
  if (!!e.S3_ACCESS_KEY_ID !== !!e.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
  if (e.AI_API_URL && !e.AI_MODEL) throw new ConfigError('AI_API_URL needs AI_MODEL (the model that writes job descriptions)');
  const stripe = stripeSettings(e);
  const port = e.PORT;
  const dataDir = path.resolve(e.DATA_DIR);
  const config: Config = {
    env: e.NODE_ENV,
    production,
    port,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    // Local mode only: a fixed development secret, so sessions survive restarts of `npm start`.
    jwtSecret: e.JWT_SECRET ?? 'local-development-secret-not-for-production-use-000',
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    redisUrl: e.REDIS_URL,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.GOOGLE_ISSUER }
        : null,
    geocoder: e.GEOCODER_URL ? { url: e.GEOCODER_URL, key: e.GEOCODER_KEY } : null,
    mapsApiKey: e.GOOGLE_MAPS_API_KEY ?? null,
    demoData: e.DEMO_DATA,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (production ? 'json' : 'pretty'),
    trustProxy: e.TRUST_PROXY,
    files: e.S3_BUCKET
      ? {
          kind: 's3',
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : { kind: 'local', dir: path.join(dataDir, 'files') },
    ai: e.AI_API_URL && e.AI_MODEL ? { url: e.AI_API_URL, key: e.AI_API_KEY, model: e.AI_MODEL } : null,
    stripe,
    devMailbox: !production,
    clientDir: path.resolve('dist/client'),
    ...overrides,
  };
  return config;
}

const STRIPE_KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

/** All three Stripe keys or none: one or two alone would start a server that cannot take a payment or read a webhook. */
function stripeSettings(e: Env): StripeSettings | null {
  const missing = STRIPE_KEYS.filter((name) => !e[name]);
  if (missing.length === STRIPE_KEYS.length) return null;
  if (missing.length) {
    throw new ConfigError(
      `Stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET together; missing ${missing.join(', ')}`,
    );
  }
  const { STRIPE_SECRET_KEY: secretKey = '', STRIPE_PUBLISHABLE_KEY: publishableKey = '', STRIPE_WEBHOOK_SECRET: webhookSecret = '' } = e;
  const secretMode = /^(?:sk|rk)_(test|live)_/.exec(secretKey)?.[1];
  const publishableMode = /^pk_(test|live)_/.exec(publishableKey)?.[1];
  if (!secretMode) throw new ConfigError('STRIPE_SECRET_KEY must be a secret key (sk_test_…, sk_live_…) or a restricted key (rk_…)');
  if (!publishableMode) throw new ConfigError('STRIPE_PUBLISHABLE_KEY must be a publishable key (pk_test_…, pk_live_…)');
  if (secretMode !== publishableMode) {
    throw new ConfigError(
      `STRIPE_SECRET_KEY is a ${secretMode} key but STRIPE_PUBLISHABLE_KEY a ${publishableMode} key: use the same mode for both`,
    );
  }
  if (!webhookSecret.startsWith('whsec_')) throw new ConfigError('STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)');
  return { secretKey, publishableKey, webhookSecret };
}
