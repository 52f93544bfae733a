import { sql } from 'drizzle-orm';
import { PERIODS_PER_YEAR } from '../../src/contract/search.ts';
import { payRates } from '../../src/contract/posting.ts';
import { boostPlacements, cancelReasons, invoiceStatuses, paymentProviders, subscriptionStatuses } from '../../src/contract/billing.ts';
import { alertFrequencies } from '../../src/contract/job-alerts.ts';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** PostgreSQL full-text search document. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** A 64-bit transaction id (never wraps), as `pg_current_xact_id()` gives it; read as text. */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

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
    /** When and why an administrator blacklisted it (shown to administrators only). */
    blacklistedAt: timestamp('blacklisted_at', { withTimezone: true }),
    blacklistReason: text('blacklist_reason'),
    /** When and why an administrator deactivated it. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    deactivationReason: text('deactivation_reason'),
    /** The name seekers see; the verified legal name (`name`) changes only through verification. */
    displayName: text('display_name'),
    about: text('about'),
    /** https only, normalised. */
    website: text('website'),
    /** The address as picked from the location search, with its place. */
    address: text('address'),
    city: text('city'),
    state: text('state'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    industryId: integer('industry_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [
    index('companies_tin_idx').on(t.tin),
    // The back office's company list (server/admin/companies.ts): newest, oldest and by name, a page
    // at a time; each state's own rows apart; the TIN's last four; and parts of either name
    // (trigrams: `%text%` finds its rows in the index, not by reading every company).
    index('companies_created_idx').on(t.createdAt, t.id),
    index('companies_sort_name_idx').on(sql`lower(coalesce(${t.displayName}, ${t.name}))`, t.id),
    index('companies_blacklisted_idx')
      .on(t.createdAt, t.id)
      .where(sql`blacklisted`),
    index('companies_awaiting_idx')
      .on(t.createdAt, t.id)
      .where(sql`verified_at is null and not blacklisted`),
    index('companies_inactive_idx')
      .on(t.createdAt, t.id)
      .where(sql`not active and not blacklisted`),
    index('companies_tin_last_four_idx').on(sql`right(${t.tin}, 4)`),
    index('companies_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('companies_display_name_trgm_idx').using('gin', sql`lower(${t.displayName}) gin_trgm_ops`),
  ],
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
    /** A new address waiting for its verification link; the current one stays in force until then. */
    pendingEmail: text('pending_email'),
    /** A job seeker with no work experience yet says so, which completes the experience section. */
    isFresher: boolean('is_fresher').notNull().default(false),
    /** A deleted account: it can no longer sign in, its records (a recruiter's jobs) stay. */
    disabled: boolean('disabled').notNull().default(false),
    /** A recruiter switched off by the company's employer: signed out until switched on again. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /** A recruiter's title at the company, e.g. "Talent Partner". */
    jobTitle: text('job_title'),
    /** The employer who invited this recruiter. */
    invitedBy: uuid('invited_by'),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_google_subject_key').on(t.googleSubject),
    index('users_company_idx').on(t.companyId),
    // The back office finds a company by part of any of its staff's emails (stored lower-case).
    index('users_staff_email_trgm_idx')
      .using('gin', sql`${t.email} gin_trgm_ops`)
      .where(sql`company_id is not null`),
    // The back office's chart: new job seekers a day.
    index('users_seekers_created_idx')
      .on(t.createdAt)
      .where(sql`role = 'JobSeeker'`),
  ],
);

/** Rotating refresh tokens; one family per sign-in, replay of a used one revokes the family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    remember: boolean('remember').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
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
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify-email', 'reset-password', 'change-email'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [uniqueIndex('email_tokens_hash_key').on(t.tokenHash), index('email_tokens_user_idx').on(t.userId, t.purpose)],
);

/**
 * An employer's invitation of a recruiter to the company: an emailed accept link valid 7 days.
 * Inviting the same address again resends (a new link; the old one stops working).
 */
