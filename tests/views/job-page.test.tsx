import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routeTable } from '../../src/app/route-table.ts';
import { JobMessages } from '../../src/contract/jobs.ts';
import { JobPageMessages } from '../../src/machines/jobs/job-page.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { appliedApplication, JOB_ID, jobDetail, seekerViewer } from '../support/client/job-page-fixtures.ts';
import { employer, renderJobPage, seeker, stubbedJobPage } from '../support/client/job-page-harness.tsx';

/** The value a term of the job's details has. */
const fact = (term: string) => {
  const list = screen.getByLabelText('Job details');
  const dt = within(list).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent;
};

describe('the job’s page', () => {
  it('is a route for anyone at /jobs/:id', () => {
    expect(routeTable.find((r) => r.path === '/jobs/:id')).toEqual({ path: '/jobs/:id', page: 'jobs/job-page.view', access: 'anyone' });
  });

  it('shows a visitor the whole job: title, company, place, pay, experience, types, schedule, dates and what it asks', async () => {
    const server = stubbedJobPage();
    renderJobPage(server, JOB_ID);
    // Loading from the first render: while the stored session is read, then while the job is.
    expect(screen.getByText(JobPageMessages.loading)).toBeInTheDocument();
    await waitFor(() => expect(server.load.inputs()).toEqual([{ id: JOB_ID, asSeeker: false }]));
    expect(screen.getByText(JobPageMessages.loading)).toBeInTheDocument();
    await server.load.answer(jobDetail());

    expect(screen.getByRole('heading', { level: 1, name: 'Warehouse Associate' })).toBeInTheDocument();
    expect(document.title).toBe('Warehouse Associate at Hale Logistics – Job Marketplace');
    const article = screen.getByRole('article', { name: 'Warehouse Associate' });
    expect(within(article).getAllByRole('link', { name: 'Hale Logistics' })[0]).toHaveAttribute(
      'href',
      '/companies/c0a80101-0000-4000-8000-000000000001',
    );
    expect(article).toHaveTextContent('Vancouver, WA');
    expect(fact('Pay')).toBe('$21.50–$25.00 an hour');
    expect(fact('Where')).toBe('1200 Main St, Vancouver, WA 98660');
    expect(fact('Experience')).toBe('1–3 years');
    expect(fact('Job type')).toBe('Full-time, Temporary');
    expect(fact('Schedule')).toBe('Full time · 40 hours a week · Ongoing');
    expect(fact('Shifts')).toBe('Day shift');
    expect(fact('Start date')).toBe('04-01-2025');
    expect(fact('People to hire')).toBe('3');
    expect(fact('Posted')).toBe('03-04-2025');
    expect(fact('Valid through')).toBe('04-03-2025');

    const requirements = screen.getByRole('region', { name: 'Requirements' });
    expect(requirements).toHaveTextContent('High school diploma or higher');
    expect(requirements).toHaveTextContent('This job asks for a résumé.');
    expect(
      within(screen.getByRole('region', { name: 'Benefits' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Health insurance', 'Paid time off']);
    expect(screen.getByRole('region', { name: 'Supplemental pay' })).toHaveTextContent('Overtime pay');
    expect(screen.getByRole('region', { name: 'Industries' })).toHaveTextContent('Logistics');

    // The description keeps its paragraphs, lists, bold text and links.
    const description = screen.getByRole('region', { name: 'Description' });
    expect(within(description).getByText('day shift').tagName).toBe('STRONG');
    expect(
      within(description)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Load trucks', 'Count stock']);
    expect(within(description).getByRole('link', { name: 'Write to us' })).toHaveAttribute('href', 'mailto:jobs@hale.example');

    // The company's card: its page, place, website and the verified badge.
    const company = screen.getByRole('region', { name: 'About the company' });
    expect(within(company).getByRole('link', { name: 'Hale Logistics' })).toHaveAttribute(
      'href',
      '/companies/c0a80101-0000-4000-8000-000000000001',
    );
    expect(within(company).getByText(JobMessages.verifiedBusiness)).toBeInTheDocument();
    expect(within(company).getByRole('link', { name: /hale\.example/ })).toHaveAttribute('href', 'https://hale.example');

    // Skills without a seeker's marks.
    expect(within(screen.getByRole('region', { name: 'Skills' })).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByText(/You have \d+ of \d+ skills/)).not.toBeInTheDocument();
    expect(screen.queryByText(JobMessages.openToMinors)).not.toBeInTheDocument();
    // The view is counted once.
    expect(server.views).toEqual([JOB_ID]);
    expect(screen.getByRole('link', { name: /Back to search/ })).toHaveAttribute('href', '/jobs');
  });

  it('shows a visitor the job the page came with at once, without asking for it; once moved on, asks again', async () => {
    const server = stubbedJobPage();
    const { user } = renderJobPage(server, JOB_ID, null, jobDetail());
    // Drawn from the first render, while the stored session is still being read.
    expect(screen.getByRole('heading', { level: 1, name: 'Warehouse Associate' })).toBeInTheDocument();
    expect(fact('Pay')).toBe('$21.50–$25.00 an hour');
    expect(screen.getByRole('link', { name: 'Apply' })).toHaveAttribute('href', `/login?next=${encodeURIComponent(`/jobs/${JOB_ID}`)}`);
    await waitFor(() => expect(server.views).toEqual([JOB_ID]));
    expect(server.load.inputs()).toEqual([]);

    await user.click(screen.getByRole('link', { name: /Back to search/ }));
    await user.click(screen.getByRole('link', { name: 'Open the job again' }));
    expect(screen.getByText(JobPageMessages.loading)).toBeInTheDocument();
    await waitFor(() => expect(server.load.inputs()).toEqual([{ id: JOB_ID, asSeeker: false }]));
    await server.load.answer(jobDetail({ title: 'Warehouse Associate (nights)' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Warehouse Associate (nights)' })).toBeInTheDocument();
  });

  it('reads the job the page came with again for a job seeker, and shows what they have done with it', async () => {
    const server = stubbedJobPage();
    renderJobPage(server, JOB_ID, seeker, jobDetail());
    await waitFor(() => expect(server.load.inputs()).toEqual([{ id: JOB_ID, asSeeker: true }]));
    await server.load.answer(jobDetail({ viewer: seekerViewer({ hasApplied: true, application: appliedApplication }) }));
    expect(screen.getByRole('group', { name: 'Your application' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Apply' })).not.toBeInTheDocument();
  });

  it('sends a visitor’s Apply to the sign-in page, coming back to the job; no Save or Report', async () => {
    const server = stubbedJobPage();
    const app = renderJobPage(server, JOB_ID);
    await server.load.answer(jobDetail());
    const apply = screen.getByRole('link', { name: 'Apply' });
    expect(apply).toHaveAttribute('href', `/login?next=%2Fjobs%2F${JOB_ID}`);
    expect(screen.queryByRole('button', { name: /^Save/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report this job' })).not.toBeInTheDocument();
    await app.user.click(apply);
    expect(app.location()).toBe(`/login?next=%2Fjobs%2F${JOB_ID}`);
  });

  it('shows the pay rules of spec 2 §5 and a job’s other shapes: competitive pay, no experience, remote states, minors, no badge', async () => {
    const server = stubbedJobPage();
    renderJobPage(server, JOB_ID);
    await server.load.answer(
      jobDetail({
        compensation: { minimumAmount: 0, maximumAmount: 0, rate: null },
        isCompetitiveSalary: true,
        minimumExperience: 0,
        maximumExperience: 0,
        type: 'remote',
        isRemote: true,
        location: null,
        address: null,
        remoteStates: [
          { code: 'OR', name: 'Oregon' },
          { code: 'WA', name: 'Washington' },
        ],
        openToMinors: true,
        startDate: null,
        schedule: { workSchedule: 2, hoursPerWeek: 20, durationMonths: 3, schedules: [] },
        company: {
          id: 'c0a80101-0000-4000-8000-000000000001',
          name: 'Hale Logistics',
          logoUrl: null,
          city: null,
          state: null,
          website: null,
          verified: false,
        },
      }),
    );
    expect(fact('Pay')).toBe('Competitive pay');
    expect(fact('Experience')).toBe('None');
    expect(fact('Where')).toBe('Remote, from Oregon, Washington');
    expect(fact('Schedule')).toBe('Part time · 20 hours a week · 3 months');
    expect(fact('Start date')).toBe('As soon as possible');
    expect(screen.getByText(JobMessages.openToMinors)).toBeInTheDocument();
    expect(screen.queryByText(JobMessages.verifiedBusiness)).not.toBeInTheDocument();
  });

  it('says "Unpaid" when both amounts are 0 and the pay is not competitive', async () => {
    const server = stubbedJobPage();
    renderJobPage(server, JOB_ID);
    await server.load.answer(jobDetail({ compensation: { minimumAmount: 0, maximumAmount: 0, rate: null } }));
    expect(fact('Pay')).toBe('Unpaid');
  });

  it.each([
    ['Closed', JobMessages.closed],
    ['Expired', JobMessages.expired],
  ] as const)('a job %s says so and offers no Apply, to visitors and seekers', async (status, message) => {
    for (const stored of [null, seeker]) {
      const server = stubbedJobPage();
      const app = renderJobPage(server, JOB_ID, stored);
      await server.load.answer(jobDetail({ status, isOpen: false, viewer: stored ? seekerViewer() : null }));
      expect(screen.getByRole('alert')).toHaveTextContent(message);
      expect(screen.queryByRole('link', { name: 'Apply' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
      app.unmount();
    }
  });

  it('gives a job seeker Apply, Save and Report, their skills marked and how many they have', async () => {
    const server = stubbedJobPage();
    renderJobPage(server, JOB_ID, seeker);
    await server.load.answer(jobDetail({ viewer: seekerViewer() }));
    expect(server.load.inputs()).toEqual([{ id: JOB_ID, asSeeker: true }]);
    expect(screen.getByRole('button', { name: 'Apply' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save: Warehouse Associate' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Report this job' })).toBeInTheDocument();
    expect(screen.getByText('You have 2 of 3 skills')).toBeInTheDocument();
    const skills = within(screen.getByRole('region', { name: 'Skills' })).getAllByRole('listitem');
    expect(skills.map((s) => s.textContent)).toEqual(['✓ Forklift (you have this skill)', '✓ Inventory (you have this skill)', 'Shipping']);
    expect(screen.getByRole('link', { name: /Back to search/ })).toHaveAttribute('href', '/user/search-jobs');
  });

  it('shows a job applied to with its status and day, and the way to the applied jobs; no Apply', async () => {
    const server = stubbedJobPage();
    renderJobPage(server, JOB_ID, seeker);
    await server.load.answer(
      jobDetail({
        viewer: seekerViewer({ hasApplied: true, application: { ...appliedApplication, status: 'Interviewing' }, isSaved: true }),
      }),
    );
    const mine = screen.getByRole('group', { name: 'Your application' });
    expect(mine).toHaveTextContent('Applied');
    expect(mine).toHaveTextContent('Status: Interviewing · Applied on 03-10-2025');
    expect(within(mine).getByRole('link', { name: 'See your applied jobs' })).toHaveAttribute('href', '/user/applied-jobs');
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Saved: Warehouse Associate' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('a reported job stays viewable and says so; Report is gone, Apply stays', async () => {
    const server = stubbedJobPage();
    renderJobPage(server, JOB_ID, seeker);
    await server.load.answer(
      jobDetail({
        viewer: seekerViewer({ isReported: true, report: { status: 'open', reportedAt: '2025-03-11T09:00:00.000Z', resolvedAt: null } }),
      }),
    );
    expect(screen.getByText('Reported · Under review')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report this job' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeInTheDocument();
  });

  it.each([
    ['dismissed', 'Reported · Reviewed: no action needed'],
    ['jobClosed', 'Reported · Reviewed: the job was closed'],
  ] as const)('a report an administrator resolved (%s) says what the review decided', async (status, line) => {
    const server = stubbedJobPage();
    renderJobPage(server, JOB_ID, seeker);
    const report = { status, reportedAt: '2025-03-11T09:00:00.000Z', resolvedAt: '2025-03-12T15:00:00.000Z' };
    await server.load.answer(jobDetail({ viewer: seekerViewer({ isReported: true, report }) }));
    expect(screen.getByText(line)).toBeInTheDocument();
    expect(screen.queryByText('Reported · Under review')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report this job' })).not.toBeInTheDocument();
  });

  it('gives a company’s staff the job without Apply, Save or Report', async () => {
    const server = stubbedJobPage();
    renderJobPage(server, JOB_ID, employer);
    await server.load.answer(jobDetail());
    expect(server.load.inputs()).toEqual([{ id: JOB_ID, asSeeker: false }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Warehouse Associate' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Apply' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Save/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report this job' })).not.toBeInTheDocument();
  });

  it.each(['job.notFound', 'request.invalid'] as const)('a job that is not there (%s) says so, and counts no view', async (code) => {
    const server = stubbedJobPage();
    renderJobPage(server, JOB_ID);
    await server.load.answer(ApiError.of(code, JobMessages.jobNotFound));
    expect(screen.getByRole('heading', { level: 1, name: JobPageMessages.notFoundTitle })).toBeInTheDocument();
    expect(screen.getByText(JobMessages.jobNotFound)).toBeInTheDocument();
    expect(server.views).toEqual([]);
  });

  it('a job that could not be read offers to try again, and then shows it', async () => {
    const server = stubbedJobPage();
    const app = renderJobPage(server, JOB_ID);
    await server.load.answer(new ApiError('server', 500, 'Something went wrong!!!'));
    expect(screen.getByRole('alert')).toHaveTextContent(JobPageMessages.loadFailed);
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    await server.load.answer(jobDetail());
    expect(await screen.findByRole('heading', { level: 1, name: 'Warehouse Associate' })).toBeInTheDocument();
    expect(server.views).toEqual([JOB_ID]);
  });

  it('reports a job: a reason, details for "something else", thanks, then the page says it was reported', async () => {
    const server = stubbedJobPage();
    const app = renderJobPage(server, JOB_ID, seeker);
    await server.load.answer(jobDetail({ viewer: seekerViewer() }));
    await app.user.click(screen.getByRole('button', { name: 'Report this job' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report: Warehouse Associate' });
    // The reasons of the contract, the first focused.
    const reasons = within(dialog).getAllByRole('radio');
    expect(reasons.map((r) => r.closest('label')!.textContent)).toEqual([
      'It looks like a scam or asks for money',
      'It is discriminatory',
      'The pay, place or duties are misleading',
      'Something else',
    ]);
    await waitFor(() => expect(reasons[0]).toHaveFocus());

    await app.user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByText(JobMessages.reportReason)).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('radio', { name: 'Something else' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByText(JobMessages.reportDetailsNeeded)).toBeInTheDocument();
    expect(server.report.inputs()).toEqual([]);
    await app.user.type(within(dialog).getByLabelText('What is wrong with it? (required)'), 'The company asks for a training fee.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(server.report.inputs()).toEqual([
      { jobId: JOB_ID, report: { reason: 'other', details: 'The company asks for a training fee.' } },
    ]);
    await server.report.answer(undefined);
    expect(within(dialog).getByText(JobMessages.reported)).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const note = screen.getByText('Reported · Under review');
    await waitFor(() => expect(note).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Report this job' })).not.toBeInTheDocument();
  });

  it('closes the report dialog with Escape without reporting; focus goes back to Report', async () => {
    const server = stubbedJobPage();
    const app = renderJobPage(server, JOB_ID, seeker);
    await server.load.answer(jobDetail({ viewer: seekerViewer() }));
    const report = screen.getByRole('button', { name: 'Report this job' });
    await app.user.click(report);
    await screen.findByRole('dialog', { name: 'Report: Warehouse Associate' });
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Report this job' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Report this job' })).toHaveFocus());
    expect(server.report.inputs()).toEqual([]);
  });

  it('says a failed report above the buttons and keeps what was typed', async () => {
    const server = stubbedJobPage();
    const app = renderJobPage(server, JOB_ID, seeker);
    await server.load.answer(jobDetail({ viewer: seekerViewer() }));
    await app.user.click(screen.getByRole('button', { name: 'Report this job' }));
    const dialog = await screen.findByRole('dialog');
    await app.user.click(within(dialog).getByRole('radio', { name: 'It is discriminatory' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await server.report.answer(new ApiError('client', 429, JobMessages.tooManyRequests));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(JobMessages.tooManyRequests);
    expect(within(dialog).getByRole('radio', { name: 'It is discriminatory' })).toBeChecked();
  });
});
