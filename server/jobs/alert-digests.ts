import { and, asc, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { runEvery } from '../platform/every.ts';
import type { AppContext } from '../context.ts';
import { companies, jobAlertSubscriptions, jobPosts } from '../db/schema.ts';
import { uuidIn } from '../db/sql.ts';
import type { Mail } from '../platform/mail/mailer.ts';
import { BRAND_NAME, compose } from '../platform/mail/compose.ts';
import { takeTurn } from '../platform/turns.ts';
import { displayNameOf } from '../company/index.ts';
import { ALERT_PERIOD_DAYS, DIGEST_MAX_JOBS, type AlertFrequency } from '../../src/contract/job-alerts.ts';
import { compensationLabel } from '../../src/lib/job-display.ts';
import { haversineMiles } from '../../src/lib/geo.ts';
import { alertCriteria, UNCONFIRMED_KEPT_MS, unsubscribeOf } from './alerts.ts';
import { findableJob, usableKeyword } from './search-query.ts';

/**
 * Job alert digests (DESIGN §8 Scheduled work): a timer in each process claims the alerts due
 * (`FOR UPDATE SKIP LOCKED`, then `claimed_until`), finds for each the jobs posted since its
 * watermark that the search would show it, and records the digest in the outbox and moves the
 * watermark and the next due moment in ONE transaction; the mail is handed to the transport after
 * that commits. A run that stops before its commit leaves nothing recorded (the claim lapses and a
 * later run sends it once); one that committed is never repeated, as the watermark moved with it.
 */

const t = jobAlertSubscriptions;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** How often each process looks for digests due. */
export const DIGEST_EVERY_MS = MINUTE_MS;
/** A run works on a claimed alert for at most this long; after it, another run may take it up. */
export const DIGEST_CLAIM_MS = 5 * MINUTE_MS;
/** Alerts claimed at once: their identical criteria are searched once. */
const BATCH = 200;
/**
 * A digest covers jobs posted up to this long before its run: a job's posting time is taken when
 * its transaction starts, so one still committing at the run would otherwise fall behind the
 * watermark unseen. It comes in the next digest instead.
 */
export const DIGEST_COMMIT_GRACE_MS = 2 * MINUTE_MS;
/** Keywords' candidate jobs kept during one run (a run reads each keyword's new jobs once). */
const CANDIDATE_CACHE = 5000;

export interface DigestReport {
  /** Digests recorded and handed to the mail transport. */
  sent: number;
  /** Alerts due whose period brought no matching job: nothing sent, the watermark moved. */
  empty: number;
  /** Alerts never confirmed, dropped after a week. */
  dropped: number;
}

type DueAlert = Pick<
  typeof t.$inferSelect,
  'id' | 'email' | 'keyword' | 'latitude' | 'longitude' | 'radius' | 'placeName' | 'frequency' | 'confirmedAt'
> & { digestFrom: Date };

/** A new job that may be in a digest: what matching, ordering and place need, nothing more. */
interface Candidate {
  id: string;
  postedAt: number;
  latitude: number | null;
  longitude: number | null;
  isRemote: boolean;
  rank: number;
}

/** Claims confirmed alerts due, soonest first, passing over those another process is claiming. */
async function claimDue(ctx: AppContext, now: Date): Promise<DueAlert[]> {
  const until = new Date(now.getTime() + DIGEST_CLAIM_MS);
  return ctx.db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: t.id,
        email: t.email,
        keyword: t.keyword,
        latitude: t.latitude,
        longitude: t.longitude,
        radius: t.radius,
        placeName: t.placeName,
        frequency: t.frequency,
        confirmedAt: t.confirmedAt,
        digestFrom: t.digestFrom,
      })
      .from(t)
      .where(
        and(
          isNotNull(t.confirmedAt),
          lte(t.nextDigestAt, now),
          isNotNull(t.digestFrom),
          or(isNull(t.claimedUntil), lte(t.claimedUntil, now)),
        ),
      )
      .orderBy(asc(t.nextDigestAt), asc(t.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    await tx
      .update(t)
      .set({ claimedUntil: until })
      .where(
        uuidIn(
          t.id,
          due.map((d) => d.id),
        ),
      );
    return due as DueAlert[];
  });
}

