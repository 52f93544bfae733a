import { and, asc, desc, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import {
  applicationStatusChanges,
  applications,
  degrees,
  education,
  jobPosts,
  jobSeekerSkills,
  skills,
  storedFiles,
  users,
} from '../db/schema.ts';
import { createUser } from '../account/index.ts';
import { newStorageKey } from '../platform/file-store.ts';
import { resumePdf } from '../jobseeker/index.ts';
import { DEMO_STAFF } from '../staff/index.ts';
import type { ApplicationStatus } from '../../src/contract/jobs.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** How an application reached its status: the steps after Applied. */
const PATHS: Record<ApplicationStatus, ApplicationStatus[]> = {
  Applied: [],
  Reviewed: ['Reviewed'],
  Interviewing: ['Reviewed', 'Interviewing'],
  Offered: ['Reviewed', 'Interviewing', 'Offered'],
  Hired: ['Reviewed', 'Interviewing', 'Offered', 'Hired'],
  Rejected: ['Reviewed', 'Rejected'],
  Withdrawn: ['Reviewed', 'Withdrawn'],
};

interface DemoApplicant {
  firstName: string;
  lastName: string;
  city: string;
  summary: string;
  /** Skills by name (lookup_skills). */
  skills: string[];
  school: string;
  year: number;
  /** Where each of the person's applications stands, to the newest jobs in turn. */
  statuses: ApplicationStatus[];
  /** Applications left Applied and not yet opened by anyone of the company. */
  unseen?: boolean;
}

/** People who applied to the demo company's jobs: every status, some new. Fixed, so the demo is the same every time. */
export const DEMO_APPLICANTS: readonly DemoApplicant[] = [
  {
    firstName: 'Priya',
    lastName: 'Shah',
    city: 'Vancouver, WA',
    summary: 'Warehouse associate with four years of order picking and packing.',
    skills: ['Order picking', 'Packing', 'Forklift operation', 'Inventory control'],
    school: 'Clark College',
    year: 2018,
    statuses: ['Interviewing', 'Applied'],
    unseen: true,
  },
  {
    firstName: 'Marcus',
    lastName: 'Bell',
    city: 'Portland, OR',
    summary: 'Retail lead who loves a busy floor and a tidy stockroom.',
    skills: ['Customer service', 'Cash handling', 'Merchandising'],
    school: 'Grant High School',
    year: 2015,
    statuses: ['Offered', 'Rejected'],
  },
  {
    firstName: 'Elena',
    lastName: 'Torres',
    city: 'Vancouver, WA',
    summary: 'Forklift-certified receiving clerk, day or night shift.',
    skills: ['Forklift operation', 'Shipping and receiving', 'Pallet jack operation'],
    school: 'Evergreen High School',
    year: 2012,
    statuses: ['Hired'],
  },
  {
    firstName: 'Dev',
    lastName: 'Patel',
    city: 'Camas, WA',
    summary: 'Cashier moving into a shift lead role.',
    skills: ['Cash handling', 'Point of sale systems', 'Customer service', 'Scheduling'],
    school: 'Camas High School',
    year: 2019,
    statuses: ['Reviewed', 'Applied'],
    unseen: true,
  },
  {
    firstName: 'Hannah',
    lastName: 'Okoro',
    city: 'Portland, OR',
    summary: 'Inventory specialist with Excel reports every week.',
    skills: ['Inventory control', 'Microsoft Excel'],
    school: 'Portland Community College',
    year: 2016,
    statuses: ['Withdrawn', 'Interviewing'],
  },
  {
    firstName: 'Luis',
    lastName: 'Romero',
    city: 'Battle Ground, WA',
    summary: 'First job hunt after school, eager to learn.',
    skills: ['Customer service'],
    school: 'Battle Ground High School',
    year: 2024,
    statuses: ['Applied', 'Rejected'],
    unseen: true,
  },
  {
    firstName: 'Grace',
    lastName: 'Kim',
    city: 'Vancouver, WA',
    summary: 'Store associate with merchandising and visual display experience.',
    skills: ['Merchandising', 'Customer service', 'Point of sale systems'],
    school: 'Hudson’s Bay High School',
    year: 2014,
    statuses: ['Applied', 'Reviewed'],
  },
];

async function skillIdsNamed(ctx: AppContext, names: string[]): Promise<number[]> {
  if (!names.length) return [];
  const rows = await ctx.db.select({ id: skills.id }).from(skills).where(inArray(skills.name, names));
  return rows.map((r) => r.id);
}

/**
 * Applicants for the demo company: seven job seekers (no password: they exist to have applied)
 * with skills, schooling and a résumé, applying to the company's newest open jobs at every status
 * of the pipeline, each change kept in the history (by the demo recruiter or employer; a
 * withdrawal by the seeker). The applications left Applied by some are new (not yet opened).
 * The demo seeker's earlier applications get their history too. Written directly: no mails.
 */
export async function seedDemoApplicants(ctx: AppContext, companyId: string): Promise<void> {
  const now = ctx.adapters.now();
  const staff = await ctx.db
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.companyId, companyId));
  const recruiter = staff.find((u) => u.email === DEMO_STAFF.active.email) ?? staff[0];
  const employer = staff.find((u) => u.role === 'Employer') ?? recruiter;
  if (!recruiter || !employer) return;
  const jobs = await ctx.db
    .select({ id: jobPosts.id, postedAt: jobPosts.postedAt })
    .from(jobPosts)
    .where(and(eq(jobPosts.companyId, companyId), eq(jobPosts.status, 'Active'), gt(jobPosts.validThrough, now)))
    .orderBy(desc(jobPosts.postedAt), asc(jobPosts.id))
    .limit(8);
  if (!jobs.length) return;
  const [highSchool] = await ctx.db
    .select({ id: degrees.id, level: degrees.level })
    .from(degrees)
    .where(eq(degrees.name, 'High school diploma or GED'))
    .limit(1);

  let n = 0;
  for (const [i, person] of DEMO_APPLICANTS.entries()) {
    const email = `${person.firstName}.${person.lastName}@applicants.example.com`.toLowerCase();
    const user = await createUser(ctx.db, {
      email,
      passwordHash: null,
      firstName: person.firstName,
      lastName: person.lastName,
      role: 'JobSeeker',
      dateOfBirth: `${1985 + i * 2}-0${(i % 9) + 1}-15`,
      phoneNumber: `+1360555${String(1200 + i).padStart(4, '0')}`,
      emailVerifiedAt: now,
      termsAcceptedAt: now,
    });
    const skillIds = await skillIdsNamed(ctx, person.skills);
    if (skillIds.length)
      await ctx.db
        .insert(jobSeekerSkills)
        .values(skillIds.map((skillId) => ({ userId: user.id, skillId })))
        .onConflictDoNothing();
    if (highSchool) {
      await ctx.db.insert(education).values({
        userId: user.id,
        degreeId: highSchool.id,
        level: highSchool.level,
        completionYear: person.year,
        universityName: person.school,
      });
    }
    const resumeId = await storeResume(ctx, user.id, person, email);

    for (const status of person.statuses) {
      const job = jobs[n % jobs.length]!;
      n += 1;
      // Applied a little after the job was posted, never in the future; each step a day later.
      const steps = PATHS[status];
      const appliedAt = new Date(
        Math.min(now.getTime() - (steps.length + 1) * DAY - n * HOUR, job.postedAt.getTime() + (2 + (n % 3)) * HOUR),
      );
      const stepAt = (k: number) => new Date(Math.min(now.getTime() - n * 60_000, appliedAt.getTime() + (k + 1) * DAY));
      const by = (k: number, to: ApplicationStatus) => (to === 'Withdrawn' ? user.id : k % 2 === 0 ? recruiter.id : employer.id);
      const last = steps.length ? steps.length - 1 : -1;
      const seen = !(person.unseen && status === 'Applied');
      const [app] = await ctx.db
        .insert(applications)
        .values({
          jobPostId: job.id,
          jobSeekerId: user.id,
          resumeId,
          workAuthorization: true,
          sponsorship: false,
          status,
          statusChangedAt: last >= 0 ? stepAt(last) : appliedAt,
          statusChangedBy: last >= 0 ? by(last, steps[last]!) : null,
          seenAt: seen ? new Date(Math.min(now.getTime(), appliedAt.getTime() + 3 * HOUR)) : null,
          seenBy: seen ? recruiter.id : null,
          createdAt: appliedAt,
        })
        .onConflictDoNothing({ target: [applications.jobPostId, applications.jobSeekerId] })
        .returning({ id: applications.id });
      if (!app || !steps.length) continue;
      await ctx.db.insert(applicationStatusChanges).values(
        steps.map((to, k) => ({
          applicationId: app.id,
          fromStatus: k === 0 ? ('Applied' as const) : steps[k - 1]!,
          toStatus: to,
          changedBy: by(k, to),
          changedAt: stepAt(k),
        })),
      );
    }
  }
  await backfillHistory(ctx, companyId, recruiter.id);
}

