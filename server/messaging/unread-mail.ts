import { sql } from 'drizzle-orm';
import { runEvery } from '../platform/every.ts';
import { rowsOf } from '../db/sql.ts';
import type { AppContext } from '../context.ts';
import { compose } from '../platform/mail/compose.ts';
import { conversationPath, UNREAD_EMAIL_AFTER_MINUTES, UNREAD_EMAIL_EVERY_MINUTES } from '../../src/contract/messaging.ts';

const MINUTE = 60_000;
/** How often the sweep looks for unread messages to mail about. */
export const UNREAD_SWEEP_EVERY_MS = MINUTE;
/** Conversations quiet for longer than this are not looked at again. */
const LOOK_BACK_MS = 7 * 24 * 60 * MINUTE;

interface Candidate {
  channel_id: string;
  user_id: string;
  newest: string | number;
}

interface Claimed {
  email: string;
  first_name: string;
  role: string;
  url: string;
  title: string;
  company: string;
  applicant: string;
  unread: string | number;
}

/**
 * Mails each member about the messages of others they have not read for
 * UNREAD_EMAIL_AFTER_MINUTES: one mail per conversation per UNREAD_EMAIL_EVERY_MINUTES at most,
 * and a message is mailed about once. Each mail is claimed with one conditional write, so two
 * processes sweeping at once never send the same mail twice. Answers how many mails were sent.
 */
export async function mailUnreadMessages(ctx: AppContext, now: Date = ctx.adapters.now()): Promise<number> {
  const unreadBefore = new Date(now.getTime() - UNREAD_EMAIL_AFTER_MINUTES * MINUTE).toISOString();
  const mailedBefore = new Date(now.getTime() - UNREAD_EMAIL_EVERY_MINUTES * MINUTE).toISOString();
  const since = new Date(now.getTime() - LOOK_BACK_MS).toISOString();
  const nowIso = now.toISOString();

  const candidates = rowsOf<Candidate>(
    await ctx.db.execute(sql`
      with recent as (
        select id, seeker_id, company_id from channels where last_message_at > ${since}::timestamptz and last_message_id is not null
      ), members as (
        select r.id as channel_id, r.seeker_id as user_id from recent r
        union all
        select r.id, u.id from recent r
        join users u on u.company_id = r.company_id and u.role in ('Employer', 'Recruiter') and not u.disabled and u.deactivated_at is null
      )
      select m.channel_id, m.user_id, max(msg.id) as newest
      from members m
      join messages msg on msg.channel_id = m.channel_id and msg.sender_id <> m.user_id and msg.created_at <= ${unreadBefore}::timestamptz
      left join channel_reads cr on cr.channel_id = m.channel_id and cr.user_id = m.user_id
      where msg.id > coalesce(cr.last_read_message_id, 0)
        and msg.id > coalesce(cr.last_emailed_message_id, 0)
        and (cr.last_emailed_at is null or cr.last_emailed_at <= ${mailedBefore}::timestamptz)
      group by m.channel_id, m.user_id
    `),
  );

  let sent = 0;
  for (const c of candidates) {
    const newest = Number(c.newest);
    // The claim: only one process's write passes its condition; the others see the row it wrote.
    const [claimed] = rowsOf<Claimed>(
      await ctx.db.execute(sql`
        with claim as (
          insert into channel_reads as cr (channel_id, user_id, last_read_message_id, last_emailed_at, last_emailed_message_id)
          values (${c.channel_id}::uuid, ${c.user_id}::uuid, 0, ${nowIso}::timestamptz, ${newest})
          on conflict (channel_id, user_id) do update
            set last_emailed_at = excluded.last_emailed_at, last_emailed_message_id = excluded.last_emailed_message_id
            where (cr.last_emailed_at is null or cr.last_emailed_at <= ${mailedBefore}::timestamptz)
              and cr.last_emailed_message_id < ${newest}
              and cr.last_read_message_id < ${newest}
          returning cr.channel_id, cr.user_id, cr.last_read_message_id
        )
        select u.email, u.first_name, u.role, ch.url, j.title,
               coalesce(nullif(trim(co.display_name), ''), co.name) as company,
               trim(s.first_name || ' ' || s.last_name) as applicant,
               (select count(*) from messages m where m.channel_id = ch.id and m.sender_id <> u.id and m.id > claim.last_read_message_id) as unread
        from claim
        join users u on u.id = claim.user_id
        join channels ch on ch.id = claim.channel_id
        join job_posts j on j.id = ch.job_post_id
        join companies co on co.id = ch.company_id
        join users s on s.id = ch.seeker_id
      `),
    );
    if (!claimed) continue;
    const unread = Number(claimed.unread);
    const isSeeker = claimed.role === 'JobSeeker';
    const from = isSeeker ? claimed.company : claimed.applicant;
    const what = unread === 1 ? 'a new message' : `${unread} new messages`;
    await ctx.mailer.enqueue(
      compose({
        to: claimed.email,
        greetingName: claimed.first_name,
        supportEmail: ctx.config.supportEmail,
        subject: `${from} sent you ${what}`,
        intro: `You have ${what} from ${from} about “${claimed.title}” that you have not read yet.`,
        action: { kind: 'link', label: 'Read and reply', url: `${ctx.config.publicUrl}${conversationPath(claimed.url)}` },
        outro: isSeeker ? 'A quick reply helps your application stand out.' : 'A quick reply keeps good applicants interested.',
      }),
    );
    sent += 1;
  }
  return sent;
}

/** Runs the sweep every minute while the app runs; the timer never keeps the process alive. */
export function startUnreadMail(ctx: AppContext): () => void {
  return runEvery(
    UNREAD_SWEEP_EVERY_MS,
    () => mailUnreadMessages(ctx),
    (err) => ctx.log.error({ err }, 'unread messages were not mailed'),
  );
}
