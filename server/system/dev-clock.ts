import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { fail, ok } from '../http/envelope.ts';
import { runDueDigests } from '../jobs/index.ts';
import { runDueRenewals } from '../billing/index.ts';

const LIMIT_MS = 400 * 24 * 60 * 60 * 1000;
const advanceSchema = z.object({ advanceMs: z.number().int().min(-LIMIT_MS).max(LIMIT_MS) });

/**
 * The dev clock: moves this process's clock (`ctx.adapters.now`) forward and runs the scheduled
 * work due at once (job alert digests, billing renewals), answering their reports. The offset is
 * kept in memory until the process ends; a negative advance moves it back, never before the real
 * time. Registered only outside production, like the dev mailbox; end-to-end tests use it to see
 * tomorrow's digest today, then put the clock back for the tests that follow.
 */
export function devClockRoutes(app: FastifyInstance, ctx: AppContext) {
  const clock = ctx.adapters.now;
  let offsetMs = 0;
  ctx.adapters.now = () => new Date(clock().getTime() + offsetMs);

  app.post('/dev/clock', { schema: { hide: true } }, async (req, res) => {
    const parsed = advanceSchema.safeParse(req.body);
    if (!parsed.success)
      return res
        .code(400)
        .send(fail(400, 'Send { "advanceMs": a whole number of milliseconds to move the clock (negative moves it back) }.'));
    offsetMs = Math.max(0, offsetMs + parsed.data.advanceMs);
    const digests = await runDueDigests(ctx);
    const renewals = await runDueRenewals(ctx);
    return res.send(ok({ now: ctx.adapters.now().toISOString(), offsetMs, digests, renewals }));
  });
}
