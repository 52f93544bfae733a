import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, channels } from '../../server/db/schema.ts';
import { MESSAGING_PAGE_SIZE, MessagingMessages, THREAD_PAGE_SIZE, type Conversation } from '../../src/contract/messaging.ts';
import { seekerCalls } from './jobs-support.ts';
import { expectOk, expectRefused, messagingApp, type MessagingWorld } from './messaging-support.ts';

let w: MessagingWorld;
beforeAll(async () => {
  w = await messagingApp();
});
afterAll(async () => w?.f.app.stop());

const MINUTE = 60_000;

describe('opening a conversation (message-init, messaging-applicant)', () => {
  it('creates the conversation the first time and answers the same one after that, by either path and either staff member', async () => {
    const first = expectOk(await w.calls.init(w.w.recruiterX, { applicantId: w.apps.bWarehouse, jobPostId: w.jobsOf.warehouse }));
    expect(first.hasChannel).toBe(false);
    expect(first.url).toMatch(/^ch_[A-Za-z0-9_-]{20,}$/);
    expect(first.conversation.applicant).toEqual({ id: w.apps.bWarehouse, name: 'Blake Ortiz', status: 'Applied' });
    expect(first.conversation.jobPost.title).toBe('Warehouse Associate');
    expect(first.conversation.channel).toMatchObject({ url: first.url, name: 'Blake Ortiz', last_message: null, unread_message_count: 0 });
    const roles = first.conversation.channel.members.map((m) => `${m.role}:${m.clientId}`).sort();
    // The applicant, the employer and the active recruiter; never the switched-off recruiter.
    expect(roles).toEqual([`Employer:${w.w.employerX.id}`, `JobSeeker:${w.w.seekerB.id}`, `Recruiter:${w.w.recruiterX.id}`].sort());

    const again = expectOk(
      await w.calls.init(w.w.employerX, { applicantId: w.apps.bWarehouse, jobPostId: w.jobsOf.warehouse }, 'messaging-applicant'),
    );
    expect(again).toMatchObject({ hasChannel: true, url: first.url });
    const both = await Promise.all(
      [1, 2, 3].map(() => w.calls.init(w.w.recruiterX, { applicantId: w.apps.bWarehouse, jobPostId: w.jobsOf.warehouse })),
    );
    expect(new Set(both.map((a) => expectOk(a).url))).toEqual(new Set([first.url]));
    const stored = await w.db.select().from(channels);
    expect(stored.filter((c) => c.applicationId === w.apps.bWarehouse)).toHaveLength(1);
  });

  it('links the seeker’s applied jobs to the conversation about each, once the staff started one', async () => {
    const url = await w.open(w.apps.aForklift, w.jobsOf.forklift);
    const applied = expectOk(await seekerCalls(w.f).applied(w.w.seekerA, { pageSize: 50 }));
    const byApplication = Object.fromEntries(applied.items.map((i) => [i.applicationId, i.conversationUrl]));
    expect(byApplication[w.apps.aForklift]).toBe(url);
    expect(byApplication[w.apps.aBarista]).toBeNull();
    // Seeker B sees only their own application, and no url of A's.
    const theirs = expectOk(await seekerCalls(w.f).applied(w.w.seekerB, { pageSize: 50 }));
    expect(theirs.items.map((i) => i.conversationUrl)).not.toContain(url);
  });

  it('refuses an applicant of another job, another company, or ids that do not exist, with the page’s words', async () => {
    expectRefused(
      await w.calls.init(w.w.recruiterX, { applicantId: w.apps.bWarehouse, jobPostId: w.jobsOf.forklift }),
      404,
      MessagingMessages.applicantNotForJob,
    );
    expectRefused(
      await w.calls.init(w.w.recruiterX, { applicantId: w.apps.aBarista, jobPostId: w.jobsOf.warehouse }),
      404,
      MessagingMessages.applicantNotFound,
    );
    expectRefused(
      await w.calls.init(w.w.recruiterX, { applicantId: w.apps.aBarista, jobPostId: w.jobsOf.barista }),
      404,
      MessagingMessages.jobNotFound,
    );
    expectRefused(
      await w.calls.init(w.w.employerY, { applicantId: w.apps.aWarehouse, jobPostId: w.jobsOf.warehouse }),
      404,
      MessagingMessages.jobNotFound,
    );
    expectRefused(
      await w.calls.init(w.w.recruiterX, { applicantId: randomUUID(), jobPostId: w.jobsOf.warehouse }),
      404,
      MessagingMessages.applicantNotFound,
    );
    expectRefused(
      await w.calls.init(w.w.recruiterX, { applicantId: 'nope', jobPostId: w.jobsOf.warehouse }),
      400,
      MessagingMessages.applicantNotFound,
    );
  });
});