export const recruiterInvitations = pgTable(
  'recruiter_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    invitedBy: uuid('invited_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Stored lower-case. */
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    jobTitle: text('job_title'),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** The account the invitation became. */
    acceptedUserId: uuid('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('recruiter_invitations_hash_key').on(t.tokenHash),
    // One open invitation per address and company.
    uniqueIndex('recruiter_invitations_open_key')
      .on(t.companyId, t.email)
      .where(sql`accepted_at is null and revoked_at is null`),
  ],
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
    links: text('links')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Extra headers of the mail (List-Unsubscribe of the job alerts' mails…), as the transport sends them. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    createdAt: created(),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt)],
);

// ---------- lookups (master data, seeded by migration; see server/lookups/data for sources) ----------

/** A lookup list: a stable numeric id and a display name. */
const lookupColumns = () => ({
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const skills = pgTable('lookup_skills', { ...lookupColumns(), category: text('category').notNull() }, (t) => [
  uniqueIndex('lookup_skills_name_key').on(t.name),
]);
/** Degrees with their level, 1 (high school) to 7 (doctorate). */
export const degrees = pgTable('lookup_degrees', { ...lookupColumns(), level: smallint('level').notNull() });
/** Fields of study: the CIP 2020 families. */
export const fieldsOfStudy = pgTable('lookup_fields_of_study', { ...lookupColumns(), cipCode: text('cip_code').notNull() });
export const universities = pgTable('lookup_universities', { ...lookupColumns(), city: text('city'), state: text('state') }, (t) => [
  index('lookup_universities_name_idx').on(sql`lower(${t.name})`),
]);
/** Industries: the 20 NAICS 2022 sectors. */
export const industries = pgTable('lookup_industries', { ...lookupColumns(), naicsCode: text('naics_code').notNull() });
export const jobTypes = pgTable('lookup_job_types', lookupColumns());
export const schedules = pgTable('lookup_schedules', lookupColumns());
export const benefits = pgTable('lookup_benefits', lookupColumns());
/** Supplemental pay: the id is the flag's bit value (commission 1 … none 512). */
export const supplementalPays = pgTable('lookup_supplemental_pays', lookupColumns());
/** Places offered as preferred locations. */
export const preferLocations = pgTable('lookup_prefer_locations', {
  ...lookupColumns(),
  state: text('state').notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
});
/** ISO 3166-1; `allowed` marks where the marketplace operates. */
export const countries = pgTable('lookup_countries', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  allowed: boolean('allowed').notNull().default(false),
});
/** ISO 639-1. */
export const languages = pgTable('lookup_languages', { code: text('code').primaryKey(), name: text('name').notNull() });

// ---------- the job seeker's profile ----------

export const jobSeekerSkills = pgTable(
  'jobseeker_skills',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    skillId: integer('skill_id')
      .notNull()
      .references(() => skills.id),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.skillId] })],
);

export const education = pgTable(
  'jobseeker_education',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    degreeId: integer('degree_id')
      .notNull()
      .references(() => degrees.id),
    level: smallint('level').notNull(),
    completionYear: smallint('completion_year').notNull(),
    /** From the university search, or null when the seeker typed a name. */
    universityId: integer('university_id').references(() => universities.id),
    universityName: text('university_name').notNull(),
    fieldOfStudyId: integer('field_of_study_id').references(() => fieldsOfStudy.id),
    createdAt: created(),
  },
  (t) => [index('jobseeker_education_user_idx').on(t.userId)],
);

export const experience = pgTable(
  'jobseeker_experience',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyName: text('company_name').notNull(),
    jobTitle: text('job_title').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    currentEmployer: boolean('current_employer').notNull().default(false),
    jobDescription: text('job_description').notNull().default(''),
    salary: numeric('salary', { precision: 12, scale: 2 }),
    salaryType: text('salary_type'),
    /** The kind of work (a job type: full time, internship…). */
    expTypeId: integer('exp_type_id').references(() => jobTypes.id),
    createdAt: created(),
  },
  (t) => [index('jobseeker_experience_user_idx').on(t.userId)],
);

export const experienceSkills = pgTable(
  'jobseeker_experience_skills',
  {
    experienceId: uuid('experience_id')
      .notNull()
      .references(() => experience.id, { onDelete: 'cascade' }),
    skillId: integer('skill_id')
      .notNull()
      .references(() => skills.id),
  },
  (t) => [primaryKey({ columns: [t.experienceId, t.skillId] })],
);

export const preferences = pgTable('jobseeker_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  employmentTypeId: integer('employment_type_id').references(() => jobTypes.id),
  scheduleTypeId: integer('schedule_type_id').references(() => schedules.id),
  salary: numeric('salary', { precision: 12, scale: 2 }),
  salaryType: text('salary_type'),
  /** Supplemental pay flags, OR-ed bit values. */
  additionalCompensation: integer('additional_compensation').notNull().default(0),
  /** Let employers find me: suggested for matching jobs and open to invitations. A seeker without a row is findable. */
  findable: boolean('findable').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Up to five places a job seeker would work, in the order chosen. */
export const preferredLocations = pgTable(
  'jobseeker_preferred_locations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    name: text('name').notNull(),
    city: text('city'),
    state: text('state'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
  },
  (t) => [index('jobseeker_preferred_locations_user_idx').on(t.userId, t.position)],
);

// ---------- files ----------

/**
 * Every uploaded file: résumés and cover letters, profile images, company logos and featured
 * images. The bytes live in the FileStore under `storage_key`; who may read a file is decided by
 * this row (its owner, or its company) on every request.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose', { enum: ['resume', 'cover-letter', 'profile-image', 'company-logo', 'featured-image'] }).notNull(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    /** Generated; never derived from the uploaded name. */
    storageKey: text('storage_key').notNull(),
    /** The uploaded name, cleaned, for display only. */
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Order among its kind (featured images). */
    position: smallint('position').notNull().default(0),
    /** Skills found in a résumé's text, offered to the seeker, never added without a click. */
    foundSkillIds: integer('found_skill_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('stored_files_key').on(t.storageKey),
    index('stored_files_owner_idx').on(t.ownerId, t.purpose),
    index('stored_files_company_idx').on(t.companyId, t.purpose),
  ],
);

