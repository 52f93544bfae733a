import type { BrowserContext, WebSocketRoute } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPerson, open, signIn } from './support/account.ts';
import { createVerifiedEmployer, createVerifiedJobSeeker, expectCall, newSession, tokenOf, type Session } from './support/api.ts';
import { useBrowser } from './support/browser.ts';

// The realtime connection misses nothing. A seeker has a conversation open (loaded over HTTP, no
// live message since); the connection drops, the recruiter writes meanwhile, and when the
// connection is back the message appears in the open thread and the list, without a reload. And a
// connection attempt whose handshake never completes is given up and tried again. The page's
// socket runs through a route the test holds (Playwright's routeWebSocket), so the test can cut it.

const portland = {
  city: 'Portland',
  name: 'Portland, OR',
  state: 'OR',
  address: '700 SW 5th Ave, Portland, OR 97204',
  pinCode: '97204',
  latitude: 45.5189,
  longitude: -122.6771,
};

function jobData(title: string) {
  return {
    jobDetails: {
      title,
      description: '<p>Keep the shelves stocked, help customers find what they need and run the till.</p>',
      positionType: [1],
      numberOfHires: 1,
      locationType: 'onsite',
      address: portland.address,
      geoLocation: portland,
      requiresResume: false,
    },
    timeRequirements: { workSchedule: 1, hoursPerWeek: 32, schedules: [1] },
    payDetails: { minSalary: 19, maxSalary: 22, rate: 'Hourly', benefits: [1] },
    categorization: { industries: [44] },
    candidateRequirements: { skills: [401], minExperience: 0, maxExperience: 2 },
  };
}

/** A company, a seeker who applied, and their conversation with the recruiter's first message in it. */
async function conversation(title: string) {
  const employer = await createVerifiedEmployer('Cedar Street Market LLC', 'Quinn');
  const employerToken = await tokenOf(employer);
  const job = (await expectCall('/api/job/jobpost', { jobData: jobData(title) }, 201, employerToken)) as { data: { id: string } };
  const seeker = await createVerifiedJobSeeker(newPerson('shopper', 'Jamie'));
  const applied = (await expectCall('/api/JobSeeker/apply', { jobId: job.data.id }, 201, await tokenOf(seeker))) as {
    data: { id: string };
  };
  const init = (await expectCall(
    '/api/Recruiter/message-init',
    { applicantId: applied.data.id, jobPostId: job.data.id },
    200,
    employerToken,
  )) as {
    data: { url: string };
  };
  const url = init.data.url;
  let n = 0;
  const say = (text: string) =>
    expectCall(
      `/api/messaging/channels/${encodeURIComponent(url)}/messages`,
      { clientMessageId: `e2e-${Date.now()}-${n++}`, text },
      201,
      employerToken,
    );
  await say('Hi Jamie, thanks for applying. Are you free for a call this week?');
  return { seeker, url, say };
}

/** Every realtime connection of the context goes through the test: connected to the server, or held as `decide` says. */
async function routeSockets(context: BrowserContext, decide: () => 'connect' | 'refuse' | 'hang') {
  const routes: WebSocketRoute[] = [];
  await context.routeWebSocket(/\/api\/messaging\/socket/, (ws) => {
    const what = decide();
    routes.push(ws);
    if (what === 'connect') ws.connectToServer();
    else if (what === 'refuse') void ws.close({ code: 1011, reason: 'Unavailable' });
    // 'hang': the socket opens but the server never answers hello.
  });
  return routes;
}

const thread = (s: Session) => s.page.getByRole('log', { name: 'Messages' });
const status = (s: Session) => s.page.getByRole('status').filter({ hasText: /Connecting…|Online|Reconnecting…|Offline/ });

describe('the realtime connection misses nothing', () => {
  const browser = useBrowser();

  it('a message sent while the seeker’s connection was down appears in the open thread and the list once it is back', async () => {
    const title = `Shop Assistant ${Date.now().toString(36)}`;
    const { seeker, url, say } = await conversation(title);
    const applicant = await newSession(browser.browser);
    let cut = false;
    const routes = await routeSockets(applicant.context, () => (cut ? 'refuse' : 'connect'));
    await signIn(applicant.page, seeker);

    // The conversation is open, loaded over HTTP: no live message has come since.
    await open(applicant.page, `/user/messaging?c=${encodeURIComponent(url)}`);
    await thread(applicant).getByText('Are you free for a call this week?').waitFor();
    await expect.poll(() => status(applicant).innerText(), { timeout: 15_000 }).toBe('Online');

    // The connection drops; every try to connect again fails while the recruiter writes.
    cut = true;
    await routes.at(-1)!.close({ code: 1011, reason: 'Gone' });
    await expect.poll(() => status(applicant).innerText()).toBe('Reconnecting…');
    await say('Could you come in on Thursday at 3 instead?');
    await expect.poll(() => routes.length, { timeout: 15_000 }).toBeGreaterThan(2);
    await expect(thread(applicant).getByText('Could you come in on Thursday at 3 instead?').count()).resolves.toBe(0);

    // Back: the message appears in the open thread and the list, without a reload.
    cut = false;
    await thread(applicant).getByText('Could you come in on Thursday at 3 instead?').waitFor({ timeout: 30_000 });
    await expect.poll(() => status(applicant).innerText()).toBe('Online');
    const row = applicant.page.getByRole('list', { name: 'Conversation list' }).getByRole('link', { name: new RegExp(title) });
    await expect.poll(() => row.innerText()).toMatch(/Could you come in on Thursday at 3 instead\?/);

    expect(applicant.errors).toEqual([]);
    await applicant.context.close();
  }, 120_000);

  it('a connection whose handshake never completes is given up and tried again', async () => {
    const title = `Stock Clerk ${Date.now().toString(36)}`;
    const { seeker, url, say } = await conversation(title);
    const applicant = await newSession(browser.browser);
    // The messaging page's first socket opens and is never answered; the next ones reach the server.
    let hangNext = false;
    const routes = await routeSockets(applicant.context, () => {
      if (!hangNext) return 'connect';
      hangNext = false;
      return 'hang';
    });
    await signIn(applicant.page, seeker);
    hangNext = true;
    const before = routes.length;
    await open(applicant.page, `/user/messaging?c=${encodeURIComponent(url)}`);
    await thread(applicant).getByText('Are you free for a call this week?').waitFor();

    // Online after the timeout and one more try, and live messages come again.
    await expect.poll(() => status(applicant).innerText()).toBe('Connecting…');
    await expect.poll(() => status(applicant).innerText(), { timeout: 30_000 }).toBe('Online');
    expect(routes.length - before, 'the hung try and the next one').toBeGreaterThanOrEqual(2);
    await say('See you soon!');
    await thread(applicant).getByText('See you soon!').waitFor({ timeout: 15_000 });

    expect(applicant.errors).toEqual([]);
    await applicant.context.close();
  }, 120_000);
});
