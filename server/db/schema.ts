import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Nine digits, no separators. */
    tin: text('tin').notNull(),
    tinKind: text('tin_kind'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** Which verifier approved it and by which rule, e.g. "rules:EIN". */
    verificationMethod: text('verification_method'),
    blacklisted: boolean('blacklisted').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: created(),
  },
  (t) => [index('companies_tin_idx').on(t.tin)],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-case: an email registers once, whatever its case. */
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role', { enum: ['JobSeeker', 'Recruiter', 'Employer', 'SuperAdmin'] }).notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    phoneNumber: text('phone_number'),
    companyId: uuid('company_id').references(() => companies.id),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    googleSubject: text('google_subject'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_google_subject_key').on(t.googleSubject),
    index('users_company_idx').on(t.companyId),
  ],
);

/** Rotating refresh tokens; one family per sign-in, replay of a used one revokes the family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    remember: boolean('remember').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

/** Emailed 6 digit sign-in codes, stored hashed. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [index('one_time_codes_email_idx').on(t.email, t.createdAt)],
);

/** Single-use emailed links: email verification and password reset. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify-email', 'reset-password'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [uniqueIndex('email_tokens_hash_key').on(t.tokenHash), index('email_tokens_user_idx').on(t.userId, t.purpose)],
);

/** Google sign-in attempts in flight: state, PKCE verifier and nonce. */
export const oauthStates = pgTable('oauth_states', {
  state: text('state').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: created(),
});

/** A Google identity that still has to choose a role and accept the terms. */
export const socialSignups = pgTable(
  'social_signups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    subject: text('subject').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [uniqueIndex('social_signups_hash_key').on(t.tokenHash)],
);

/** Every mail the product sends; the dev mailbox reads it, the SMTP sender marks it sent. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** Links and codes of the mail, so the dev mailbox can list them. */
    links: text('links').array().notNull().default(sql`'{}'::text[]`),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    createdAt: created(),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt)],
);