// ---------- posting ----------

/**
 * A job's top pay counted over a year (hourly × 2080, …), null when it has no pay period: what the
 * pay sort orders by, and what the indexes of open jobs hold for it (the same expression, so they apply).
 */
export const yearlyTopPayOf = (t: { minPay: AnyPgColumn; maxPay: AnyPgColumn; payRate: AnyPgColumn }) =>
  sql<number | null>`(greatest(${t.minPay}, ${t.maxPay}) * case ${t.payRate} ${sql.join(
    payRates.map((rate) => sql.raw(`when '${rate}' then ${PERIODS_PER_YEAR[rate]}`)),
    sql` `,
  )} end)`;

/**
 * Job posts. `job_data` keeps everything the wizard wrote (spec 2 §3 jobData); the columns beside
 * it are copies that lists, search and rules query and index. Status is Active, Closed or
 * Deleted as written; an Active job past `valid_through` reads as Expired (no sweep needed).
 */
export const jobPosts = pgTable(
  'job_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    status: text('status', { enum: ['Active', 'Closed', 'Deleted'] })
      .notNull()
      .default('Active'),
    title: text('title').notNull(),
    /** Sanitised rich text. */
    descriptionHtml: text('description_html').notNull(),
    jobData: jsonb('job_data').notNull(),
    locationType: text('location_type', { enum: ['onsite', 'remote', 'hybrid'] }).notNull(),
    isRemote: boolean('is_remote').notNull(),
    city: text('city'),
    state: text('state'),
    /** Every on-site or hybrid job has a position; remote jobs may not. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    jobTypeIds: integer('job_type_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    scheduleIds: integer('schedule_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    skillIds: integer('skill_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    industryIds: integer('industry_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    workSchedule: smallint('work_schedule'),
    minPay: numeric('min_pay', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    maxPay: numeric('max_pay', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    payRate: text('pay_rate'),
    minExperience: smallint('min_experience'),
    maxExperience: smallint('max_experience'),
    openToMinors: boolean('open_to_minors').notNull().default(false),
    /** The job has a current boost with at least one placement (spec's `isBoosted`). */
    isBoosted: boolean('is_boosted').notNull().default(false),
    /**
     * Where its current boost shows it: its tier's placements (boostPlacements of the contract, in
     * that order), none when not boosted or paused. Written with is_boosted by posting's setJobsBoosted.
     */
    boostPlacements: text('boost_placements', { enum: boostPlacements })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** What keyword search matches: title (A), company and skills (B), description (C). Written at publishing. */
    searchDocument: tsvector('search_document'),
    /** When first published; kept when the job is edited or reopened. */
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull().defaultNow(),
    validThrough: timestamp('valid_through', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: created(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedBy: uuid('modified_by').references(() => users.id),
  },
  (t) => [
    index('job_posts_company_idx').on(t.companyId, t.status, t.postedAt),
    // The place's box, and what every search and the map's grouping check of an open job beside it,
    // so counting and clustering the jobs of a place read the index alone.
    index('job_posts_open_geo_idx')
      .on(t.latitude, t.longitude, t.postedAt, t.validThrough, t.companyId, t.isRemote, t.id, yearlyTopPayOf(t))
      .where(sql`status = 'Active'`),
    // Remote jobs have no position: search finds them beside the nearby ones (a bitmap OR of the two
    // indexes), and lists them newest first after the nearby ones.
    index('job_posts_open_remote_idx')
      .on(t.postedAt, t.validThrough, t.companyId, t.id)
      .where(sql`status = 'Active' and is_remote`),
    // Remote jobs best paid first, for the pay sort.
    index('job_posts_open_remote_pay_idx')
      .on(sql`${yearlyTopPayOf(t)} desc nulls last`, t.id)
      .where(sql`status = 'Active' and is_remote`),
    // Newest first anywhere: read in order until a page is full.
    index('job_posts_open_posted_idx')
      .on(t.postedAt)
      .where(sql`status = 'Active'`),
    index('job_posts_valid_idx')
      .on(t.validThrough)
      .where(sql`status = 'Active'`),
    // The few open jobs a premium boost lifts first in search (its `searchLift` placement): read
    // apart from the others, before them.
    index('job_posts_open_lifted_idx')
      .on(t.postedAt, t.id)
      .where(sql`status = 'Active' and 'searchLift' = any(boost_placements)`),
    index('job_posts_search_idx').using('gin', t.searchDocument),
    // The back office's chart: jobs posted a day, whatever their status now.
    index('job_posts_posted_idx').on(t.postedAt),
    // The back office's recruiter page: the jobs a recruiter created, newest first.
    index('job_posts_created_by_idx').on(t.createdBy, t.postedAt),
    // Remote jobs' words apart: a keyword search finds the remote ones among them alone, not by
    // crossing every remote job with every job of the word.
    index('job_posts_open_remote_search_idx')
      .using('gin', t.searchDocument)
      .where(sql`status = 'Active' and is_remote`),
  ],
);

/** A place as a point in space: a cube of three coordinates, miles from the earth's centre (migration 0026's job_search_point). */
const earth = customType<{ data: string }>({ dataType: () => 'cube' });

/**
 * The PostgreSQL search engine's slim copy of the findable jobs: Active jobs of an active company
 * that is not blacklisted, with only what search filters and orders on. Kept by triggers on
 * job_posts and companies (migration 0026), whatever wrote them; a job past `valid_through` stays
 * until the engine sweeps it, and every search still checks `valid_through`.
 */
export const jobSearch = pgTable(
  'job_search',
  {
    id: uuid('id').primaryKey(),
    companyId: uuid('company_id').notNull(),
    isRemote: boolean('is_remote').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** job_search_point(latitude, longitude): nearest first and the circle's box from one GiST index. */
    earth: earth('earth'),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull(),
    validThrough: timestamp('valid_through', { withTimezone: true }).notNull(),
    searchDocument: tsvector('search_document'),
    jobTypeIds: integer('job_type_ids').array().notNull(),
    scheduleIds: integer('schedule_ids').array().notNull(),
    skillIds: integer('skill_ids').array().notNull(),
    workSchedule: smallint('work_schedule'),
    /** The top pay counted over a year (yearlyTopPayOf), null without a pay period. */
    yearlyPay: numeric('yearly_pay', { mode: 'number' }),
    minExperience: smallint('min_experience'),
    openToMinors: boolean('open_to_minors').notNull(),
    boostPlacements: text('boost_placements', { enum: boostPlacements }).array().notNull(),
  },
  (t) => [
    // job_search_earth_idx, the GiST index of earth points with the columns a place's search reads
    // beside them (an index-only scan), is written in migration 0026: drizzle has no INCLUDE.
    // A view's box (the map), as PostgreSQL's own points.
    index('job_search_point_idx').using('gist', sql`point(${t.longitude}, ${t.latitude})`),
    // Remote jobs that have a position (an administrator's or an import's) on the map of a view, apart.
    index('job_search_remote_point_idx')
      .using('gist', sql`point(${t.longitude}, ${t.latitude})`)
      .where(sql`is_remote`),
    index('job_search_document_idx').using('gin', t.searchDocument),
    index('job_search_remote_document_idx')
      .using('gin', t.searchDocument)
      .where(sql`is_remote`),
    index('job_search_posted_idx').on(t.postedAt.desc().nullsFirst(), t.id),
    index('job_search_remote_posted_idx')
      .on(t.postedAt.desc().nullsFirst(), t.id)
      .where(sql`is_remote`),
    index('job_search_pay_idx').on(sql`${t.yearlyPay} desc nulls last`, t.id),
    index('job_search_valid_idx').on(t.validThrough),
    // The few jobs a premium boost lifts, nearby and remote apart (each half of a search reads its own).
    index('job_search_lifted_idx')
      .on(t.isRemote, t.postedAt.desc().nullsFirst(), t.id)
      .where(sql`'searchLift' = any(boost_placements)`),
  ],
);

/** A grid cell at a zoom, its jobs and the sums of their positions: the counts and their changes alike. */
const cellCounts = () => ({
  zoom: smallint('zoom').notNull(),
  row: integer('cell_row').notNull(),
  col: integer('cell_col').notNull(),
  jobs: integer('jobs').notNull(),
  latitudeSum: doublePrecision('latitude_sum').notNull(),
  longitudeSum: doublePrecision('longitude_sum').notNull(),
});

/**
 * The map's counts per grid cell (src/lib/map-grid.ts) of the positioned jobs in job_search, at the
 * zooms up to CELL_COUNT_MAX_ZOOM, with the changes the triggers on job_search note in
 * job_search_cell_changes: a view of the whole country is answered from a few hundred rows instead
 * of grouping every job in it.
 */
export const jobSearchCells = pgTable('job_search_cells', cellCounts(), (t) => [primaryKey({ columns: [t.zoom, t.row, t.col] })]);

/**
 * Changes to the cells' counts not yet added to them: the triggers only append here, so writers of
 * jobs in one region never wait for each other on a shared count; a timer in each process adds them
 * to job_search_cells every few seconds, and the map reads both meanwhile.
 */
export const jobSearchCellChanges = pgTable('job_search_cell_changes', cellCounts(), (t) => [
  index('job_search_cell_changes_cell_idx').on(t.zoom, t.row, t.col),
]);

/**
 * What changed in the jobs and companies that search indexes: one row per job or company written,
 * appended by triggers on job_posts and companies (migration 0010), so every server process's
 * search index re-reads exactly those rows, however they were written; and one per change to a job
 * seeker's records a search reads (migration 0015), so every process forgets what it kept of them.
 * Kept for an hour.
 */
export const searchChanges = pgTable(
  'search_changes',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    jobPostId: uuid('job_post_id'),
    companyId: uuid('company_id'),
    /** A job seeker whose records a search reads changed (saved or reported jobs, skills, the account switched off). */
    userId: uuid('user_id'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The writing transaction: the index reads the notes of transactions that committed since its
     * last look, whatever their sequence numbers (docs/decisions/0007-search-changes-commit-order.md).
     */
    xid: xid8('xid')
      .notNull()
      .default(sql`pg_current_xact_id()`),
  },
  (t) => [index('search_changes_changed_idx').on(t.changedAt), index('search_changes_xid_idx').on(t.xid, t.seq)],
);

/** Work in progress on a job post: a new job, or (with job_post_id) edits to a live one. */
export const jobDrafts = pgTable(
  'job_drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    /** The live job this draft edits; at most one open draft per job. */
    jobPostId: uuid('job_post_id').references(() => jobPosts.id),
    title: text('title').notNull(),
    jobData: jsonb('job_data').notNull(),
    stepTracking: jsonb('step_tracking').notNull(),
    createdAt: created(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedBy: uuid('modified_by')
      .notNull()
      .references(() => users.id),
  },
  (t) => [
    index('job_drafts_company_idx').on(t.companyId, t.modifiedAt),
    uniqueIndex('job_drafts_job_post_key')
      .on(t.jobPostId)
      .where(sql`job_post_id IS NOT NULL`),
  ],
);

/** An application (spec 2 §3): one per seeker per job. */
export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobPostId: uuid('job_post_id')
      .notNull()
      .references(() => jobPosts.id),
    jobSeekerId: uuid('job_seeker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    resumeId: uuid('resume_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    coverLetterId: uuid('cover_letter_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    workAuthorization: boolean('work_authorization'),
    sponsorship: boolean('sponsorship'),
    status: text('status', { enum: ['Applied', 'Reviewed', 'Interviewing', 'Offered', 'Hired', 'Rejected', 'Withdrawn'] })
      .notNull()
      .default('Applied'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    statusChangedBy: uuid('status_changed_by').references(() => users.id, { onDelete: 'set null' }),
    /** When one of the company's staff first opened the applicant; null while the applicant is new. */
    seenAt: timestamp('seen_at', { withTimezone: true }),
    seenBy: uuid('seen_by').references(() => users.id, { onDelete: 'set null' }),
    /** When the seeker was told that the job closed; set once, so a job closed again tells no one twice. */
    closedNoticeAt: timestamp('closed_notice_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('applications_job_seeker_key').on(t.jobPostId, t.jobSeekerId),
    index('applications_seeker_idx').on(t.jobSeekerId, t.createdAt),
    index('applications_job_idx').on(t.jobPostId, t.createdAt),
    // The back office's dashboard: applications this week and a day.
    index('applications_created_idx').on(t.createdAt),
  ],
);

/**
 * Every change of an application's status, oldest first: who changed it (a recruiter or the
 * employer; the seeker for a withdrawal) and when. The application row keeps the latest.
 */
export const applicationStatusChanges = pgTable(
  'application_status_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', {
      enum: ['Applied', 'Reviewed', 'Interviewing', 'Offered', 'Hired', 'Rejected', 'Withdrawn'],
    }).notNull(),
    toStatus: text('to_status', { enum: ['Applied', 'Reviewed', 'Interviewing', 'Offered', 'Hired', 'Rejected', 'Withdrawn'] }).notNull(),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('application_status_changes_application_idx').on(t.applicationId, t.changedAt)],
);

/** A job a seeker saved for later (save-job/{id}). */
export const savedJobs = pgTable(
  'saved_jobs',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jobPostId: uuid('job_post_id')
      .notNull()
      .references(() => jobPosts.id),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.jobPostId] }), index('saved_jobs_user_idx').on(t.userId, t.createdAt)],
);