/**
 * The jobs posted after `since` up to `now` that are open and findable and match the keyword as
 * the search reads it (its tsquery; no usable keyword is every job), with the search's rank.
 */
async function candidatesOf(ctx: AppContext, keyword: string | null, since: Date, now: Date): Promise<Candidate[]> {
  const query = await usableKeyword(ctx.db, keyword);
  const rows = await ctx.db
    .select({
      id: jobPosts.id,
      postedAt: jobPosts.postedAt,
      latitude: jobPosts.latitude,
      longitude: jobPosts.longitude,
      isRemote: jobPosts.isRemote,
      rank: query ? sql<number>`ts_rank(${jobPosts.searchDocument}, ${query})` : sql<number>`0::float4`,
    })
    .from(jobPosts)
    .innerJoin(companies, eq(companies.id, jobPosts.companyId))
    .where(
      and(
        findableJob(now),
        sql`${jobPosts.postedAt} > ${since.toISOString()}::timestamptz`,
        sql`${jobPosts.postedAt} <= ${now.toISOString()}::timestamptz`,
        query ? sql`${jobPosts.searchDocument} @@ ${query}` : undefined,
      ),
    );
  return rows.map((r) => ({ ...r, postedAt: r.postedAt.getTime(), rank: Number(r.rank) }));
}

/**
 * The alert's digest: its candidates posted after its watermark, within its radius (or remote, as
 * the search shows remote jobs with a place), best first as the search's best match orders them
 * (rank, then nearer, then newer, then id); the first DIGEST_MAX_JOBS and how many matched.
 */
export function digestOf(alert: DueAlert, candidates: Candidate[]): { ids: string[]; total: number } {
  const from = alert.digestFrom.getTime();
  const place =
    alert.latitude != null && alert.longitude != null ? { lat: alert.latitude, lng: alert.longitude, radius: alert.radius ?? 0 } : null;
  const found: Array<Candidate & { distance: number | null }> = [];
  for (const c of candidates) {
    if (c.postedAt <= from) continue;
    if (!place) {
      found.push({ ...c, distance: null });
      continue;
    }
    if (c.isRemote) {
      found.push({ ...c, distance: null });
      continue;
    }
    if (c.latitude == null || c.longitude == null) continue;
    const distance = haversineMiles(place.lat, place.lng, c.latitude, c.longitude);
    if (distance <= place.radius) found.push({ ...c, distance });
  }
  found.sort(
    (a, b) =>
      b.rank - a.rank ||
      (a.distance === b.distance ? 0 : a.distance === null ? 1 : b.distance === null ? -1 : a.distance - b.distance) ||
      b.postedAt - a.postedAt ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  return { ids: found.slice(0, DIGEST_MAX_JOBS).map((c) => c.id), total: found.length };
}

/** What a digest shows of a job. */
interface ShownJob {
  id: string;
  title: string;
  company: string;
  place: string | null;
  pay: string;
}

async function shownJobs(ctx: AppContext, ids: string[]): Promise<Map<string, ShownJob>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .select({
      id: jobPosts.id,
      title: jobPosts.title,
      city: jobPosts.city,
      state: jobPosts.state,
      isRemote: jobPosts.isRemote,
      minPay: jobPosts.minPay,
      maxPay: jobPosts.maxPay,
      payRate: jobPosts.payRate,
      legalName: companies.name,
      displayName: companies.displayName,
    })
    .from(jobPosts)
    .innerJoin(companies, eq(companies.id, jobPosts.companyId))
    .where(uuidIn(jobPosts.id, ids));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        title: r.title,
        company: displayNameOf({ name: r.legalName, displayName: r.displayName }),
        place: r.isRemote ? 'Remote' : [r.city, r.state].filter(Boolean).join(', ') || null,
        pay: compensationLabel({ minimumAmount: Number(r.minPay), maximumAmount: Number(r.maxPay), rate: r.payRate }),
      },
    ]),
  );
}

