import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { jobClicks, users } from '../db/schema.ts';
import { tooManyRequests } from '../http/errors.ts';
import type { AccessClaims } from '../platform/tokens.ts';
import { JobMessages } from '../../src/contract/jobs.ts';
import { visibleJob } from './detail.ts';

/**
 * Views of a job's page and application starts, the numbers behind a company's metrics. A visitor
 * (a signed-in user, else an address) counts once per job and kind every 30 minutes, and one
 * address may send only so many in all, so reloading a page or a script cannot inflate them. The
 * company's own staff looking at its job are not counted.
 */
export const CLICK_LIMITS = {
  /** The same visitor, job and kind: counted once a window. */
  repeatWindowSeconds: 30 * 60,
  /** Every view and start from one address. */
  perIp: { limit: 300, windowSeconds: 10 * 60 },
} as const;

export type ClickKind = 'view' | 'apply-start';

export async function recordClick(
  ctx: AppContext,
  jobId: string,
  kind: ClickKind,
  who: { caller: AccessClaims | null; ip: string },
): Promise<{ recorded: boolean }> {
  const gate = await ctx.adapters.rateLimiter.hit(`jobs:clicks:ip:${who.ip}`, CLICK_LIMITS.perIp.limit, CLICK_LIMITS.perIp.windowSeconds);
  if (!gate.allowed) throw tooManyRequests(JobMessages.tooManyRequests);
  const job = await visibleJob(ctx, jobId);
  const caller = who.caller;
  let userId: string | null = null;
  if (caller) {
    // A token of an account that no longer has a row counts as a visitor without one.
    const [user] = await ctx.db
      .select({ id: users.id, companyId: users.companyId })
      .from(users)
      .where(eq(users.id, caller.userId))
      .limit(1);
    const ownStaff = (caller.role === 'Employer' || caller.role === 'Recruiter') && user?.companyId === job.companyId;
    if (ownStaff) return { recorded: false };
    userId = user?.id ?? null;
  }
  const visitor = caller ? `user:${caller.userId}` : `ip:${who.ip}`;
  const first = await ctx.adapters.rateLimiter.hit(`jobs:${kind}:${job.id}:${visitor}`, 1, CLICK_LIMITS.repeatWindowSeconds);
  if (!first.allowed) return { recorded: false };
  await ctx.db.insert(jobClicks).values({ jobPostId: job.id, userId, kind, createdAt: ctx.adapters.now() });
  return { recorded: true };
}