/** A seeker's report of a job (ReportJob), one per seeker per job, for administrators to review. */
export const jobReports = pgTable(
  'job_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobPostId: uuid('job_post_id')
      .notNull()
      .references(() => jobPosts.id),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    details: text('details'),
    /** open until an administrator resolves it: dismissed, jobClosed or companyBlacklisted. */
    status: text('status', { enum: ['open', 'dismissed', 'jobClosed', 'companyBlacklisted'] })
      .notNull()
      .default('open'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id),
    resolutionNote: text('resolution_note'),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('job_reports_reporter_key').on(t.jobPostId, t.reporterId),
    index('job_reports_queue_idx').on(t.status, t.jobPostId, t.createdAt),
  ],
);

/**
 * Every administrator action, append-only: a trigger refuses UPDATE, DELETE and TRUNCATE, so no
 * route (nor a mistake in one) can change the trail. Written in the transaction of the action.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => users.id),
    action: text('action').notNull(),
    targetType: text('target_type', { enum: ['company', 'job', 'admin'] }).notNull(),
    targetId: uuid('target_id').notNull(),
    /** The target's name when the action was taken. */
    targetName: text('target_name').notNull(),
    /** The company the action concerns, for the company page's trail. */
    companyId: uuid('company_id'),
    reason: text('reason'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('admin_audit_company_idx').on(t.companyId, t.id),
    index('admin_audit_admin_idx').on(t.adminId, t.id),
    index('admin_audit_action_idx').on(t.action, t.id),
  ],
);

