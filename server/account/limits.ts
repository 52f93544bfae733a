import type { AppContext } from '../context.ts';
import { HttpError, tooManyRequests } from '../http/errors.ts';
import { AccountMessages } from '../../src/contract/account.ts';

/** Attempts allowed per window for each guarded action of the account area. */
export const LIMITS = {
  loginPerEmailIp: { limit: 10, windowSeconds: 15 * 60 },
  loginPerIp: { limit: 100, windowSeconds: 15 * 60 },
  otpSendPerEmail: { limit: 5, windowSeconds: 60 * 60 },
  otpSendPerIp: { limit: 30, windowSeconds: 15 * 60 },
  otpCheckPerEmail: { limit: 10, windowSeconds: 15 * 60 },
  otpCheckPerIp: { limit: 50, windowSeconds: 15 * 60 },
  forgotPerEmail: { limit: 5, windowSeconds: 60 * 60 },
  forgotPerIp: { limit: 30, windowSeconds: 15 * 60 },
  registerPerIp: { limit: 30, windowSeconds: 60 * 60 },
  verificationMailPerEmail: { limit: 3, windowSeconds: 15 * 60 },
  changePasswordPerUser: { limit: 10, windowSeconds: 15 * 60 },
  refreshPerIp: { limit: 300, windowSeconds: 15 * 60 },
} as const;

export type LimitName = keyof typeof LIMITS;

/** Counts one attempt; true while under the limit. */
export async function underLimit(ctx: AppContext, name: LimitName, subject: string): Promise<boolean> {
  const { limit, windowSeconds } = LIMITS[name];
  const result = await ctx.adapters.rateLimiter.hit(`account:${name}:${subject}`, limit, windowSeconds);
  return result.allowed;
}

/** Counts one attempt of each named limit; 429 when any is exceeded. */
export async function enforceLimits(ctx: AppContext, checks: Array<[LimitName, string]>): Promise<void> {
  // Count every limit even once one has failed, so the counters stay honest.
  const results = await Promise.all(checks.map(([name, subject]) => underLimit(ctx, name, subject)));
  if (results.includes(false)) throw tooManyRequests(AccountMessages.tooManyRequests);
}

export const isRateLimited = (err: unknown) => err instanceof HttpError && err.status === 429;
