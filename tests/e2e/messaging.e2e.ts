import { describe, expect, it } from 'vitest';
import { expectPath, newPerson, open, signIn } from './support/account.ts';
import { createVerifiedEmployer, createVerifiedJobSeeker, expectCall, newSession, tokenOf, type Session } from './support/api.ts';
import { useBrowser } from './support/browser.ts';

// A recruiter and an applicant talk in real time, each in a browser of their own: the company's
// employer opens the applicant, writes from the applicant's panel, the seeker sees the unread
// message in the nav, opens it and answers, and the answer appears on the employer's screen without
// a reload. Then the employer moves the applicant to Interviewing and the seeker finds the new
// status among the applied jobs. The job, the seeker and the application are made through the API.

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
      description: '<p>Greet guests, keep the front desk running and answer the phones.</p>',
      positionType: [1],
      numberOfHires: 1,
      locationType: 'onsite',
      address: portland.address,
      geoLocation: portland,
      // A host's job: no résumé needed, so the application is one call.
      requiresResume: false,
    },
    timeRequirements: { workSchedule: 1, hoursPerWeek: 32, schedules: [1] },
    payDetails: { minSalary: 20, maxSalary: 23, rate: 'Hourly', benefits: [1] },
    categorization: { industries: [72] },
    candidateRequirements: { skills: [401], minExperience: 0, maxExperience: 2 },
  };
}

/** The thread's message log of a page. */
const log = (s: Session) => s.page.getByRole('log', { name: 'Messages' });

describe('messaging between a company and an applicant', () => {
  const browser = useBrowser();

  it('an employer writes to an applicant from the applicant’s panel, the seeker answers in real time, and sees the status move to Interviewing', async () => {
    const suffix = Date.now().toString(36);
    const title = `Front Desk Host ${suffix}`;
    const employer = await createVerifiedEmployer('Harbor Lights Hotel LLC', 'Morgan');
    const job = (await expectCall('/api/job/jobpost', { jobData: jobData(title) }, 201, await tokenOf(employer))) as {
      data: { id: string };
    };
    const seeker = await createVerifiedJobSeeker(newPerson('guest', 'Riley'));
    await expectCall('/api/JobSeeker/apply', { jobId: job.data.id }, 201, await tokenOf(seeker));

    const company = await newSession(browser.browser);
    const applicant = await newSession(browser.browser);
    await signIn(company.page, employer);
    await signIn(applicant.page, seeker);

    // ---- The employer opens the applicant and starts the conversation from the panel.
    await open(company.page, `/user/applicants?jobId=${job.data.id}`);
    await company.page
      .getByRole('button', { name: `${seeker.firstName} ${seeker.lastName}` })
      .first()
      .click();
    const panel = company.page.getByRole('dialog', { name: `${seeker.firstName} ${seeker.lastName}` });
    await panel.getByRole('button', { name: 'Message' }).click();
    await expect.poll(() => new URL(company.page.url()).pathname).toBe('/user/messaging');
    const composer = company.page.getByRole('textbox', { name: 'Message' });
    await composer.fill('Hello Riley, thanks for applying! Could you come in for a chat on Monday at 10?');
    await composer.press('Enter');
    await log(company).getByText('Could you come in for a chat on Monday at 10?').waitFor();

    // ---- The seeker, already signed in elsewhere, sees the unread message in the nav, without a reload.
    const nav = applicant.page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Messages, 1 unread' }).waitFor({ timeout: 15_000 });
    await nav.getByRole('link', { name: 'Messages, 1 unread' }).click();
    await expectPath(applicant.page, '/user/messaging');
    await applicant.page.getByRole('link', { name: new RegExp(title) }).click();
    await log(applicant).getByText('Could you come in for a chat on Monday at 10?').waitFor();
    const answer = applicant.page.getByRole('textbox', { name: 'Message' });
    await answer.fill('Monday at 10 works for me. See you then!');
    await answer.press('Enter');

    // ---- The answer reaches the employer's open thread in real time.
    await log(company).getByText('Monday at 10 works for me. See you then!').waitFor({ timeout: 15_000 });
    // Once read there, the seeker's nav has nothing unread.
    await nav.getByRole('link', { name: 'Messages', exact: true }).waitFor();

    // ---- The employer moves the applicant to Interviewing; the seeker sees it in applied jobs.
    await open(company.page, `/user/applicants?jobId=${job.data.id}`);
    await company.page
      .getByRole('button', { name: `${seeker.firstName} ${seeker.lastName}` })
      .first()
      .click();
    const again = company.page.getByRole('dialog', { name: `${seeker.firstName} ${seeker.lastName}` });
    await again.getByRole('button', { name: /Change status/ }).click();
    await company.page.getByRole('menuitem', { name: 'Interviewing' }).click();
    await again.getByText(/Applied → Interviewing/).waitFor();

    await open(applicant.page, '/user/applied-jobs');
    const applied = applicant.page.getByRole('article', { name: title });
    await applied.waitFor();
    await expect.poll(() => applied.innerText()).toMatch(/Interviewing/);

    expect(company.errors).toEqual([]);
    expect(applicant.errors).toEqual([]);
    await company.context.close();
    await applicant.context.close();
  });
});