// ---------- job alerts and the contact form ----------

/**
 * A job alert a visitor subscribed to (Subscribe): an address and what to look for. The same
 * address and criteria are one subscription (the keyword without regard to case). Only the hash
 * of the unsubscribe link's token is kept; unsubscribing deletes the row.
 */
export const jobAlertSubscriptions = pgTable(
  'job_alert_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lowercased. */
    email: text('email').notNull(),
    keyword: text('keyword'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** Miles around the place; null without a place. */
    radius: doublePrecision('radius'),
    /** The place's name as chosen when subscribing (shown in the mails and settings); null without a place. */
    placeName: text('place_name'),
    /** How often a digest goes out: daily or weekly (alertFrequencies of the contract). */
    frequency: text('frequency', { enum: alertFrequencies }).notNull().default('daily'),
    unsubscribeTokenHash: text('unsubscribe_token_hash').notNull(),
    /** The hash of the confirmation link's token; null once confirmed (the link works once). */
    confirmTokenHash: text('confirm_token_hash'),
    /** When the last confirmation mail went out: another is sent at most once an hour. */
    confirmSentAt: timestamp('confirm_sent_at', { withTimezone: true }),
    /** When the address was confirmed; null until then, and nothing is sent before. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The watermark: the next digest lists jobs posted after this moment (the confirmation, then each digest's run). */
    digestFrom: timestamp('digest_from', { withTimezone: true }),
    /** When the next digest is due; null until confirmed. */
    nextDigestAt: timestamp('next_digest_at', { withTimezone: true }),
    /** When the last digest that listed jobs went out. */
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    /** A run is working on the alert until then; after it, another run may take it up. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('job_alert_subscriptions_criteria_key').on(
      t.email,
      sql`coalesce(lower(${t.keyword}), '')`,
      sql`coalesce(${t.latitude}, 1000)`,
      sql`coalesce(${t.longitude}, 1000)`,
      sql`coalesce(${t.radius}, 0)`,
    ),
    uniqueIndex('job_alert_subscriptions_token_key').on(t.unsubscribeTokenHash),
    uniqueIndex('job_alert_subscriptions_confirm_token_key').on(t.confirmTokenHash),
    // The scheduled run's question: confirmed alerts due, soonest first.
    index('job_alert_subscriptions_due_idx')
      .on(t.nextDigestAt)
      .where(sql`${t.confirmedAt} is not null`),
  ],
);

/** A message sent with the contact form (ConnectWithUs); it is also mailed to the support address. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Lowercased; where the reply goes. */
    email: text('email').notNull(),
    subject: text('subject'),
    message: text('message').notNull(),
    /** The signed-in sender, if any. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: created(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

/**
 * An invitation to apply (InviteJobSeeker): one per job and seeker. It reads as sent, viewed once
 * the seeker opens the job from it, and applied once the seeker applies to the job.
 */
export const jobInvitations = pgTable(
  'job_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobPostId: uuid('job_post_id')
      .notNull()
      .references(() => jobPosts.id),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    jobSeekerId: uuid('job_seeker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('job_invitations_job_seeker_key').on(t.jobPostId, t.jobSeekerId),
    index('job_invitations_company_idx').on(t.companyId, t.createdAt),
    index('job_invitations_seeker_idx').on(t.jobSeekerId, t.createdAt),
  ],
);

// ---------- messaging (spec 2 §3 Messaging) ----------

/**
 * A conversation (channel): one per application, between the applicant and the staff of the job's
 * company (its employer and active recruiters, read from the company at every access, never stored
 * here). `url` is the unguessable address the pages and the socket name it by.
 */
export const channels = pgTable(
  'channels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    url: text('url').notNull(),
    jobPostId: uuid('job_post_id')
      .notNull()
      .references(() => jobPosts.id),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    seekerId: uuid('seeker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    createdAt: created(),
    /** The newest message's time; the conversation's start while it has none (the lists' order). */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('channels_url_key').on(t.url),
    uniqueIndex('channels_job_application_key').on(t.jobPostId, t.applicationId),
    index('channels_company_list_idx').on(t.companyId, t.lastMessageAt.desc(), t.id.desc()),
    index('channels_seeker_list_idx').on(t.seekerId, t.lastMessageAt.desc(), t.id.desc()),
  ],
);

/** A message. Its id grows with every message stored: the catch-up cursor of the realtime connection. */
export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id),
    text: text('text').notNull(),
    /** The sending tab's id for it: a resend with the same id is stored once. */
    clientMessageId: text('client_message_id'),
    createdAt: created(),
  },
  (t) => [
    index('messages_channel_idx').on(t.channelId, t.id),
    uniqueIndex('messages_client_id_key').on(t.channelId, t.senderId, t.clientMessageId),
    index('messages_created_idx').on(t.createdAt),
  ],
);

