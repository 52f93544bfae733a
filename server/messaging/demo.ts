import { randomBytes } from 'node:crypto';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { applications, channelReads, channels, jobPosts, messages, users } from '../db/schema.ts';
import { DEMO_STAFF } from '../staff/index.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Who = 'seeker' | 'recruiter' | 'employer';
/** One line of a demo conversation: who says it, and how long before now. */
type Line = [who: Who, ago: number, text: (names: { seeker: string; job: string }) => string];

interface Script {
  lines: Line[];
  /** How many of the last lines the applicant has not read (of the company's). */
  seekerUnread: number;
  /** How many of the last lines the company's staff have not read (of the applicant's). */
  staffUnread: number;
}

/** Conversations as people write them: over days, hours and minutes; some waiting for a reply. */
const SCRIPTS: Script[] = [
  {
    lines: [
      [
        'recruiter',
        3 * DAY + 2 * HOUR,
        ({ seeker, job }) =>
          `Hi ${seeker}, thanks for applying for the ${job} role! Do you have a few minutes this week for a quick phone call?`,
      ],
      ['seeker', 3 * DAY + HOUR, () => 'Hi Casey, thank you for reaching out! Yes, I am free Wednesday or Thursday afternoon.'],
      ['recruiter', 3 * DAY + 40 * MINUTE, () => 'Great, let’s do Thursday at 2 pm. I’ll call the number on your profile.'],
      ['seeker', 3 * DAY + 35 * MINUTE, () => 'Perfect, talk to you then.'],
      [
        'recruiter',
        26 * HOUR,
        () =>
          'It was great talking with you today. Morgan, our hiring manager, would like to meet you in person. Could you come in Monday at 10 am?',
      ],
      ['employer', 3 * HOUR, () => 'Looking forward to meeting you! Please bring a photo ID; parking is free behind the building.'],
      ['recruiter', 12 * MINUTE, () => 'Just checking that Monday at 10 still works for you?'],
    ],
    seekerUnread: 2,
    staffUnread: 0,
  },
  {
    lines: [
      ['recruiter', 2 * DAY, ({ seeker }) => `Hello ${seeker}, your experience looks like a great fit. Are you open to weekend shifts?`],
      ['seeker', 2 * DAY - 30 * MINUTE, () => 'Hi! Saturdays are fine, Sundays I would prefer not to, if possible.'],
      ['recruiter', 5 * HOUR, () => 'That works: the team rotates Sundays, so you would have most of them off.'],
      ['seeker', 35 * MINUTE, () => 'That sounds good. What would the starting pay be?'],
      ['seeker', 33 * MINUTE, () => 'And is there a forklift certification course, or do I need it before I start?'],
    ],
    seekerUnread: 0,
    staffUnread: 2,
  },
  {
    lines: [
      [
        'employer',
        6 * DAY,
        ({ job }) =>
          `Thank you for your interest in the ${job} position. We reviewed your résumé and would like to learn more about your availability.`,
      ],
      ['seeker', 5 * DAY + 20 * HOUR, () => 'Thank you! I can work any day shift, Monday to Friday.'],
      ['employer', 5 * DAY + 18 * HOUR, () => 'Noted, thank you. We will be in touch after we finish the first round of calls.'],
    ],
    seekerUnread: 0,
    staffUnread: 0,
  },
  {
    lines: [
      [
        'seeker',
        20 * HOUR,
        ({ job }) => `Hello, I applied for the ${job} job last week and wanted to ask whether the position is still open.`,
      ],
      ['seeker', 4 * MINUTE, () => 'I can also send references if that helps.'],
    ],
    seekerUnread: 0,
    staffUnread: 2,
  },
  {
    lines: [
      [
        'recruiter',
        9 * DAY,
        ({ seeker }) => `Hi ${seeker}, congratulations — we would like to offer you the position! I’ll send the details by email today.`,
      ],
      ['seeker', 9 * DAY - 2 * HOUR, () => 'That is wonderful news, thank you so much! I accept.'],
      ['recruiter', 8 * DAY, () => 'Welcome to the team! Your first day is Monday at 8 am; ask for me at the front desk.'],
    ],
    seekerUnread: 0,
    staffUnread: 0,
  },
];

/**
 * Conversations between the demo company's staff (the recruiter Casey Nguyen and the employer)
 * and its applicants, the demo job seeker's first: some with messages the recruiter has not read,
 * some with messages the seeker has not read. Written directly, in time order so message ids grow
 * with time; marked as already mailed about, so the unread mail sweep sends nothing for them.
 */