/** A one-page résumé for the demo applicant, stored as an upload would be. */
async function storeResume(ctx: AppContext, userId: string, person: DemoApplicant, email: string): Promise<string> {
  const name = `${person.firstName} ${person.lastName}`;
  const data = resumePdf({
    name,
    contact: [email, person.city].join('  |  '),
    summary: person.summary,
    jobs: [],
    education: [{ degree: 'High school diploma', school: person.school, year: String(person.year) }],
    skills: person.skills,
  });
  const key = newStorageKey('resume');
  await ctx.adapters.files.put(key, data, { contentType: 'application/pdf' });
  const [row] = await ctx.db
    .insert(storedFiles)
    .values({
      purpose: 'resume',
      ownerId: userId,
      storageKey: key,
      originalName: `${name.replace(/\s+/g, '-')}-Resume.pdf`,
      contentType: 'application/pdf',
      sizeBytes: data.length,
    })
    .returning({ id: storedFiles.id });
  return row!.id;
}

/**
 * Applications to the company seeded before this (the demo seeker's) that moved past Applied but
 * have no history: their steps, by the demo recruiter, and opened by the recruiter.
 */
async function backfillHistory(ctx: AppContext, companyId: string, recruiterId: string): Promise<void> {
  const rows = await ctx.db
    .select({
      id: applications.id,
      status: applications.status,
      createdAt: applications.createdAt,
      statusChangedAt: applications.statusChangedAt,
    })
    .from(applications)
    .innerJoin(jobPosts, eq(jobPosts.id, applications.jobPostId))
    .where(and(eq(jobPosts.companyId, companyId), isNull(applications.seenAt), ne(applications.status, 'Applied')));
  for (const row of rows) {
    const steps = PATHS[row.status as ApplicationStatus];
    const span = Math.max(1, row.statusChangedAt.getTime() - row.createdAt.getTime());
    const at = (k: number) => new Date(row.createdAt.getTime() + Math.round((span * (k + 1)) / steps.length));
    await ctx.db.insert(applicationStatusChanges).values(
      steps.map((to, k) => ({
        applicationId: row.id,
        fromStatus: k === 0 ? ('Applied' as const) : steps[k - 1]!,
        toStatus: to,
        changedBy: recruiterId,
        changedAt: at(k),
      })),
    );
    await ctx.db
      .update(applications)
      .set({ statusChangedBy: recruiterId, seenAt: new Date(row.createdAt.getTime() + Math.min(span, HOUR)), seenBy: recruiterId })
      .where(eq(applications.id, row.id));
  }
}