/** How far a member has read a conversation, and when they were last mailed about unread messages in it. */
export const channelReads = pgTable(
  'channel_reads',
  {
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }).notNull().default(0),
    lastEmailedAt: timestamp('last_emailed_at', { withTimezone: true }),
    /** The newest message the last mail was about: a message is mailed about once. */
    lastEmailedMessageId: bigint('last_emailed_message_id', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.userId] }), index('channel_reads_user_idx').on(t.userId)],
);

// ---------- counting (DESIGN §8 Counting) ----------

/**
 * What is counted per job (DESIGN §8 Counting): impressions (shown in a search page, the featured
 * strip, a list or an alert mail), views of the job's page (job-click, click/log), application
 * starts (job-apply), applications sent and conversations started by the staff. Each process adds
 * them up in memory and adds its sums to the tables below every few seconds
 * (server/platform/counters.ts), never one write per event.
 */
export const countKinds = ['impression', 'view', 'apply_start', 'application', 'message'] as const;

/**
 * The record of what was counted: per job, kind and UTC hour, added to by every process's flush
 * (server/platform/counters.ts). A calendar day in any whole-hour time zone is a run of these hours.
 */
export const jobCountsHourly = pgTable(
  'job_counts_hourly',
  {
    /** No foreign key: a flush never fails on a job it cannot see, and jobs are never deleted outright. */
    jobPostId: uuid('job_post_id').notNull(),
    /** The start of the hour, UTC. */
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    kind: text('kind', { enum: countKinds }).notNull(),
    count: integer('count').notNull(),
  },
  // The key carries the count (INCLUDE, migration 0020): a chart reads a job's hours from the index alone.
  (t) => [primaryKey({ columns: [t.jobPostId, t.kind, t.hour] })],
);