export function digestMail(ctx: AppContext, alert: DueAlert, jobs: ShownJob[], total: number): Mail {
  const n = jobs.length;
  const first = alert.confirmedAt !== null && alert.digestFrom.getTime() === alert.confirmedAt.getTime();
  const since = first ? 'since you confirmed your alert' : 'since your last alert';
  const many = total > n ? `The ${n} best of ${total} new jobs` : n === 1 ? 'A new job' : `${n} new jobs`;
  return compose({
    to: alert.email,
    subject: `${total === 1 ? 'A new job' : `${total} new jobs`} for your ${BRAND_NAME} job alert`,
    greetingName: null,
    intro: `${many} ${since} for ${alertCriteria(alert)}, best matches first.`,
    items: jobs.map((j) => ({
      title: j.title,
      url: `${ctx.config.publicUrl}/jobs/${j.id}`,
      lines: [j.company, [j.place, j.pay].filter(Boolean).join(' · ')],
    })),
    action: { kind: 'link', label: 'See more jobs', url: `${ctx.config.publicUrl}/jobs` },
    outro: `This alert comes ${alert.frequency === 'weekly' ? 'once a week' : 'once a day'} when there are new jobs. You can change how often or delete it in your settings.`,
    supportEmail: ctx.config.supportEmail,
    unsubscribe: unsubscribeOf(ctx, alert.id),
  });
}

/** The next due moment: one period after the last one, or after now when the run is that late. */
function nextDue(last: Date | null, frequency: AlertFrequency, now: Date): Date {
  const period = ALERT_PERIOD_DAYS[frequency] * DAY_MS;
  const next = (last?.getTime() ?? now.getTime()) + period;
  return new Date(next > now.getTime() ? next : now.getTime() + period);
}

/** Digests recorded in one transaction: few round trips an alert, and a short hold of the connection. */
const RECORD_CHUNK = 25;

interface Digest {
  alert: DueAlert;
  jobs: ShownJob[];
  total: number;
}

/**
 * Records a few alerts' digests in one transaction: the alerts locked and each checked to be as
 * claimed (still there, still confirmed, its watermark unchanged; one that is not is left alone),
 * their watermarks moved to `through` and their next due moments set in one statement, and each mail
 * that has jobs recorded in the outbox. The mails go to the transport only after the commit; should
 * anything fail, nothing of the chunk is recorded.
 */
async function recordDigests(ctx: AppContext, digests: Digest[], now: Date, through: Date): Promise<Array<'sent' | 'empty'>> {
  const handOvers: Array<() => void> = [];
  const outcomes = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: t.id, confirmedAt: t.confirmedAt, digestFrom: t.digestFrom, nextDigestAt: t.nextDigestAt, frequency: t.frequency })
      .from(t)
      .where(
        uuidIn(
          t.id,
          digests.map((d) => d.alert.id),
        ),
      )
      .orderBy(asc(t.id))
      .for('update');
    const current = new Map(rows.map((r) => [r.id, r]));
    const kept = digests.flatMap((d) => {
      const row = current.get(d.alert.id);
      return row?.confirmedAt && row.digestFrom?.getTime() === d.alert.digestFrom.getTime() ? [{ ...d, row }] : [];
    });
    if (kept.length === 0) return [];
    const at = now.toISOString();
    await tx.execute(sql`
      update ${t} set
        digest_from = greatest(${t.digestFrom}, ${through.toISOString()}::timestamptz),
        claimed_until = null,
        next_digest_at = v.next,
        last_sent_at = case when v.outcome = 'sent' then ${at}::timestamptz else ${t.lastSentAt} end
      from json_to_recordset(${JSON.stringify(
        kept.map((k) => ({
          id: k.alert.id,
          next: nextDue(k.row.nextDigestAt, k.row.frequency, now).toISOString(),
          outcome: k.jobs.length > 0 ? 'sent' : 'empty',
        })),
      )}::json) as v(id uuid, next timestamptz, outcome text)
      where ${t.id} = v.id`);
    for (const k of kept) if (k.jobs.length) handOvers.push(await ctx.mailer.recordWith(tx, digestMail(ctx, k.alert, k.jobs, k.total)));
    return kept.map((k) => (k.jobs.length ? ('sent' as const) : ('empty' as const)));
  });
  for (const handOver of handOvers) handOver();
  return outcomes;
}

