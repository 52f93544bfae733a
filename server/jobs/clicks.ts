import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { users } from '../db/schema.ts';
import { tooManyRequests } from '../http/errors.ts';
import { isBot } from '../platform/bots.ts';
import type { AccessClaims } from '../platform/tokens.ts';
import { JobMessages } from '../../src/contract/jobs.ts';
import { visibleJob } from './detail.ts';

/**
 * Views of a job's page and application starts, the numbers behind a company's metrics. A visitor
 * (a signed-in user, else an address) counts once per job and kind every 30 minutes, and one
 * address may send only so many in all, so reloading a page or a script cannot inflate them. The
 * company's own staff looking at its job are not counted, nor are bots.
 */
export const CLICK_LIMITS = {
  /** The same visitor, job and kind: counted once a window. */
  repeatWindowSeconds: 30 * 60,
  /** Every view and start from one address. */
  perIp: { limit: 300, windowSeconds: 10 * 60 },
} as const;

export type ClickKind = 'view' | 'apply-start';

/** Who sent a view or a start: the signed-in caller if any, the address, and the browser's user agent. */
export interface Visitor {
  caller: AccessClaims | null;
  ip: string;
  userAgent: string | string[] | undefined;
}

/**
 * Records a view or an application start in the job's hourly counts (added in memory, written by the
 * next flush: DESIGN §8 Counting). Answers whether it counted.
 */
export async function recordClick(ctx: AppContext, jobId: string, kind: ClickKind, who: Visitor): Promise<{ recorded: boolean }> {
  const gate = await ctx.adapters.rateLimiter.hit(`jobs:clicks:ip:${who.ip}`, CLICK_LIMITS.perIp.limit, CLICK_LIMITS.perIp.windowSeconds);
  if (!gate.allowed) throw tooManyRequests(JobMessages.tooManyRequests);
  const job = await visibleJob(ctx, jobId);
  if (isBot(who.userAgent)) return { recorded: false };
  const caller = who.caller;
  if (caller && (caller.role === 'Employer' || caller.role === 'Recruiter')) {
    // Staff of another company count as visitors; the job's own staff do not.
    const [user] = await ctx.db.select({ companyId: users.companyId }).from(users).where(eq(users.id, caller.userId)).limit(1);
    if (user?.companyId === job.companyId) return { recorded: false };
  }
  const visitor = caller ? `user:${caller.userId}` : `ip:${who.ip}`;
  const first = await ctx.adapters.rateLimiter.hit(`jobs:${kind}:${job.id}:${visitor}`, 1, CLICK_LIMITS.repeatWindowSeconds);
  if (!first.allowed) return { recorded: false };
  ctx.counters.add([job.id], kind === 'view' ? 'view' : 'apply_start');
  return { recorded: true };
}

/**
 * Jobs shown to a job seeker or a visitor in a list (a search page, the featured strip, matched or
 * saved jobs, invitations): an impression each, added in memory. Staff and administrators looking
 * at lists are not the audience a job is shown to, and bots are no one; neither is counted.
 */
export function recordImpressions(ctx: AppContext, jobIds: Iterable<string>, who: Pick<Visitor, 'caller' | 'userAgent'>): void {
  if (who.caller && who.caller.role !== 'JobSeeker') return;
  if (isBot(who.userAgent)) return;
  ctx.counters.add(jobIds, 'impression');
}