/** The same counts summed per company and hour, written by the same flush: a company's chart reads hours, not jobs × hours. */
export const companyCountsHourly = pgTable(
  'company_counts_hourly',
  {
    companyId: uuid('company_id').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    kind: text('kind', { enum: countKinds }).notNull(),
    count: integer('count').notNull(),
  },
  // The key carries the count (INCLUDE, migration 0020), as job_counts_hourly's does.
  (t) => [primaryKey({ columns: [t.companyId, t.kind, t.hour] })],
);

/**
 * The same counts summed per job and UTC day, written by the same flush: totals over long ranges
 * and rankings of a company's jobs (exact to the day; the hours at a range's edges come from
 * job_counts_hourly).
 */
export const jobCountsDaily = pgTable(
  'job_counts_daily',
  {
    jobPostId: uuid('job_post_id').notNull(),
    companyId: uuid('company_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: countKinds }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    // The key carries the count (INCLUDE, migration 0020), as job_counts_hourly's does.
    primaryKey({ columns: [t.jobPostId, t.kind, t.day] }),
    index('job_counts_daily_company_idx').on(t.companyId, t.kind, t.day, t.jobPostId, t.count),
  ],
);

// ---------- billing (spec 2 §3 Payment method, Payment info, Subscription) ----------

/** Boost tiers on sale: rules kept as data (seeded by migration 0017), each with its placements. */
export const boostTiers = pgTable('boost_tiers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  /** Where a boosted job of this tier shows (boostPlacements of the contract). */
  placements: text('placements').array().notNull(),
  position: smallint('position').notNull(),
  /** Off sale: no new boosts or changes to it; boosts that have it keep it. */
  onSale: boolean('on_sale').notNull().default(true),
});

/** A tier's price for each length it is sold for, in cents (USD). */
export const boostTierPrices = pgTable(
  'boost_tier_prices',
  {
    tierId: text('tier_id')
      .notNull()
      .references(() => boostTiers.id),
    lengthDays: smallint('length_days').notNull(),
    priceCents: integer('price_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tierId, t.lengthDays] })],
);

/** The company's customer at the payment processor (one per processor). */
export const billingCustomers = pgTable(
  'billing_customers',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    provider: text('provider', { enum: paymentProviders }).notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.provider] }), uniqueIndex('billing_customers_provider_key').on(t.provider, t.customerId)],
);

