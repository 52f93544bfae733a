import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { applicationStatusChanges, applications, companies, jobPosts, users } from '../db/schema.ts';
import { conflict, forbidden, notFound } from '../http/errors.ts';
import { displayNameOf } from '../company/index.ts';
import {
  ApplicantMessages,
  canStaffMove,
  NOTIFIED_STATUSES,
  statusChangeRefused,
  WITHDRAWABLE,
  type Applicant,
} from '../../src/contract/applicants.ts';
import type { Application, ApplicationStatus } from '../../src/contract/jobs.ts';
import { applicantOf, companyApplicant, ofCompany } from './lists.ts';
import { statusMail } from './mails.ts';

export interface StaffActor {
  companyId: string;
  userId: string;
}

/**
 * Moves an applicant of the company to a status, as the pipeline allows (STAFF_TRANSITIONS):
 * another company's applicant is 404 like one that never existed; Withdrawn is the seeker's
 * alone (403); a move the pipeline does not allow is 409; nothing is stored for any of them.
 * The same status again changes nothing. The change is kept in the history, and the seeker is
 * emailed on Interviewing, Offered and Rejected.
 */
export async function changeApplicantStatus(
  ctx: AppContext,
  actor: StaffActor,
  applicantId: string,
  to: ApplicationStatus,
): Promise<{ applicant: Applicant; changed: boolean }> {
  const now = ctx.adapters.now();
  const changed = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: applications.id, status: applications.status })
      .from(applications)
      .innerJoin(jobPosts, eq(jobPosts.id, applications.jobPostId))
      .where(and(eq(applications.id, applicantId), ofCompany(actor.companyId)))
      .for('update', { of: applications });
    if (!row) throw notFound(ApplicantMessages.applicantNotFound);
    if (to === 'Withdrawn') throw forbidden(ApplicantMessages.withdrawnByStaff);
    const from = row.status as ApplicationStatus;
    if (from === to) return false;
    if (!canStaffMove(from, to)) throw conflict(statusChangeRefused(from, to));
    await tx
      .update(applications)
      .set({ status: to, statusChangedAt: now, statusChangedBy: actor.userId })
      .where(eq(applications.id, row.id));
    await tx
      .insert(applicationStatusChanges)
      .values({ applicationId: row.id, fromStatus: from, toStatus: to, changedBy: actor.userId, changedAt: now });
    return true;
  });
  const applicant = await companyApplicant(ctx, actor.companyId, applicantId);
  if (changed && NOTIFIED_STATUSES.includes(to)) await tellSeeker(ctx, applicant.seekerId, applicant.jobId, to);
  return { applicant: applicantOf(applicant), changed };
}

async function tellSeeker(ctx: AppContext, seekerId: string, jobId: string, status: ApplicationStatus): Promise<void> {
  const [found] = await ctx.db
    .select({
      email: users.email,
      firstName: users.firstName,
      disabled: users.disabled,
      title: jobPosts.title,
      name: companies.name,
      displayName: companies.displayName,
    })
    .from(users)
    .innerJoin(jobPosts, eq(jobPosts.id, jobId))
    .innerJoin(companies, eq(companies.id, jobPosts.companyId))
    .where(eq(users.id, seekerId));
  if (!found || found.disabled) return;
  const mail = statusMail(ctx, found, { title: found.title, companyName: displayNameOf(found) }, status);
  if (mail) await ctx.mailer.enqueue(mail);
}

/**
 * The job seeker withdraws one of their own applications (another's is 404): one without an
 * outcome yet (Applied, Reviewed, Interviewing, Offered); a hired or rejected one is 409.
 * Withdrawing again changes nothing. Kept in the history with the seeker as the one who changed it.
 */
export async function withdrawApplication(
  ctx: AppContext,
  seekerId: string,
  applicationId: string,
): Promise<{ application: Application; changed: boolean }> {
  const now = ctx.adapters.now();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(applications)
      .where(and(eq(applications.id, applicationId), eq(applications.jobSeekerId, seekerId)))
      .for('update');
    if (!row) throw notFound(ApplicantMessages.applicationNotFound);
    const from = row.status as ApplicationStatus;
    let current: typeof row | undefined = row;
    if (from !== 'Withdrawn') {
      if (!WITHDRAWABLE.includes(from)) throw conflict(ApplicantMessages.cannotWithdraw);
      [current] = await tx
        .update(applications)
        .set({ status: 'Withdrawn', statusChangedAt: now, statusChangedBy: seekerId })
        .where(eq(applications.id, row.id))
        .returning();
      await tx
        .insert(applicationStatusChanges)
        .values({ applicationId: row.id, fromStatus: from, toStatus: 'Withdrawn', changedBy: seekerId, changedAt: now });
    }
    const a = current!;
    return {
      changed: from !== 'Withdrawn',
      application: {
        id: a.id,
        jobId: a.jobPostId,
        status: a.status as ApplicationStatus,
        appliedDate: a.createdAt.toISOString(),
        resumeId: a.resumeId,
        coverLetterId: a.coverLetterId,
        workAuthorization: a.workAuthorization,
        sponsorship: a.sponsorship,
      },
    };
  });
}
