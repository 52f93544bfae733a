import type { AppContext } from './context.ts';
import { hashPassword } from './platform/passwords.ts';
import { countUsers, createCompany, createUser } from './account/index.ts';
import { seedDemoProfile } from './jobseeker/index.ts';
import { DEMO_STAFF, seedDemoStaff } from './staff/index.ts';
import { seedDemoCompany } from './company/index.ts';
import { seedDemoCompanyJobs, seedDemoMarket } from './posting/index.ts';
import { seedDemoContactMessages, seedDemoCounts, seedDemoJobActivity, seedDemoJobAlerts } from './jobs/index.ts';
import { seedDemoApplicants } from './applicants/index.ts';
import { seedDemoInvitations } from './suggestions/index.ts';
import { seedDemoConversations } from './messaging/index.ts';
import { seedDemoBoosts } from './billing/index.ts';
import { seedDemoReports } from './admin/index.ts';
import { seedDemoBackOffice } from './admin/index.ts';

export const DEMO_PASSWORD = 'Demo-password-1';

export const DEMO_ACCOUNTS = {
  jobSeeker: 'jobseeker@demo.local',
  /** A second job seeker whose profile is about half complete. */
  newJobSeeker: 'newcomer@demo.local',
  employer: 'employer@demo.local',
  /** The demo company's active recruiter. */
  recruiter: DEMO_STAFF.active.email,
  admin: 'admin@demo.local',
} as const;

export const DEMO_COMPANY = { name: 'Demo Hiring Co', ein: '12-4567893' } as const;

/**
 * Work done once when the server starts on a database: demo accounts on an empty one, so
 * a first-time visitor can sign in as each kind of user. DEMO_DATA=0 turns it off.
 * Returns the emails it created (none when the database already had users).
 */
export async function onFirstStart(
  ctx: AppContext,
  print: (text: string) => void = (text) => process.stdout.write(text),
): Promise<string[]> {
  if (!ctx.config.demoData) return [];
  if ((await countUsers(ctx.db)) > 0) return [];

  const now = ctx.adapters.now();
  const [seekerHash, newcomerHash, employerHash, adminHash, recruiterHash] = await Promise.all([
    hashPassword(DEMO_PASSWORD),
    hashPassword(DEMO_PASSWORD),
    hashPassword(DEMO_PASSWORD),
    hashPassword(DEMO_PASSWORD),
    hashPassword(DEMO_PASSWORD),
  ]);
  const created = await ctx.db.transaction(async (tx) => {
    // Another instance may have seeded in the meantime.
    if ((await countUsers(tx)) > 0) return null;
    const seeker = await createUser(tx, {
      email: DEMO_ACCOUNTS.jobSeeker,
      passwordHash: seekerHash!,
      firstName: 'Jordan',
      lastName: 'Rivera',
      role: 'JobSeeker',
      dateOfBirth: '1995-04-12',
      phoneNumber: '+13605550142',
      emailVerifiedAt: now,
      termsAcceptedAt: now,
    });
    const newcomer = await createUser(tx, {
      email: DEMO_ACCOUNTS.newJobSeeker,
      passwordHash: newcomerHash!,
      firstName: 'Sam',
      lastName: 'Okafor',
      role: 'JobSeeker',
      dateOfBirth: '2003-09-21',
      emailVerifiedAt: now,
      termsAcceptedAt: now,
    });
    const company = await createCompany(tx, {
      name: DEMO_COMPANY.name,
      tin: DEMO_COMPANY.ein.replace('-', ''),
      tinKind: 'EIN',
      verifiedAt: now,
      verificationMethod: 'demo-data',
    });
    const employer = await createUser(tx, {
      email: DEMO_ACCOUNTS.employer,
      passwordHash: employerHash!,
      firstName: 'Morgan',
      lastName: 'Lee',
      role: 'Employer',
      companyId: company.id,
      emailVerifiedAt: now,
      termsAcceptedAt: now,
    });
    const admin = await createUser(tx, {
      email: DEMO_ACCOUNTS.admin,
      passwordHash: adminHash!,
      firstName: 'Avery',
      lastName: 'Admin',
      role: 'SuperAdmin',
      emailVerifiedAt: now,
    });
    return { seeker, newcomer, employer, company, admin };
  });
  if (!created) return [];
  await seedDemoProfile(ctx, created.seeker.id, true);
  await seedDemoProfile(ctx, created.newcomer.id, false);
  await seedDemoStaff(ctx, created.employer.id, recruiterHash!);
  await seedDemoCompany(ctx, created.company.id);
  const demoFeatured = await seedDemoCompanyJobs(ctx, created.company.id);
  const marketFeatured = await seedDemoMarket(ctx);
  await seedDemoBoosts(ctx, { demo: demoFeatured, market: marketFeatured });
  await seedDemoJobActivity(ctx, { seekerId: created.seeker.id, newcomerId: created.newcomer.id, companyId: created.company.id });
  await seedDemoApplicants(ctx, created.company.id);
  // After the jobs and the applicants: seekers report market jobs, some already resolved.
  await seedDemoReports(ctx, { seekerId: created.seeker.id, newcomerId: created.newcomer.id, demoCompanyId: created.company.id });
  await seedDemoInvitations(ctx, { seekerId: created.seeker.id, newcomerId: created.newcomer.id, companyId: created.company.id });
  await seedDemoConversations(ctx, created.company.id, created.seeker.id);
  await seedDemoBackOffice(ctx, created.admin.id);
  await seedDemoContactMessages(ctx, { id: created.seeker.id, email: DEMO_ACCOUNTS.jobSeeker, name: 'Jordan Rivera' });
  await seedDemoJobAlerts(ctx, DEMO_ACCOUNTS.jobSeeker, { name: 'Vancouver, WA', latitude: 45.6387, longitude: -122.6615 });
  // Last: the counts of what the steps above wrote, and the history around them.
  await seedDemoCounts(ctx, created.company.id);

  const emails = [
    DEMO_ACCOUNTS.jobSeeker,
    DEMO_ACCOUNTS.newJobSeeker,
    DEMO_ACCOUNTS.employer,
    DEMO_ACCOUNTS.recruiter,
    DEMO_ACCOUNTS.admin,
  ];
  ctx.log.info({ demoAccounts: emails }, 'created demo accounts on the empty database');
  const rows = [
    ['Job seeker', DEMO_ACCOUNTS.jobSeeker],
    ['Job seeker (profile half done)', DEMO_ACCOUNTS.newJobSeeker],
    [`Employer (${DEMO_COMPANY.name})`, DEMO_ACCOUNTS.employer],
    [`Recruiter (${DEMO_COMPANY.name})`, DEMO_ACCOUNTS.recruiter],
    ['SuperAdmin', DEMO_ACCOUNTS.admin],
  ];
  const width = Math.max(...rows.map(([label]) => label!.length));
  print(
    [
      '',
      '  Demo accounts (turn off with DEMO_DATA=0)',
      '  ─────────────────────────────────────────',
      ...rows.map(([label, email]) => `  ${label!.padEnd(width)}  ${email}`),
      `  ${'Password'.padEnd(width)}  ${DEMO_PASSWORD}`,
      `  Sign in at ${ctx.config.publicUrl}/login`,
      '',
      '',
    ].join('\n'),
  );
  return emails;
}