export async function seedDemoConversations(ctx: AppContext, companyId: string, demoSeekerId: string): Promise<void> {
  const now = ctx.adapters.now().getTime();
  const staff = await ctx.db
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.companyId, companyId));
  const recruiter = staff.find((u) => u.email === DEMO_STAFF.active.email);
  const employer = staff.find((u) => u.role === 'Employer');
  if (!recruiter || !employer) return;

  const apps = await ctx.db
    .select({
      id: applications.id,
      jobPostId: applications.jobPostId,
      seekerId: applications.jobSeekerId,
      firstName: users.firstName,
      title: jobPosts.title,
      status: applications.status,
    })
    .from(applications)
    .innerJoin(jobPosts, eq(jobPosts.id, applications.jobPostId))
    .innerJoin(users, eq(users.id, applications.jobSeekerId))
    .where(and(eq(jobPosts.companyId, companyId), ne(jobPosts.status, 'Deleted'), ne(applications.status, 'Withdrawn')))
    .orderBy(desc(applications.createdAt));
  // The demo seeker's two newest applications first, then one each of other applicants; the offer script goes to an offered or hired one.
  const mine = apps.filter((a) => a.seekerId === demoSeekerId).slice(0, 2);
  const others: typeof apps = [];
  for (const a of apps) if (a.seekerId !== demoSeekerId && !others.some((o) => o.seekerId === a.seekerId)) others.push(a);
  const hired = others.find((a) => a.status === 'Hired' || a.status === 'Offered');
  const rest = others.filter((a) => a !== hired);
  const picks: Array<[(typeof apps)[number] | undefined, Script]> = [
    [mine[0], SCRIPTS[0]!],
    [mine[1], SCRIPTS[2]!],
    [rest[0], SCRIPTS[1]!],
    [rest[1], SCRIPTS[3]!],
    [hired ?? rest[2], SCRIPTS[4]!],
  ];

  const senderOf = (who: Who, seekerId: string) => (who === 'seeker' ? seekerId : who === 'recruiter' ? recruiter.id : employer.id);
  const planned = picks.flatMap(([app, script]) => {
    if (!app) return [];
    const start = now - script.lines[0]![1] - 2 * HOUR;
    return [{ app, script, start }];
  });
  const made = new Map<string, { channelId: string; ids: number[] }>();
  for (const p of planned) {
    const [row] = await ctx.db
      .insert(channels)
      .values({
        url: `ch_${randomBytes(16).toString('base64url')}`,
        jobPostId: p.app.jobPostId,
        applicationId: p.app.id,
        seekerId: p.app.seekerId,
        companyId,
        createdAt: new Date(p.start),
        lastMessageAt: new Date(p.start),
      })
      .onConflictDoNothing()
      .returning({ id: channels.id });
    if (row) made.set(p.app.id, { channelId: row.id, ids: [] });
  }

  const lines = planned
    .filter((p) => made.has(p.app.id))
    .flatMap((p) =>
      p.script.lines.map(([who, ago, text], k) => ({
        p,
        k,
        who,
        at: now - ago,
        text: text({ seeker: p.app.firstName, job: p.app.title }),
      })),
    )
    .sort((a, b) => a.at - b.at);
  for (const line of lines) {
    const target = made.get(line.p.app.id)!;
    const [m] = await ctx.db
      .insert(messages)
      .values({
        channelId: target.channelId,
        senderId: senderOf(line.who, line.p.app.seekerId),
        text: line.text,
        clientMessageId: `demo-${line.k}`,
        createdAt: new Date(line.at),
      })
      .returning({ id: messages.id });
    target.ids.push(Number(m!.id));
    await ctx.db
      .update(channels)
      .set({ lastMessageAt: new Date(line.at), lastMessageId: m!.id })
      .where(eq(channels.id, target.channelId));
  }

  for (const p of planned) {
    const target = made.get(p.app.id);
    if (!target) continue;
    const { lines: script, seekerUnread, staffUnread } = p.script;
    const newest = target.ids.at(-1) ?? 0;
    // Each side has read everything but its last unread lines.
    const readUpTo = (unread: number) => target.ids[script.length - 1 - unread] ?? 0;
    const members = [
      { userId: p.app.seekerId, read: readUpTo(seekerUnread) },
      { userId: recruiter.id, read: readUpTo(staffUnread) },
      { userId: employer.id, read: readUpTo(staffUnread) },
    ];
    await ctx.db
      .insert(channelReads)
      .values(
        members.map((m) => ({
          channelId: target.channelId,
          userId: m.userId,
          lastReadMessageId: m.read,
          lastEmailedAt: new Date(now),
          lastEmailedMessageId: newest,
        })),
      )
      .onConflictDoNothing();
  }
}
