import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, onFirstStart } from '../../server/seed.ts';
import { mailUnreadMessages } from '../../server/messaging/unread-mail.ts';
import type { ConversationPage, ThreadPage, UnreadCount } from '../../src/contract/messaging.ts';
import { passwordLogin } from './account-support.ts';
import { getJson, postJson } from './company-support.ts';
import { filesApp, type FilesApp } from './files-support.ts';

let f: FilesApp;
const token: Record<'recruiter' | 'employer' | 'seeker', string> = { recruiter: '', employer: '', seeker: '' };

beforeAll(async () => {
  f = await filesApp({ env: { DEMO_DATA: '1' } });
  await onFirstStart(f.app.ctx, () => {});
  token.recruiter = (await passwordLogin(f.app, DEMO_ACCOUNTS.recruiter, DEMO_PASSWORD)).body.data.accessToken;
  token.employer = (await passwordLogin(f.app, DEMO_ACCOUNTS.employer, DEMO_PASSWORD)).body.data.accessToken;
  token.seeker = (await passwordLogin(f.app, DEMO_ACCOUNTS.jobSeeker, DEMO_PASSWORD)).body.data.accessToken;
}, 300_000);
afterAll(async () => f?.stop());

describe('the demo conversations', () => {
  it('the demo recruiter has conversations, newest first, some waiting for a reply', async () => {
    const page = (await postJson<ConversationPage>(f, '/api/Recruiter/message-applicants', {}, token.recruiter)).body.data;
    expect(page.messages.length).toBeGreaterThanOrEqual(4);
    const dates = page.messages.map((c) => c.channel.last_message_date);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(page.messages.filter((c) => c.channel.unread_message_count > 0).length).toBeGreaterThanOrEqual(2);
    expect(page.messages.some((c) => c.channel.members.some((m) => m.nickname === 'Casey Nguyen'))).toBe(true);
    // Spread over minutes, hours and days.
    const ages = dates.map((d) => Date.now() / 1000 - d);
    expect(Math.min(...ages)).toBeLessThan(3600);
    expect(Math.max(...ages)).toBeGreaterThan(2 * 86400);
    const unread = (await getJson<UnreadCount>(f, '/api/messaging/unread', token.recruiter)).body.data;
    expect(unread.unread).toBeGreaterThanOrEqual(3);
  });

  it('the demo job seeker has conversations with the demo company, one with unread messages', async () => {
    const page = (await postJson<ConversationPage>(f, '/api/JobSeeker/messaging-list', {}, token.seeker)).body.data;
    expect(page.messages.length).toBe(2);
    expect(page.messages[0]!.channel.unread_message_count).toBe(2);
    const thread = (await getJson<ThreadPage>(f, `/api/messaging/channels/${page.messages[0]!.channel.url}/messages`, token.seeker)).body
      .data;
    expect(thread.messages.length).toBeGreaterThanOrEqual(5);
    expect(new Set(thread.messages.map((m) => m.sender.role))).toEqual(new Set(['JobSeeker', 'Recruiter', 'Employer']));
    expect((await getJson<UnreadCount>(f, '/api/messaging/unread', token.seeker)).body.data).toEqual({ unread: 2, conversations: 1 });
  });

  it('sends no unread mail about the demo’s messages', async () => {
    expect(await mailUnreadMessages(f.app.ctx, new Date(Date.now() + 30 * 60_000))).toBe(0);
  });
});