describe('sending and reading', () => {
  let url: string;
  beforeAll(async () => {
    url = await w.open(w.apps.aForklift, w.jobsOf.forklift);
  });

  it('stores a message once: 201 the first time, 200 with the same message when the tab sends it again', async () => {
    const body = { clientMessageId: 'tab-1-msg-1', text: '  Hi Alex, are you free for a call on Thursday?  ' };
    const sent = expectOk(await w.calls.send(w.w.recruiterX, url, body), 201);
    expect(sent).toMatchObject({ channelUrl: url, text: 'Hi Alex, are you free for a call on Thursday?', clientMessageId: 'tab-1-msg-1' });
    expect(sent.sender).toEqual({ clientId: w.w.recruiterX.id, nickname: 'Casey Hale', role: 'Recruiter' });
    const again = expectOk(await w.calls.send(w.w.recruiterX, url, body), 200);
    expect(again).toEqual(sent);
    const thread = expectOk(await w.calls.thread(w.w.seekerA, url));
    expect(thread.messages.filter((m) => m.clientMessageId === 'tab-1-msg-1')).toHaveLength(1);
  });

  it('refuses empty, too long and script messages, storing nothing', async () => {
    const before = expectOk(await w.calls.thread(w.w.seekerA, url)).messages.length;
    expectRefused(await w.calls.send(w.w.seekerA, url, { clientMessageId: 'x1', text: '   ' }), 400, MessagingMessages.text);
    expectRefused(
      await w.calls.send(w.w.seekerA, url, { clientMessageId: 'x2', text: 'a'.repeat(4001) }),
      400,
      MessagingMessages.textTooLong,
    );
    const scripted = await w.calls.send(w.w.seekerA, url, { clientMessageId: 'x3', text: 'hello <script>alert(1)</script>' });
    expectRefused(scripted, 400, MessagingMessages.noScripts);
    expect(scripted.body.state.code).toBe('request.invalid');
    expectRefused(
      await w.calls.send(w.w.seekerA, url, { clientMessageId: 'x4', text: 'hello </SCRIPT >' }),
      400,
      MessagingMessages.noScripts,
    );
    const huge = JSON.stringify({ clientMessageId: 'x5', text: 'a'.repeat(1024 * 1024) });
    const answer = await w.calls.sendRaw(w.w.seekerA, url, huge);
    expect(answer.status).toBe(413);
    expect(answer.body.success).toBe(false);
    expect(expectOk(await w.calls.thread(w.w.seekerA, url)).messages).toHaveLength(before);
  });

  it('counts what the member has not read, and marks it read up to a message', async () => {
    const c1 = await w.say(w.w.employerX, url, 'We would love to meet you.');
    const c2 = await w.say(w.w.recruiterX, url, 'Thursday at 10 works for us.');
    const mine = expectOk(await w.calls.unread(w.w.seekerA));
    expect(mine.unread).toBe(3);
    expect(mine.conversations).toBe(1);
    // Staff count each other's messages too, up to the last message they sent themselves.
    expect(expectOk(await w.calls.unread(w.w.recruiterX)).unread).toBe(0);
    expect(expectOk(await w.calls.unread(w.w.employerX)).unread).toBe(1);

    expect(expectOk(await w.calls.read(w.w.seekerA, url, { messageId: c1.id }))).toEqual({ unread: 1, conversations: 1 });
    // Never backwards.
    expect(expectOk(await w.calls.read(w.w.seekerA, url, { messageId: 1 }))).toEqual({ unread: 1, conversations: 1 });
    expect(expectOk(await w.calls.read(w.w.seekerA, url, { messageId: c2.id + 1000 }))).toEqual({ unread: 0, conversations: 0 });
    const reply = await w.say(w.w.seekerA, url, 'Thursday at 10 is perfect, thank you!');
    expect(expectOk(await w.calls.unread(w.w.seekerA)).unread).toBe(0);

    const seen = expectOk(await w.calls.thread(w.w.recruiterX, url));
    expect(seen.conversation.channel.read_up_to[w.w.seekerA.id!]).toBe(reply.id);
    expect(seen.conversation.channel.unread_message_count).toBe(1);
    expect(seen.conversation.channel.last_message?.id).toBe(reply.id);
  });

  it('pages a long thread newest first with no gaps or repeats', async () => {
    const long = await w.open(w.apps.aWarehouse, w.jobsOf.warehouse);
    const sent: number[] = [];
    for (let i = 0; i < THREAD_PAGE_SIZE + 7; i++)
      sent.push((await w.say(i % 2 ? w.w.seekerA : w.w.recruiterX, long, `Message number ${i + 1}`)).id);
    const first = expectOk(await w.calls.thread(w.w.seekerA, long));
    expect(first.messages).toHaveLength(THREAD_PAGE_SIZE);
    expect(first.hasOlder).toBe(true);
    const second = expectOk(await w.calls.thread(w.w.seekerA, long, first.messages.at(-1)!.id));
    expect(second.hasOlder).toBe(false);
    expect([...first.messages, ...second.messages].map((m) => m.id)).toEqual([...sent].reverse());
    expect(second.messages.at(-1)!.text).toBe('Message number 1');
    expectRefused(await w.calls.thread(w.w.seekerA, long, 'abc'), 400, MessagingMessages.nextToken);
  });
});

