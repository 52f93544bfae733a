import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { channels, companies, users } from '../db/schema.ts';
import { forbidden, notFound, unauthorized } from '../http/errors.ts';
import { activeUser } from '../account/index.ts';
import { companyMemberOf } from '../company/index.ts';
import { fullNameOf } from '../platform/people.ts';
import type { AccessClaims } from '../platform/tokens.ts';
import { MessagingMessages, type Member } from '../../src/contract/messaging.ts';
import { CompanyMessages } from '../../src/contract/company.ts';

export type ChannelRow = typeof channels.$inferSelect;

/** Who is messaging: a job seeker, or the employer or an active recruiter of a company. */
export interface Messenger {
  userId: string;
  role: Member['role'];
  /** The company of a staff member; null for a job seeker. */
  companyId: string | null;
  nickname: string;
}

/**
 * The caller as a messenger, read fresh from the database: staff through the company they belong
 * to now (a switched-off recruiter is signed out: 401), a job seeker as themselves.
 */
export async function messengerOf(ctx: AppContext, caller: AccessClaims): Promise<Messenger> {
  if (caller.role === 'Employer' || caller.role === 'Recruiter') {
    const { user, company } = await companyMemberOf(ctx, caller);
    return { userId: user.id, role: caller.role, companyId: company.id, nickname: fullNameOf(user) || user.email };
  }
  const user = await activeUser(ctx, caller.userId);
  if (user.role !== 'JobSeeker' || caller.role !== 'JobSeeker') throw forbidden();
  return { userId: user.id, role: 'JobSeeker', companyId: null, nickname: fullNameOf(user) || user.email };
}

/** Whether the messenger is a member of the conversation: its applicant, or the staff of its company. */
export const isMember = (me: Messenger, channel: Pick<ChannelRow, 'seekerId' | 'companyId'>) =>
  me.role === 'JobSeeker' ? channel.seekerId === me.userId : channel.companyId === me.companyId;

/** A conversation of the messenger by its url; any other (or none) is "not found", alike. */
export async function channelOf(ctx: AppContext, me: Messenger, url: string): Promise<ChannelRow> {
  const [channel] = await ctx.db.select().from(channels).where(eq(channels.url, url)).limit(1);
  if (!channel || !isMember(me, channel)) throw notFound(MessagingMessages.conversationNotFound);
  return channel;
}

/** The staff of each company who may message now: its employer and its active recruiters. */
export async function activeStaffOf(db: Db, companyIds: string[]): Promise<Map<string, Array<Member & { userId: string }>>> {
  const byCompany = new Map<string, Array<Member & { userId: string }>>();
  if (!companyIds.length) return byCompany;
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
      companyId: users.companyId,
    })
    .from(users)
    .where(
      and(
        inArray(users.companyId, [...new Set(companyIds)]),
        inArray(users.role, ['Employer', 'Recruiter']),
        eq(users.disabled, false),
        isNull(users.deactivatedAt),
      ),
    );
  for (const r of rows) {
    const list = byCompany.get(r.companyId!) ?? [];
    list.push({ userId: r.id, clientId: r.id, nickname: fullNameOf(r) || r.email, role: r.role as Member['role'] });
    byCompany.set(r.companyId!, list);
  }
  return byCompany;
}

/** Of these users, the ones who may message for the company now (active staff of it, a company in good standing). */
export async function stillStaffOf(db: Db, companyId: string, userIds: string[]): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(
      and(
        inArray(users.id, userIds),
        eq(users.companyId, companyId),
        eq(companies.active, true),
        eq(companies.blacklisted, false),
        inArray(users.role, ['Employer', 'Recruiter']),
        eq(users.disabled, false),
        isNull(users.deactivatedAt),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/**
 * The caller as a messenger and their conversation at `url`, in one read: the same rules as
 * messengerOf and channelOf (the calls on one conversation are the busiest of messaging).
 */
export async function messengerAndChannel(
  ctx: AppContext,
  caller: AccessClaims,
  url: string,
): Promise<{ me: Messenger; channel: ChannelRow }> {
  const [row] = await ctx.db
    .select({
      user: users,
      companyId: companies.id,
      companyActive: companies.active,
      companyBlacklisted: companies.blacklisted,
      channel: channels,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(channels, eq(channels.url, url))
    .where(eq(users.id, caller.userId))
    .limit(1);
  const user = row?.user;
  // The routes using this skip the app's account check: this read makes it (as mayStillAct does).
  if (!user || user.disabled || user.deactivatedAt) throw unauthorized();
  let me: Messenger;
  if (caller.role === 'Employer' || caller.role === 'Recruiter') {
    if (user.role !== caller.role) throw forbidden();
    if (!user.companyId || !row.companyId) throw forbidden(CompanyMessages.noCompany);
    // A company an administrator deactivated or blacklisted: its staff are signed out (as companyMemberOf).
    if (!row.companyActive || row.companyBlacklisted) throw unauthorized();
    me = { userId: user.id, role: caller.role, companyId: user.companyId, nickname: fullNameOf(user) || user.email };
  } else {
    if (user.role !== 'JobSeeker' || caller.role !== 'JobSeeker') throw forbidden();
    me = { userId: user.id, role: 'JobSeeker', companyId: null, nickname: fullNameOf(user) || user.email };
  }
  if (!row.channel || !isMember(me, row.channel)) throw notFound(MessagingMessages.conversationNotFound);
  return { me, channel: row.channel };
}
