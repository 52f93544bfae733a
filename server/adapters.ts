import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { MailTransport } from './platform/mail/mailer.ts';
import { connectRedisRateLimiter, createMemoryRateLimiter, type RateLimiter } from './platform/rate-limit.ts';
import { createSmtpTransport } from './platform/mail/smtp.ts';
import { createRulesBusinessVerifier, type BusinessVerifier } from './platform/business-verifier.ts';
import { createHttpGeocoder, type StreetGeocoder } from './platform/geocoder.ts';
import { createLocalFileStore, createS3FileStore, type FileStore } from './platform/file-store.ts';
import { createOpenAiJobWriter, createTemplateJobWriter, type JobWriter } from './platform/job-writer.ts';
import type { PaymentProvider } from './platform/payments/provider.ts';
import { createTestProcessor } from './platform/payments/test-processor.ts';
import { createStripeProvider } from './platform/payments/stripe.ts';

/**
 * The replaceable parts of the server: each has an embedded default that needs no setup
 * and a production adapter chosen by configuration (DESIGN §5). Tests pass their own.
 */
export interface Adapters {
  database: Database;
  /** Null: mail is only recorded in the outbox (read it at /dev/mailbox). */
  mailTransport: MailTransport | null;
  rateLimiter: RateLimiter;
  /** Null: street searches use the embedded gazetteer (cities and ZIP codes). */
  geocoder: StreetGeocoder | null;
  /** Decides whether an employer's business is legally registered; a KYB provider can replace the rules. */
  businessVerifier: BusinessVerifier;
  /** Uploaded files: a folder under DATA_DIR, or an S3-compatible bucket when S3_BUCKET is set. */
  files: FileStore;
  /** Writes job descriptions from a draft's fields: a template, or an OpenAI-compatible model when AI_API_URL is set. */
  jobWriter: JobWriter;
  /**
   * The payment processor: Stripe when its keys are set; otherwise the built-in test processor
   * outside production, and null in production (billing then answers 503 to every call that needs it).
   */
  payments: PaymentProvider | null;
  /** The clock, so expiry rules can be tested without waiting. */
  now: () => Date;
}

export async function createAdapters(config: Config, database: Database): Promise<Adapters> {
  const adapters: Adapters = {
    database,
    mailTransport: config.smtpUrl ? createSmtpTransport(config.smtpUrl, config.mailFrom) : null,
    rateLimiter: config.redisUrl ? await connectRedisRateLimiter(config.redisUrl) : createMemoryRateLimiter(),
    geocoder: config.geocoder ? createHttpGeocoder(config.geocoder) : null,
    businessVerifier: createRulesBusinessVerifier(),
    files: config.files.kind === 's3' ? await createS3FileStore(config.files) : createLocalFileStore(config.files.dir),
    jobWriter: config.ai ? createOpenAiJobWriter(config.ai) : createTemplateJobWriter(),
    payments: null,
    now: () => new Date(),
  };
  if (config.stripe) adapters.payments = createStripeProvider(config.stripe);
  // Reads the clock through the adapters, so a test that sets its own clock moves the processor's too.
  else if (!config.production) adapters.payments = createTestProcessor(database.db, () => adapters.now());
  return adapters;
}