/** The card setups a company started: whose a setup is, so no one reads or uses another company's. */
export const billingSetupIntents = pgTable(
  'billing_setup_intents',
  {
    provider: text('provider', { enum: paymentProviders }).notNull(),
    /** The processor's id of the setup (seti_…). */
    setupIntentId: text('setup_intent_id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.setupIntentId] }), index('billing_setup_intents_company_idx').on(t.companyId)],
);

/** A saved card: the processor's token and what identifies the card to its owner, nothing more. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    provider: text('provider', { enum: paymentProviders }).notNull(),
    /** The processor's id of the card (pm_…). */
    providerMethodId: text('provider_method_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: smallint('exp_month').notNull(),
    expYear: smallint('exp_year').notNull(),
    /** The card renewals charge; one per company and processor. */
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('payment_methods_provider_key').on(t.provider, t.providerMethodId),
    uniqueIndex('payment_methods_default_key')
      .on(t.companyId, t.provider)
      .where(sql`is_default`),
    index('payment_methods_company_idx').on(t.companyId, t.createdAt),
  ],
);

/**
 * A boost: a subscription of one job to a tier for a length of days, each period paid in advance.
 * One current boost per job (incomplete, active or past due; a partial unique index). A retried
 * create (the same idempotency key of the same company) finds the same row.
 */
export const boostSubscriptions = pgTable(
  'boost_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    jobPostId: uuid('job_post_id')
      .notNull()
      .references(() => jobPosts.id),
    tierId: text('tier_id')
      .notNull()
      .references(() => boostTiers.id),
    lengthDays: smallint('length_days').notNull(),
    /** What each period costs, from the tier table when it was bought or changed. */
    priceCents: integer('price_cents').notNull(),
    /** The same days at the tier's 7-day rate (the discount is against it). */
    listCents: integer('list_cents').notNull(),
    status: text('status', { enum: subscriptionStatuses }).notNull(),
    provider: text('provider', { enum: paymentProviders }).notNull(),
    /** The processor's subscription when it renews the boost itself (Stripe); null when our renewal job does. */
    providerSubscriptionId: text('provider_subscription_id'),
    /** The card that paid last. */
    paymentMethodId: uuid('payment_method_id').references(() => paymentMethods.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The first payment while it waits for the bank (incomplete), and what the browser confirms it with. */
    firstPaymentId: text('first_payment_id'),
    clientSecret: text('client_secret'),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason', { enum: cancelReasons }),
    cancelDetails: text('cancel_details'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** A change asked for, from the next period. */
    pendingTierId: text('pending_tier_id').references(() => boostTiers.id),
    pendingLengthDays: smallint('pending_length_days'),
    pendingPriceCents: integer('pending_price_cents'),
    pendingListCents: integer('pending_list_cents'),
    /** Failed renewal charges of the current attempt (past due), and when the next try is due. */
    retryCount: smallint('retry_count').notNull().default(0),
    nextRetryAt: timestamp('next_retry_at', { withTimezone: true }),
    /** A renewal run works on the boost until then; another process leaves it alone. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** When the processor made the newest event applied (older events are ignored). */
    providerUpdatedAt: timestamp('provider_updated_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('boost_subscriptions_idempotency_key').on(t.companyId, t.idempotencyKey),
    uniqueIndex('boost_subscriptions_current_job_key')
      .on(t.jobPostId)
      .where(sql`status in ('incomplete', 'active', 'past_due')`),
    uniqueIndex('boost_subscriptions_provider_key')
      .on(t.provider, t.providerSubscriptionId)
      .where(sql`provider_subscription_id is not null`),
    index('boost_subscriptions_company_idx').on(t.companyId, t.createdAt),
    index('boost_subscriptions_due_idx')
      .on(t.currentPeriodEnd)
      .where(sql`status = 'active'`),
    index('boost_subscriptions_retry_idx')
      .on(t.nextRetryAt)
      .where(sql`status = 'past_due'`),
    index('boost_subscriptions_incomplete_idx')
      .on(t.createdAt)
      .where(sql`status = 'incomplete'`),
  ],
);

/** The last invoice number of each company: taken and raised in the invoice's own transaction, so numbers have no gaps. */
export const invoiceCounters = pgTable('invoice_counters', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id),
  lastNumber: integer('last_number').notNull(),
});

/** An invoice as issued: what was sold, to whom, and how it was paid, copied at the time. */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    /** Per company from 1, without gaps. */
    number: integer('number').notNull(),
    status: text('status', { enum: invoiceStatuses }).notNull(),
    subscriptionId: uuid('subscription_id').references(() => boostSubscriptions.id),
    jobPostId: uuid('job_post_id').references(() => jobPosts.id),
    jobTitle: text('job_title'),
    /** description, quantity, unitCents, amountCents */
    lines: jsonb('lines').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    companyName: text('company_name').notNull(),
    companyAddress: text('company_address'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    provider: text('provider', { enum: paymentProviders }).notNull(),
    providerPaymentId: text('provider_payment_id'),
    providerInvoiceId: text('provider_invoice_id'),
    /** Why the last charge of an open invoice failed (PaymentFailure). */
    failure: text('failure'),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.companyId, t.number),
    uniqueIndex('invoices_provider_invoice_key')
      .on(t.provider, t.providerInvoiceId)
      .where(sql`provider_invoice_id is not null`),
    // One invoice a period of a boost (a void one aside).
    uniqueIndex('invoices_period_key')
      .on(t.subscriptionId, t.periodStart)
      .where(sql`status <> 'void'`),
    index('invoices_company_idx').on(t.companyId, t.issuedAt.desc(), t.number.desc()),
  ],
);

/** Processor events applied, each once: the id is written in the transaction of the event's effect. */
export const billingWebhookEvents = pgTable('billing_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The built-in test processor's own records (server/platform/payments/test-processor.ts):
 * customers, setups, cards and payments as the processor would keep them, shared by every server
 * process on the database. A card is kept as its behaviour, brand, last 4 digits and expiry.
 */
export const testProcessorObjects = pgTable(
  'test_processor_objects',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['customer', 'setup', 'card', 'payment'] }).notNull(),
    /** A retried request with the same key finds this object instead of making another. */
    idempotencyKey: text('idempotency_key'),
    data: jsonb('data').notNull(),
    createdAt: created(),
  },
  (t) => [uniqueIndex('test_processor_objects_idempotency_key').on(t.idempotencyKey)],
);
