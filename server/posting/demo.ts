import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { companies, users } from '../db/schema.ts';
import { createCompany, createUser } from '../account/index.ts';
import { DEMO_STAFF } from '../staff/index.ts';
import { DEMO_COMPANY_ROLES, DEMO_MARKET_COMPANIES, cityNamed, demoJob, marketJobs, seededRandom, stepsBefore } from './demo-data.ts';
import { publishJobData } from './jobs.ts';
import { saveDraftFor } from './drafts.ts';
import type { WizardStep } from '../../src/contract/posting.ts';

const DAY = 24 * 60 * 60 * 1000;
/** The featured jobs were posted at least this long ago: a few days before the longest demo boost began. */
const FEATURED_POSTED_DAYS_AGO = 19;

/** Jobs a demo company features: billing boosts them with real subscriptions (server/billing/demo.ts). */
export interface DemoFeaturedJobs {
  companyId: string;
  /** The employer who pays. */
  employerId: string;
  jobPostIds: string[];
}

/**
 * The demo company's jobs in every state: active, closed, expired, and drafts stopped at
 * different steps, shared by its employer and its recruiter. Answers the open jobs it features.
 */
export async function seedDemoCompanyJobs(ctx: AppContext, companyId: string): Promise<DemoFeaturedJobs | null> {
  const random = seededRandom(20261122);
  const staff = await ctx.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.companyId, companyId));
  const employer = staff.find((u) => u.email !== DEMO_STAFF.active.email && u.email !== DEMO_STAFF.inactive.email) ?? staff[0];
  const recruiter = staff.find((u) => u.email === DEMO_STAFF.active.email) ?? employer;
  if (!employer || !recruiter) return null;
  const [company] = await ctx.db
    .select({ name: companies.displayName, legal: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId));
  const name = company?.name ?? company?.legal ?? 'Demo Hiring Co';
  const now = ctx.adapters.now().getTime();
  const places = [cityNamed('Vancouver'), cityNamed('Vancouver'), cityNamed('Portland')];

  // 24 active, 6 closed, 5 expired.
  const plan: Array<{ status: 'Active' | 'Closed' | 'Expired'; count: number }> = [
    { status: 'Active', count: 24 },
    { status: 'Closed', count: 6 },
    { status: 'Expired', count: 5 },
  ];
  const featured: string[] = [];
  let n = 0;
  for (const { status, count } of plan) {
    for (let i = 0; i < count; i++, n++) {
      const role = DEMO_COMPANY_ROLES[n % DEMO_COMPANY_ROLES.length]!;
      const remote = Boolean(role.remote) && i % 3 === 0;
      const jobData = demoJob(random, role, name, places[n % places.length]!, remote);
      const actor = { companyId, userId: n % 2 === 0 ? recruiter.id : employer.id };
      // Spread over the last three months, so the company's charts have a history (server/jobs/counts-demo.ts).
      const postedDaysAgo = status === 'Expired' ? 45 + i * 10 : status === 'Closed' ? 10 + i * 2 : i;
      const postedAt = new Date(now - postedDaysAgo * DAY);
      const validThrough = new Date(postedAt.getTime() + 30 * DAY);
      const { id } = await publishJobData(ctx, actor, jobData, {
        postedAt,
        validThrough,
        status: status === 'Closed' ? 'Closed' : 'Active',
      });
      // Two of its open local jobs are featured: the company pays to boost them. Jobs posted a while
      // before their boosts began (server/billing/demo.ts), so their charts show the days before too.
      const local = places[n % places.length]!.city === 'Vancouver';
      if (status === 'Active' && !remote && local && postedDaysAgo >= FEATURED_POSTED_DAYS_AGO && featured.length < 2) featured.push(id);
    }
  }

  // Five drafts, each stopped at a different step.
  const stops: WizardStep[] = ['jobDetails', 'timeRequirements', 'payDetails', 'candidateRequirements', 'review'];
  for (const [i, step] of stops.entries()) {
    const role = DEMO_COMPANY_ROLES[(n + i) % DEMO_COMPANY_ROLES.length]!;
    const jobData = demoJob(random, role, name, cityNamed('Vancouver'), false);
    // A draft holds only what its author has written so far.
    if (step === 'jobDetails') jobData.jobDetails.description = null;
    const modified = new Date(now - (i + 1) * 6 * 60 * 60 * 1000).toISOString();
    await saveDraftFor(
      ctx,
      { companyId, userId: i % 2 === 0 ? recruiter.id : employer.id },
      {
        jobData,
        stepTracking: {
          currentStep: step,
          completedSteps: stepsBefore(step),
          stepLastModified: Object.fromEntries(stepsBefore(step).map((s) => [s, modified])),
        },
      },
    );
  }
  return { companyId, employerId: employer.id, jobPostIds: featured };
}

/**
 * About ten more verified companies with about 300 active jobs around ten US cities, so search
 * has something to find. Their employers have no password: they exist to own the jobs. Answers
 * the jobs each company features.
 */
export async function seedDemoMarket(ctx: AppContext): Promise<DemoFeaturedJobs[]> {
  const random = seededRandom(45628);
  const now = ctx.adapters.now();
  const featured: DemoFeaturedJobs[] = [];
  for (const [i, spec] of DEMO_MARKET_COMPANIES.entries()) {
    const home = cityNamed(spec.home);
    const company = await createCompany(ctx.db, {
      name: spec.name,
      tin: spec.ein.replace('-', ''),
      tinKind: 'EIN',
      verifiedAt: now,
      verificationMethod: 'demo-data',
    });
    await ctx.db
      .update(companies)
      .set({
        displayName: spec.name,
        about: spec.about,
        city: home.city,
        state: home.state,
        address: `${home.city}, ${home.state}`,
        latitude: home.latitude,
        longitude: home.longitude,
        industryId: spec.industryId,
        updatedAt: now,
      })
      .where(eq(companies.id, company.id));
    const slug = spec.name
      .toLowerCase()
      .replace(/[^a-z]+/g, '-')
      .replace(/^-|-$/g, '');
    const owner = await createUser(ctx.db, {
      email: `hiring@${slug}.example.com`,
      passwordHash: null,
      firstName: ['Alex', 'Jamie', 'Riley', 'Drew', 'Quinn', 'Parker', 'Reese', 'Skyler', 'Rowan', 'Emerson'][i % 10]!,
      lastName: ['Chen', 'Garcia', 'Patel', 'Johnson', 'Nguyen', 'Smith', 'Brown', 'Davis', 'Lopez', 'Wilson'][i % 10]!,
      role: 'Employer',
      companyId: company.id,
      emailVerifiedAt: now,
      termsAcceptedAt: now,
    });
    const boosted: string[] = [];
    for (const job of marketJobs(random, spec)) {
      const postedAt = new Date(now.getTime() - job.postedDaysAgo * DAY);
      const { id } = await publishJobData(ctx, { companyId: company.id, userId: owner.id }, job.jobData, {
        postedAt,
        validThrough: new Date(postedAt.getTime() + 30 * DAY),
      });
      // Companies at home around the default search place pay to feature two of their local jobs.
      if (BOOSTING_HOMES.has(spec.home) && boosted.length < 2 && job.jobData.jobDetails.geoLocation?.city === home.city) boosted.push(id);
    }
    if (boosted.length > 0) featured.push({ companyId: company.id, employerId: owner.id, jobPostIds: boosted });
  }
  return featured;
}

/** The homes of the demo companies that feature jobs: the default search place and its neighbour. */
const BOOSTING_HOMES = new Set(['Vancouver', 'Portland']);
