import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailUnreadMessages } from '../../server/messaging/unread-mail.ts';
import { UNREAD_EMAIL_AFTER_MINUTES, UNREAD_EMAIL_EVERY_MINUTES } from '../../src/contract/messaging.ts';
import { expectOk, messagingApp, type MessagingWorld } from './messaging-support.ts';

const MINUTE = 60_000;

let w: MessagingWorld;
let emails: { seekerA: string; seekerB: string; employerX: string; recruiterX: string };
beforeAll(async () => {
  w = await messagingApp();
  emails = {
    seekerA: await w.emailOf(w.w.seekerA),
    seekerB: await w.emailOf(w.w.seekerB),
    employerX: await w.emailOf(w.w.employerX),
    recruiterX: await w.emailOf(w.w.recruiterX),
  };
});
afterAll(async () => w?.f.app.stop());

/** The sweep as the timer runs it, `ms` after `start`: the mails it sent about the conversation at `url`. */
async function sweepAfter(ms: number, start: Date, url: string) {
  const mails = await w.mailsDuring(() => mailUnreadMessages(w.f.app.ctx, new Date(start.getTime() + ms)));
  return mails.filter((m) => m.text.includes(`/user/messaging?c=${url}`));
}

describe('mail about unread messages', () => {
  it(`mails each member once after ${UNREAD_EMAIL_AFTER_MINUTES} minutes, with a link to the conversation`, async () => {
    const url = await w.open(w.apps.aWarehouse, w.jobsOf.warehouse);
    const sent = await w.say(w.w.recruiterX, url, 'Hi Alex, could you come in on Thursday at 10?');
    const start = new Date(sent.createdAt);
    const company = expectOk(await w.calls.thread(w.w.seekerA, url)).conversation.jobPost.companyName;

    expect(await sweepAfter((UNREAD_EMAIL_AFTER_MINUTES - 1) * MINUTE, start, url)).toEqual([]);
    const mails = await sweepAfter(UNREAD_EMAIL_AFTER_MINUTES * MINUTE + 1000, start, url);
    // The applicant, and the employer who has not read the recruiter's message; never the sender.
    expect(mails.map((m) => m.to).sort()).toEqual([emails.seekerA, emails.employerX].sort());
    const toSeeker = mails.find((m) => m.to === emails.seekerA)!;
    expect(toSeeker.subject).toBe(`${company} sent you a new message`);
    expect(toSeeker.text).toContain('“Warehouse Associate”');
    expect(toSeeker.text).toContain(`/user/messaging?c=${url}`);
    expect(mails.find((m) => m.to === emails.employerX)!.subject).toBe('Alex Kim sent you a new message');

    // Once: the same messages are not mailed about again, even after an hour.
    expect(await sweepAfter(UNREAD_EMAIL_AFTER_MINUTES * MINUTE + 2 * MINUTE, start, url)).toEqual([]);
    expect(await sweepAfter((UNREAD_EMAIL_AFTER_MINUTES + UNREAD_EMAIL_EVERY_MINUTES + 5) * MINUTE, start, url)).toEqual([]);
  });

  it(`mails about new messages at most once per conversation every ${UNREAD_EMAIL_EVERY_MINUTES} minutes`, async () => {
    const url = await w.open(w.apps.aForklift, w.jobsOf.forklift);
    const start = new Date((await w.say(w.w.employerX, url, 'Hello Alex!')).createdAt);
    const company = expectOk(await w.calls.thread(w.w.seekerA, url)).conversation.jobPost.companyName;
    const first = await sweepAfter(UNREAD_EMAIL_AFTER_MINUTES * MINUTE, start, url);
    expect(first.filter((m) => m.to === emails.seekerA)).toHaveLength(1);

    w.clock.advance(5 * MINUTE);
    await w.say(w.w.employerX, url, 'Are you available this week?');
    w.clock.advance(5 * MINUTE);
    await w.say(w.w.employerX, url, 'We could also do a video call.');
    // 15 minutes after the second message, but within the hour since the last mail: nothing.
    expect((await sweepAfter(40 * MINUTE, start, url)).filter((m) => m.to === emails.seekerA)).toEqual([]);
    const later = (await sweepAfter((UNREAD_EMAIL_AFTER_MINUTES + UNREAD_EMAIL_EVERY_MINUTES) * MINUTE, start, url)).filter(
      (m) => m.to === emails.seekerA,
    );
    expect(later).toHaveLength(1);
    expect(later[0]!.subject).toBe(`${company} sent you 3 new messages`);
  });

  it('mails no one who read the messages in time', async () => {
    const url = await w.open(w.apps.bWarehouse, w.jobsOf.warehouse);
    const hello = await w.say(w.w.recruiterX, url, 'Hi Blake, thanks for applying.');
    const start = new Date(hello.createdAt);
    expectOk(await w.calls.read(w.w.seekerB, url, { messageId: hello.id }));
    expectOk(await w.calls.read(w.w.employerX, url, { messageId: hello.id }));
    expect(await sweepAfter(UNREAD_EMAIL_AFTER_MINUTES * MINUTE + MINUTE, start, url)).toEqual([]);
  });

  it('sends each mail once when two processes sweep at the same moment', async () => {
    const url = await w.open(w.apps.bWarehouse, w.jobsOf.warehouse);
    const start = new Date((await w.say(w.w.seekerB, url, 'Hello, is the position still open?')).createdAt);
    const at = new Date(start.getTime() + UNREAD_EMAIL_AFTER_MINUTES * MINUTE + MINUTE);
    const mails = (
      await w.mailsDuring(() =>
        Promise.all([mailUnreadMessages(w.f.app.ctx, at), mailUnreadMessages(w.f.app.ctx, at), mailUnreadMessages(w.f.app.ctx, at)]),
      )
    ).filter((m) => m.text.includes(url));
    expect(mails.map((m) => m.to).sort()).toEqual([emails.employerX, emails.recruiterX].sort());
  });
});
