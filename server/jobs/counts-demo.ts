import { and, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { applications, boostSubscriptions, channels, jobPosts } from '../db/schema.ts';
import { createCounters } from '../platform/counters.ts';
import { seededRandom } from '../posting/index.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** How far back the demo's counts go. */
export const DEMO_HISTORY_DAYS = 90;
/** The demo company's home (Vancouver, WA): its visitors' days and nights. */
const DEMO_TIME_ZONE = 'America/Los_Angeles';

/** Share of a day's impressions in each local hour: quiet nights, a morning and an evening peak. */
const HOUR_WEIGHTS = [1, 0.6, 0.4, 0.3, 0.4, 0.8, 1.6, 3, 4.5, 5.5, 6, 5.8, 5.2, 5.4, 5.6, 5.3, 5, 4.8, 5.2, 5.8, 6, 5, 3.4, 1.8];
const HOUR_SHARE = HOUR_WEIGHTS.map((w) => w / HOUR_WEIGHTS.reduce((a, b) => a + b, 0));
/** Sunday first: people look for work on weekdays, less at weekends. */
const WEEKDAY = [0.55, 1.1, 1.15, 1.1, 1.0, 0.85, 0.5];
/** A boosted job is shown far more (the strip, first in search) and clicked a little more often (its badge). */
const BOOST_IMPRESSIONS = 4;
const BOOST_CLICK_RATE = 1.3;

/** A Poisson draw: Knuth's product for small means, a rounded normal for larger ones. */
function poisson(random: () => number, mean: number): number {
  if (mean <= 0) return 0;
  if (mean > 30) {
    const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    return Math.max(0, Math.round(mean + Math.sqrt(mean) * normal));
  }
  const limit = Math.exp(-mean);
  let k = 0;
  let p = random();
  while (p > limit) {
    k++;
    p *= random();
  }
  return k;
}

/** The local hour and weekday of a moment in the demo's time zone. */
function localTimeOf(format: Intl.DateTimeFormat, at: Date): { hour: number; weekday: number } {
  const parts = format.formatToParts(at);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0) % 24;
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.find((p) => p.type === 'weekday')?.value ?? 'Sun');
  return { hour, weekday: Math.max(0, weekday) };
}

/**
 * Ninety days of counts for the demo company's jobs, so its charts look lived in on first start:
 * for every hour each job was open, impressions drawn around the job's own appeal (fresh jobs shown
 * more, weekends and nights quieter, a boosted job about four times more while its boost ran),
 * views a few percent of them, application starts about a quarter of views. The applications and
 * conversations the demo wrote are counted in the hours they happened (each application with its
 * view and start), so the counts agree with the applicants list. Written through a counter of its
 * own with its clock set to each hour, so the hourly record and its two sums agree as they do for
 * live counts. Seeded: every demo is the same, relative to the clock.
 */
export async function seedDemoCounts(ctx: AppContext, companyId: string): Promise<void> {
  const random = seededRandom(90_125);
  const now = ctx.adapters.now().getTime();
  const lastHour = Math.floor(now / HOUR) * HOUR;
  const firstHour = lastHour - DEMO_HISTORY_DAYS * DAY;
  const jobs = await ctx.db
    .select({ id: jobPosts.id, postedAt: jobPosts.postedAt, validThrough: jobPosts.validThrough })
    .from(jobPosts)
    .where(and(eq(jobPosts.companyId, companyId), ne(jobPosts.status, 'Deleted')));
  const boosts = await ctx.db
    .select({ jobPostId: boostSubscriptions.jobPostId, from: boostSubscriptions.createdAt, to: boostSubscriptions.currentPeriodEnd })
    .from(boostSubscriptions)
    .where(eq(boostSubscriptions.companyId, companyId));

  let at = new Date(firstHour);
  const counters = createCounters(ctx.db, { now: () => at, log: ctx.log });
  const format = new Intl.DateTimeFormat('en-US', { timeZone: DEMO_TIME_ZONE, hour: 'numeric', hourCycle: 'h23', weekday: 'short' });
  const plans = jobs.map((job) => ({
    id: job.id,
    from: Math.max(firstHour, Math.ceil(job.postedAt.getTime() / HOUR) * HOUR),
    to: Math.min(lastHour, job.validThrough.getTime()),
    postedAt: job.postedAt.getTime(),
    // Impressions on an ordinary weekday of its first week, and how often a look becomes a view.
    daily: 70 + random() * 190,
    clickRate: 0.03 + random() * 0.05,
    startRate: 0.18 + random() * 0.14,
    boosted: boosts.filter((b) => b.jobPostId === job.id).map((b) => ({ from: b.from.getTime(), to: (b.to ?? b.from).getTime() })),
    /** The day's ups and downs, drawn once a day. */
    mood: 1,
  }));

  for (let hour = firstHour; hour < lastHour; hour += HOUR) {
    at = new Date(hour);
    const local = localTimeOf(format, at);
    for (const job of plans) {
      if (hour < job.from || hour >= job.to) continue;
      if (local.hour === 0 || hour === job.from) job.mood = 0.75 + random() * 0.5;
      const age = (hour - job.postedAt) / DAY;
      const boosted = job.boosted.some((b) => hour >= b.from && hour < b.to);
      const freshness = 0.5 + 0.5 * Math.exp(-age / 20);
      const mean = job.daily * freshness * job.mood * WEEKDAY[local.weekday]! * HOUR_SHARE[local.hour]! * (boosted ? BOOST_IMPRESSIONS : 1);
      const impressions = poisson(random, mean);
      if (impressions === 0) continue;
      const views = Math.min(impressions, poisson(random, impressions * job.clickRate * (boosted ? BOOST_CLICK_RATE : 1)));
      const starts = Math.min(views, poisson(random, views * job.startRate));
      counters.add([job.id], 'impression', impressions);
      if (views) counters.add([job.id], 'view', views);
      if (starts) counters.add([job.id], 'apply_start', starts);
    }
    // A week at a time: a few thousand rows a write.
    if ((hour - firstHour) % (7 * DAY) === 0) await counters.flush();
  }

  // What the demo really holds, in the hours it happened.
  const applied = await ctx.db.select({ jobPostId: applications.jobPostId, at: applications.createdAt }).from(applications);
  for (const a of applied) {
    at = a.at;
    for (const kind of ['view', 'apply_start', 'application'] as const) counters.add([a.jobPostId], kind);
  }
  const started = await ctx.db.select({ jobPostId: channels.jobPostId, at: channels.createdAt }).from(channels);
  for (const c of started) {
    at = c.at;
    counters.add([c.jobPostId], 'message');
  }
  await counters.flush();
}