describe('the lists', () => {
  let local: MessagingWorld;
  /** Conversation urls in the order they were last active, oldest first. */
  const order: string[] = [];
  beforeAll(async () => {
    local = await messagingApp();
    const more = MESSAGING_PAGE_SIZE + 4;
    for (let i = 0; i < more; i++) {
      const seeker = await local.w.person('JobSeeker', null, `seeker ${i}`, { firstName: `Taylor${i}`, lastName: 'Reed' });
      const [app] = await local.db
        .insert(applications)
        .values({ jobPostId: i % 3 ? local.jobsOf.warehouse : local.jobsOf.forklift, jobSeekerId: seeker.id! })
        .returning();
      // Several conversations start at the same instant: the order must still be whole.
      if (i % 4 === 0) local.clock.advance(MINUTE);
      order.push(await local.open(app!.id, app!.jobPostId));
    }
    const aUrl = await local.open(local.apps.aWarehouse, local.jobsOf.warehouse);
    order.push(aUrl);
    local.clock.advance(MINUTE);
    // A message brings an old conversation to the top.
    await local.say(local.w.seekerA, aUrl, 'Hello! I wanted to ask about the shift times.');
    local.clock.advance(MINUTE);
    await local.say(local.w.recruiterX, order[2]!, 'Thanks for applying, Taylor2.');
    order.push(...order.splice(2, 1));
  });
  afterAll(async () => local?.f.app.stop());

  async function everyPage(call: (token: string | null) => Promise<{ messages: Conversation[]; nextToken: string | null }>) {
    const seen: string[] = [];
    let token: string | null = null;
    let pages = 0;
    do {
      const page = await call(token);
      seen.push(...page.messages.map((c) => c.channel.url));
      token = page.nextToken;
      pages += 1;
    } while (token && pages < 10);
    return { seen, pages };
  }

  it('pages the company’s conversations newest first, 25 a page, with no repeats or gaps', async () => {
    const { seen, pages } = await everyPage(async (nextToken) => expectOk(await local.calls.applicants(local.w.recruiterX, { nextToken })));
    expect(pages).toBe(2);
    expect(seen).toEqual([...order].reverse());
    const first = expectOk(await local.calls.applicants(local.w.employerX, {}));
    expect(first.messages).toHaveLength(MESSAGING_PAGE_SIZE);
    expect(first.messages[0]!.channel.last_message?.text).toBe('Thanks for applying, Taylor2.');
    // The recruiter's message is unread for the employer; so is Alex's.
    expect(first.messages[0]!.channel.unread_message_count).toBe(1);
    expect(first.messages[1]!.channel.unread_message_count).toBe(1);
    expect(first.messages[2]!.channel.unread_message_count).toBe(0);
    expect(first.messages[1]!.applicant.name).toBe('Alex Kim');
    const small = expectOk(await local.calls.applicants(local.w.recruiterX, { pageSize: 10, page: 2 }));
    expect(small.messages.map((c) => c.channel.url)).toEqual([...order].reverse().slice(10, 20));
  });

  it('filters by job, by name or title, and by date', async () => {
    const forklift = expectOk(await local.calls.applicants(local.w.recruiterX, { jobId: local.jobsOf.forklift, pageSize: 50 }));
    expect(forklift.messages.length).toBeGreaterThan(0);
    expect(forklift.messages.every((c) => c.jobPost.id === local.jobsOf.forklift)).toBe(true);
    const named = expectOk(await local.calls.applicants(local.w.recruiterX, { searchTerm: 'taylor1' }));
    expect(named.messages.map((c) => c.applicant.name).sort()).toEqual(
      ['Taylor1 Reed', ...Array.from({ length: 10 }, (_, i) => `Taylor1${i} Reed`)].sort(),
    );
    const byTitle = expectOk(await local.calls.applicants(local.w.recruiterX, { searchTerm: 'FORKLIFT', pageSize: 50 }));
    expect(byTitle.messages.map((c) => c.channel.url).sort()).toEqual(forklift.messages.map((c) => c.channel.url).sort());
    const top = expectOk(await local.calls.applicants(local.w.recruiterX, {})).messages[0]!;
    const older = expectOk(
      await local.calls.applicants(local.w.recruiterX, { nextDate: new Date(top.channel.last_message_date * 1000).toISOString() }),
    );
    expect(older.messages.map((c) => c.channel.url)).not.toContain(top.channel.url);
    expectRefused(await local.calls.applicants(local.w.recruiterX, { nextToken: 'not-a-token' }), 400, MessagingMessages.nextToken);
    expectRefused(await local.calls.applicants(local.w.recruiterX, { pageSize: 51 }), 400, MessagingMessages.pageSize);
    expectRefused(await local.calls.applicants(local.w.recruiterX, { searchTerm: 'x'.repeat(101) }), 400, MessagingMessages.search);
    // Y sees none of X's conversations.
    expect(expectOk(await local.calls.applicants(local.w.employerY, {})).messages).toEqual([]);
  });

  it('lists the job posts with conversations, the most recent activity first', async () => {
    const posts = expectOk(await local.calls.posts(local.w.recruiterX, {}));
    expect(posts.posts.map((p) => p.jobPost.title)).toEqual(['Warehouse Associate', 'Forklift Operator']);
    expect(posts.posts.reduce((n, p) => n + p.conversations, 0)).toBe(order.length);
    expect(posts.posts[0]!.unread_message_count).toBe(1);
    expect(posts.nextToken).toBeNull();
    expect(expectOk(await local.calls.posts(local.w.recruiterX, { searchTerm: 'fork' })).posts.map((p) => p.jobPost.title)).toEqual([
      'Forklift Operator',
    ]);
    const older = expectOk(
      await local.calls.posts(local.w.recruiterX, { lastPostDate: new Date(posts.posts[0]!.last_message_date * 1000).toISOString() }),
    );
    expect(older.posts.map((p) => p.jobPost.title)).toEqual(['Forklift Operator']);
  });

  it('lists the seeker’s own conversations only, with the company as their name', async () => {
    await local.open(local.apps.aForklift, local.jobsOf.forklift);
    await local.open(local.apps.aBarista, local.jobsOf.barista, local.w.employerY);
    const mine = expectOk(await local.calls.list(local.w.seekerA, {}));
    expect(mine.messages.map((c) => c.jobPost.title)).toEqual(['Barista', 'Forklift Operator', 'Warehouse Associate']);
    expect(mine.messages.every((c) => c.channel.name === c.jobPost.companyName)).toBe(true);
    expect(mine.messages[2]!.channel.last_message?.text).toBe('Hello! I wanted to ask about the shift times.');
    expect(mine.nextToken).toBeNull();
    const searched = expectOk(await local.calls.list(local.w.seekerA, { search: 'barista' }));
    expect(searched.messages.map((c) => c.jobPost.title)).toEqual(['Barista']);
    expect(expectOk(await local.calls.list(local.w.seekerB, {})).messages).toEqual([]);
  });
});