/**
 * Sends the digests due by the adapters' clock, and drops alerts left unconfirmed for a week. Any
 * number of processes may run it at once on one database: each alert is claimed by one, and each
 * digest is recorded with its watermark in one transaction, so each job is in exactly one digest of
 * an alert. Alerts with the same keyword share one read of the new jobs, and the run takes a turn
 * of the event loop between alerts, so searches answered meanwhile keep their speed. The timer
 * calls it every minute; tests call it after moving the clock.
 */
export async function runDueDigests(ctx: AppContext): Promise<DigestReport> {
  const report: DigestReport = { sent: 0, empty: 0, dropped: 0 };
  const now = ctx.adapters.now();
  const through = new Date(now.getTime() - DIGEST_COMMIT_GRACE_MS);
  const dropped = await ctx.db
    .delete(t)
    .where(
      and(
        isNull(t.confirmedAt),
        sql`coalesce(${t.confirmSentAt}, ${t.createdAt}) <= ${new Date(now.getTime() - UNCONFIRMED_KEPT_MS).toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: t.id });
  report.dropped = dropped.length;

  // Each keyword's new jobs, read once a run from the earliest watermark that needed them.
  const cache = new Map<string, { since: number; jobs: Candidate[] }>();
  const candidates = async (keyword: string | null, since: Date) => {
    const key = keyword?.toLowerCase() ?? '';
    const kept = cache.get(key);
    if (kept && kept.since <= since.getTime()) return kept.jobs;
    const jobs = await candidatesOf(ctx, keyword, since, through);
    if (cache.size >= CANDIDATE_CACHE) cache.delete(cache.keys().next().value!);
    cache.set(key, { since: since.getTime(), jobs });
    return jobs;
  };

  for (let round = 0; round < 100_000; round++) {
    const due = await claimDue(ctx, now);
    if (due.length === 0) break;
    // The batch's earliest watermark per keyword: one read serves every alert of the keyword.
    const earliest = new Map<string, DueAlert>();
    for (const a of due) {
      const key = a.keyword?.toLowerCase() ?? '';
      const seen = earliest.get(key);
      if (!seen || a.digestFrom < seen.digestFrom) earliest.set(key, a);
    }
    for (const a of earliest.values()) await candidates(a.keyword, a.digestFrom);
    const digests = new Map<string, { ids: string[]; total: number }>();
    for (const a of due) {
      await takeTurn();
      digests.set(a.id, digestOf(a, await candidates(a.keyword, a.digestFrom)));
    }
    const shown = await shownJobs(ctx, [...new Set([...digests.values()].flatMap((d) => d.ids))]);
    for (let i = 0; i < due.length; i += RECORD_CHUNK) {
      const chunk = due.slice(i, i + RECORD_CHUNK).map((alert) => {
        const digest = digests.get(alert.id)!;
        return { alert, jobs: digest.ids.flatMap((id) => shown.get(id) ?? []), total: digest.total };
      });
      try {
        for (const outcome of await recordDigests(ctx, chunk, now, through)) report[outcome] += 1;
      } catch (err) {
        // Nothing of the chunk was recorded; left claimed, a later run takes it up when the claim lapses.
        ctx.log.error({ err, alertIds: chunk.map((d) => d.alert.id) }, 'job alert digests failed; they are tried again later');
      }
      await takeTurn();
    }
  }
  return report;
}

/** Runs the due digests every minute while the app runs; the timer never keeps the process alive. */
export function startDigests(ctx: AppContext): () => void {
  return runEvery(
    DIGEST_EVERY_MS,
    () => runDueDigests(ctx),
    (err) => ctx.log.error({ err }, 'the job alert digest run failed'),
  );
}
