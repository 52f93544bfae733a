import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import { fromPromise } from 'xstate';
import { routeTable } from '../../src/app/route-table.ts';
import type { DashboardCount } from '../../src/contract/company.ts';
import {
  MetricsMessages,
  type BoostCost,
  type EmployerMetrics,
  type JobMetrics,
  type MetricTotals,
  type PerformancePage as PerformanceAnswer,
} from '../../src/contract/metrics.ts';
import type { JobListRequest, JobPage } from '../../src/contract/posting.ts';
import { companyCountsMachine } from '../../src/machines/company/company-counts.machine.ts';
import { localToday, presetRange, type DateRange } from '../../src/machines/metrics/date-range.machine.ts';
import { employerMetricsMachine } from '../../src/machines/metrics/employer-metrics.machine.ts';
import { jobMetricsMachine, type JobMetricsInput } from '../../src/machines/metrics/job-metrics.machine.ts';
import { performanceMachine, type PerformanceQuery } from '../../src/machines/metrics/performance.machine.ts';
import { jobListMachine } from '../../src/machines/posting/job-list.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import DashboardPage from '../../src/views/dashboard/dashboard.view.tsx';
import JobDashboardPage from '../../src/views/metrics/job-dashboard.view.tsx';
import {
  boostedJob,
  demoEmployerMetrics,
  demoJob,
  demoPerformance,
  previousOf,
  STORY_TODAY,
} from '../../src/views/metrics/metrics-stories-support.ts';
import PerformancePage from '../../src/views/metrics/performance.view.tsx';
import JobsPage from '../../src/views/posting/jobs.view.tsx';
import { renderInApp, storedSessionFor } from '../support/client/app-harness.tsx';
import { nurse, page } from '../support/client/job-fixtures.ts';
import { deferred } from '../support/client/model.ts';
import { widenScreen } from '../support/client/wide-screen.ts';

const employer = storedSessionFor({ id: 'e-1', email: 'robin@northwind.example', firstName: 'Robin', lastName: 'Hale', role: 'Employer' });
const TODAY = STORY_TODAY; // a Wednesday

const day = { impressions: 100, clicks: 10, applicationStarts: 3, applications: 2, messagesStarted: 1 };
const before: MetricTotals = { impressions: 625, clicks: 70, applicationStarts: 25, applications: 0, messagesStarted: 7 };

/** A job's answer with the same counts every day: 7 days add up to 700, 70, 21, 14 and 7. */
function steady(input: DateRange, boost: BoostCost | null = null, perDay = day): JobMetrics {
  const points: JobMetrics['points'] = [];
  for (let d = new Date(`${input.startDate}T00:00:00Z`); d.toISOString().slice(0, 10) <= input.endDate; d.setUTCDate(d.getUTCDate() + 1))
    points.push({ date: d.toISOString().slice(0, 10), ...perDay });
  const n = points.length;
  const totals = {
    impressions: perDay.impressions * n,
    clicks: perDay.clicks * n,
    applicationStarts: perDay.applicationStarts * n,
    applications: perDay.applications * n,
    messagesStarted: perDay.messagesStarted * n,
  };
  return {
    jobPost: boost ? boostedJob : demoJob,
    ...input,
    timeZone: 'America/Los_Angeles',
    points,
    totals,
    previous: { ...previousOf(input), totals: before },
    boost,
  };
}

type Load<I, O> = (input: I, signal: AbortSignal) => Promise<O>;

/** A job's dashboard under its route, with job-metrics answered by `load` and every call recorded. */
function jobDashboard(load: Load<JobMetricsInput, JobMetrics> = async (input) => steady(input)) {
  const calls: Array<{ input: JobMetricsInput; signal: AbortSignal }> = [];
  const logic = jobMetricsMachine.provide({
    actors: {
      load: fromPromise<JobMetrics, JobMetricsInput>(({ input, signal }) => {
        calls.push({ input, signal });
        return load(input, signal);
      }),
    },
  });
  const app = renderInApp(
    <Route path="/user/jobs/:id">
      <JobDashboardPage logic={logic} today={TODAY} />
    </Route>,
    { path: `/user/jobs/${demoJob.id}`, stored: employer },
  );
  const ranges = () => calls.map((c) => `${c.input.startDate}…${c.input.endDate}`);
  return { app, calls, ranges };
}

const button = (name: string) => screen.getByRole('button', { name });

afterEach(() => vi.restoreAllMocks());

describe('the metrics routes', () => {
  it('serves a job’s dashboard at /user/jobs/:id after the fixed paths under /user/jobs, to company staff', () => {
    const at = (path: string) => routeTable.findIndex((r) => r.path === path);
    const metrics = routeTable.filter((r) => r.page.startsWith('metrics/'));
    expect(metrics).toEqual([
      { path: '/user/jobs/performance', page: 'metrics/performance.view', access: 'companyStaff' },
      { path: '/user/jobs/metrics', page: 'metrics/company-metrics.view', access: 'companyStaff' },
      { path: '/user/jobs/:id', page: 'metrics/job-dashboard.view', access: 'companyStaff' },
    ]);
    expect(at('/user/jobs/:id')).toBeGreaterThan(at('/user/jobs/post-job'));
    expect(at('/user/jobs/:id')).toBeGreaterThan(at('/user/jobs/performance'));
    expect(at('/user/jobs/:id')).toBeGreaterThan(at('/user/jobs/metrics'));
  });
});

describe('a job’s dashboard', () => {
  it('shows the job, each total against the previous 7 days, and the funnel with its rates', async () => {
    const { ranges, calls } = jobDashboard();
    expect(await screen.findByRole('heading', { level: 1, name: demoJob.title })).toBeInTheDocument();
    expect(calls[0]!.input).toEqual({ jobPostId: demoJob.id, startDate: '2025-03-06', endDate: TODAY });
    expect(ranges()).toEqual(['2025-03-06…2025-03-12']);
    const totals = screen.getByLabelText('Totals');
    expect(totals).toHaveTextContent('Impressions700▲ up 12% on the previous 7 days');
    expect(totals).toHaveTextContent('Views70the same as the previous 7 days');
    expect(totals).toHaveTextContent('Application starts21▼ down 16% on the previous 7 days');
    expect(totals).toHaveTextContent('Applications14▲ none in the previous 7 days');
    expect(totals).toHaveTextContent('Messages started7the same as the previous 7 days');
    const funnel = screen.getByRole('region', { name: 'From impressions to applications' });
    expect(
      within(funnel)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Impressions700Times the job was shown',
      'Views7010% of impressions',
      'Application starts2130% of views',
      'Applications1466.7% of application starts',
    ]);
    expect(funnel).toHaveTextContent('Applications per view: 20%');
    expect(screen.queryByRole('region', { name: 'Boost' })).not.toBeInTheDocument();
  });

  it('pages the range earlier and later by a week, month or year with the right dates; Later is off at today', async () => {
    const { app, ranges } = jobDashboard();
    await screen.findByRole('heading', { level: 1, name: demoJob.title });
    const later = button('Later');
    expect(later).toHaveAttribute('aria-disabled', 'true');
    await app.user.click(later);
    expect(ranges()).toHaveLength(1);

    await app.user.click(button('Earlier'));
    await waitFor(() => expect(ranges()).toHaveLength(2));
    expect(later).not.toHaveAttribute('aria-disabled');
    expect(screen.getByText('02-27-2025 – 03-05-2025 (7 days)')).toBeInTheDocument();
    await app.user.click(later);
    await waitFor(() => expect(ranges()).toHaveLength(3));
    expect(later).toHaveAttribute('aria-disabled', 'true');

    await app.user.click(screen.getByRole('radio', { name: 'Month' }));
    await waitFor(() => expect(ranges()).toHaveLength(4));
    await app.user.click(button('Earlier'));
    await app.user.click(screen.getByRole('radio', { name: 'Year' }));
    await app.user.click(button('Earlier'));
    await waitFor(() => expect(ranges()).toHaveLength(7));
    expect(ranges()).toEqual([
      '2025-03-06…2025-03-12',
      '2025-02-27…2025-03-05',
      '2025-03-06…2025-03-12',
      '2025-02-11…2025-03-12',
      '2025-01-12…2025-02-10',
      '2024-03-12…2025-03-12',
      '2023-03-13…2024-03-12',
    ]);
  });

  it('cancels a load still running when the range changes, and shows the answer for the new range', async () => {
    const first = deferred<JobMetrics>();
    let n = 0;
    const { app, calls } = jobDashboard((input) => (++n === 1 ? first.promise : Promise.resolve(steady(input))));
    expect(await screen.findByRole('status', { name: "Loading the job's metrics" })).toHaveAttribute('aria-busy', 'true');
    await app.user.click(button('Earlier'));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(calls[1]!.signal.aborted).toBe(false);
    expect(await screen.findByRole('heading', { level: 1, name: demoJob.title })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Day by day' })).toBeInTheDocument();
  });

  it('shows the days as a table instead of the charts, and downloads the same table as CSV', async () => {
    const { app } = jobDashboard();
    const section = await screen.findByRole('region', { name: 'Day by day' });
    const measures = ['Impressions', 'Views', 'Application starts', 'Applications', 'Messages started'];
    for (const name of measures) expect(within(section).getByRole('figure', { name })).toBeInTheDocument();
    expect(within(section).getAllByRole('figure')).toHaveLength(5);
    const toggle = within(section).getByRole('button', { name: 'Show as table' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await app.user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(within(section).queryAllByRole('figure')).toEqual([]);

    const table = within(section).getByRole('table', { name: 'Day by day, 03-06-2025 to 03-12-2025' });
    const header = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(header).toEqual(['Date', 'Impressions', 'Views', 'Application starts', 'Applications', 'Messages started']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [
        within(r).getByRole('rowheader').textContent,
        ...within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ]);
    expect(rows.map((r) => r[0])).toEqual([
      '03-06-2025',
      '03-07-2025',
      '03-08-2025',
      '03-09-2025',
      '03-10-2025',
      '03-11-2025',
      '03-12-2025',
    ]);
    for (const row of rows) expect(row.slice(1)).toEqual(['100', '10', '3', '2', '1']);

    const createObjectURL = vi.fn((_blob: Blob) => 'blob:metrics');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await app.user.click(within(section).getByRole('button', { name: 'Download CSV' }));
    const csv = await createObjectURL.mock.calls[0]![0].text();
    expect(csv.trim().split('\r\n')).toEqual([header.join(','), ...rows.map((r) => r.join(','))]);

    await app.user.click(toggle);
    expect(within(section).getAllByRole('figure')).toHaveLength(5);
  });

  it('moves between the days of a chart with the keyboard, each named with its date and count', async () => {
    const { app } = jobDashboard();
    const section = await screen.findByRole('region', { name: 'Day by day' });
    // Each chart is one tab stop, on its latest day.
    within(section).getByRole('button', { name: 'Download CSV' }).focus();
    await app.user.tab();
    expect(document.activeElement).toHaveAccessibleName('Wed 03-12-2025: 100 impressions');
    await app.user.tab();
    expect(document.activeElement).toHaveAccessibleName('Wed 03-12-2025: 10 views');
    const views = within(section).getByRole('group', { name: 'Views per day' });
    expect(within(views).getAllByRole('img')).toHaveLength(7);

    await app.user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toHaveAccessibleName('Tue 03-11-2025: 10 views');
    // The day is shown beside the chart too, for those who see it.
    expect(within(views).getByText('Tue 03-11-2025: 10 views')).toBeInTheDocument();
    await app.user.keyboard('{Home}');
    expect(document.activeElement).toHaveAccessibleName('Thu 03-06-2025: 10 views');
    await app.user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toHaveAccessibleName('Thu 03-06-2025: 10 views');
    await app.user.keyboard('{End}');
    expect(document.activeElement).toHaveAccessibleName('Wed 03-12-2025: 10 views');
    await app.user.keyboard('{ArrowRight}');
    expect(document.activeElement).toHaveAccessibleName('Wed 03-12-2025: 10 views');
    // Leaving and coming back lands on the day last visited.
    await app.user.keyboard('{ArrowLeft}{ArrowLeft}');
    await app.user.tab({ shift: true });
    await app.user.tab();
    expect(document.activeElement).toHaveAccessibleName('Mon 03-10-2025: 10 views');
  });

  it('shows what a boost cost in the range, per view and per application', async () => {
    jobDashboard(async (input) =>
      steady(input, { spentCents: 9900, costPerClickCents: 141, costPerApplicationCents: 707, tierName: 'Premium' }),
    );
    const boost = await screen.findByRole('region', { name: 'Boost' });
    expect(boost).toHaveTextContent('TierPremium');
    expect(boost).toHaveTextContent('Spent in these dates$99.00');
    expect(boost).toHaveTextContent('Cost per view$1.41');
    expect(boost).toHaveTextContent('Cost per application$7.07');
    expect(screen.getByRole('heading', { level: 1, name: boostedJob.title })).toBeInTheDocument();
    expect(screen.getByText('Boosted')).toBeInTheDocument();
  });

  it('says "Nothing was counted in this range yet." when the range has no counts', async () => {
    jobDashboard(async (input) =>
      steady(input, null, { impressions: 0, clicks: 0, applicationStarts: 0, applications: 0, messagesStarted: 0 }),
    );
    expect(await screen.findByText(MetricsMessages.empty)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show as table' })).not.toBeInTheDocument();
  });

  it('shows the answer’s state errors when the metrics cannot be read, and reads them again on Try again', async () => {
    let n = 0;
    const { app, calls } = jobDashboard(async (input) => {
      n += 1;
      if (n === 1) throw new ApiError('client', 404, MetricsMessages.jobNotFound);
      if (n === 2) throw new ApiError('client', 400, MetricsMessages.endDate, [MetricsMessages.endDate, MetricsMessages.timeZone]);
      return steady(input);
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(MetricsMessages.jobNotFound);
    expect(screen.getByRole('link', { name: 'Back to jobs' })).toHaveAttribute('href', '/user/jobs');
    await app.user.click(button('Try again'));
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(within(alert).queryAllByRole('listitem')).toHaveLength(2));
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([MetricsMessages.endDate, MetricsMessages.timeZone]);
    await app.user.click(button('Try again'));
    expect(await screen.findByRole('heading', { level: 1, name: demoJob.title })).toBeInTheDocument();
    expect(calls).toHaveLength(3);
  });

  it('shows a range chosen on the calendar; days after today cannot be chosen; Cancel keeps the range', async () => {
    const { app, ranges } = jobDashboard();
    await screen.findByRole('heading', { level: 1, name: demoJob.title });
    await app.user.click(button('Choose dates'));
    let dialog = await screen.findByRole('dialog', { name: 'Choose dates' });
    expect(within(dialog).getByRole('button', { name: /Thursday, March 13th, 2025/ })).toBeDisabled();
    await app.user.click(within(dialog).getByRole('button', { name: /Saturday, March 1st, 2025/ }));
    await app.user.click(within(dialog).getByRole('button', { name: /Monday, March 10th, 2025/ }));
    expect(dialog).toHaveTextContent('03-01-2025 to 03-10-2025, 10 days');
    await app.user.click(within(dialog).getByRole('button', { name: 'Show these dates' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(ranges()).toEqual(['2025-03-06…2025-03-12', '2025-03-01…2025-03-10']));
    expect(screen.getByText('03-01-2025 – 03-10-2025 (10 days)')).toBeInTheDocument();
    for (const name of ['Week', 'Month', 'Year']) expect(screen.getByRole('radio', { name })).not.toBeChecked();
    expect(button('Later')).not.toHaveAttribute('aria-disabled');

    await app.user.click(button('Choose dates'));
    dialog = await screen.findByRole('dialog', { name: 'Choose dates' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(ranges()).toHaveLength(2);
    expect(screen.getByText('03-01-2025 – 03-10-2025 (10 days)')).toBeInTheDocument();
  });
});

describe('the job-post performance list', () => {
  function performance(load: Load<PerformanceQuery, PerformanceAnswer> = async (q) => demoPerformance(q.date, q.pageNumber, 12)) {
    const calls: PerformanceQuery[] = [];
    const logic = performanceMachine.provide({
      actors: {
        load: fromPromise<PerformanceAnswer, PerformanceQuery>(({ input, signal }) => {
          calls.push(input);
          return load(input, signal);
        }),
      },
    });
    const app = renderInApp(<PerformancePage logic={logic} today={TODAY} />, { path: '/user/jobs/performance', stored: employer });
    return { app, calls };
  }

  it('lists today’s views and starts beside the day before, with the trend named, each job linking to its dashboard', async () => {
    const { calls } = performance();
    const table = await screen.findByRole('table', { name: 'Job-post performance on Today, 03-12-2025' });
    expect(calls).toEqual([{ date: TODAY, pageNumber: 1 }]);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Job', 'Views', 'Application starts', 'Views the day before', 'Starts the day before', 'Trend']);
    const expected = demoPerformance(TODAY, 1, 12);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    for (const [i, row] of rows.entries()) {
      const item = expected.items[i]!;
      const link = within(row).getByRole('link', { name: item.jobPost.title });
      expect(link).toHaveAttribute('href', `/user/jobs/${item.jobPost.id}`);
      expect(
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ).toEqual([
        String(item.latest.clicks),
        String(item.latest.applicationStarts),
        String(item.dayBefore.clicks),
        String(item.dayBefore.applicationStarts),
        expect.stringContaining({ 0: 'No activity', 1: 'Up', 2: 'Down', 3: 'Same' }[item.trend]),
      ]);
    }
    expect(new Set(rows.map((r) => within(r).getAllByRole('cell').at(-1)!.textContent!.slice(1)))).toEqual(
      new Set(['Up', 'Down', 'Same', 'No activity']),
    );
  });

  it('goes a day back and forward, never past today, and pages through the jobs', async () => {
    const { app, calls } = performance();
    await screen.findByRole('table');
    const next = button('Next day');
    expect(next).toHaveAttribute('aria-disabled', 'true');
    await app.user.click(next);
    await app.user.click(button('Previous day'));
    await screen.findByRole('table', { name: 'Job-post performance on Yesterday, 03-11-2025' });
    expect(next).not.toHaveAttribute('aria-disabled');
    await app.user.click(button('Next'));
    await waitFor(() => expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('Page 2 of 2'));
    await app.user.click(button('Today'));
    await screen.findByRole('table', { name: 'Job-post performance on Today, 03-12-2025' });
    expect(calls).toEqual([
      { date: TODAY, pageNumber: 1 },
      { date: '2025-03-11', pageNumber: 1 },
      { date: '2025-03-11', pageNumber: 2 },
      { date: TODAY, pageNumber: 1 },
    ]);
  });

  it('says "You have no job posts yet." for a company without jobs', async () => {
    performance(async (q) => demoPerformance(q.date, 1, 0));
    expect(await screen.findByText(MetricsMessages.noJobs)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Post a job' })).toHaveAttribute('href', '/user/jobs/post-job');
  });

  it('shows the answer’s state errors and reads again on Try again', async () => {
    let n = 0;
    const { app } = performance(async (q) => {
      if (++n === 1) throw new ApiError('client', 400, MetricsMessages.date);
      return demoPerformance(q.date, q.pageNumber, 3);
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(MetricsMessages.date);
    await app.user.click(button('Try again'));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });
});

describe('the company dashboard’s last 30 days', () => {
  function dashboard(load: Load<DateRange, EmployerMetrics> = async (r) => demoEmployerMetrics(r), postedJobs = 6) {
    const calls: DateRange[] = [];
    const countsLogic = companyCountsMachine.provide({
      actors: {
        load: fromPromise<DashboardCount>(async () => ({
          postedJobs,
          applicants: 40,
          activeJobs: 5,
          newApplicants: 3,
          toReview: 4,
          interviewing: 2,
          offered: 1,
          hired: 1,
        })),
      },
    });
    const metricsLogic = employerMetricsMachine.provide({
      actors: {
        load: fromPromise<EmployerMetrics, DateRange>(({ input, signal }) => {
          calls.push(input);
          return load(input, signal);
        }),
      },
    });
    const app = renderInApp(<DashboardPage countsLogic={countsLogic} metricsLogic={metricsLogic} />, {
      path: '/user/dashboard',
      stored: employer,
    });
    return { app, calls };
  }

  it('charts the company’s month ending today, with the best and worst jobs linked to their dashboards', async () => {
    const { app, calls } = dashboard();
    const panel = await screen.findByRole('region', { name: /^Last 30 days/ });
    await within(panel).findByRole('region', { name: 'Day by day' });
    expect(calls).toEqual([presetRange('month', localToday())]);
    expect(within(panel).getByLabelText('Last 30 days')).toHaveTextContent(/Views[\d,]+/);
    expect(within(panel).getByRole('tab', { name: 'Views', selected: true })).toBeInTheDocument();
    expect(within(panel).getByRole('group', { name: 'Views per day' })).toBeInTheDocument();
    await app.user.click(within(panel).getByRole('tab', { name: 'Applications' }));
    expect(within(panel).getByRole('group', { name: 'Applications per day' })).toBeInTheDocument();
    await app.user.click(within(panel).getByRole('button', { name: 'Show as table' }));
    expect(within(within(panel).getByRole('table')).getAllByRole('row')).toHaveLength(31);
    const best = within(panel).getByRole('region', { name: 'Doing best' });
    const first = within(best).getAllByRole('link')[0]!;
    expect(first.getAttribute('href')).toMatch(/^\/user\/jobs\/7d1e0000-/);
    expect(within(panel).getByRole('link', { name: 'Job-post performance' })).toHaveAttribute('href', '/user/jobs/performance');
  });

  it('says "You have no job posts yet." when the company has none, and shows state errors with Try again', async () => {
    let n = 0;
    const { app } = dashboard(async (r) => {
      if (++n === 1) throw new ApiError('server', 500, 'Something went wrong!!!');
      return demoEmployerMetrics(r, { noJobs: true });
    }, 0);
    const panel = await screen.findByRole('region', { name: /^Last 30 days/ });
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Something went wrong!!!');
    await app.user.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByText(MetricsMessages.noJobs)).toBeInTheDocument();
  });

  it('says "Nothing was counted in this range yet." for a company with jobs and no counts in the 30 days', async () => {
    dashboard(async (r) => demoEmployerMetrics(r, { noJobs: true }), 2);
    const panel = await screen.findByRole('region', { name: /^Last 30 days/ });
    expect(await within(panel).findByText(MetricsMessages.empty)).toBeInTheDocument();
  });
});

describe('links to the metrics from the company’s jobs', () => {
  it('links each job’s title and its Metrics to its dashboard, and the page to the performance list', async () => {
    widenScreen();
    const logic = jobListMachine.provide({ actors: { load: fromPromise<JobPage, JobListRequest>(async () => page([nurse], 1)) } });
    renderInApp(<JobsPage logic={logic} />, { path: '/user/jobs', stored: employer });
    const row = (await screen.findByRole('rowheader', { name: new RegExp(nurse.title) })).closest('tr')!;
    expect(within(row).getByRole('link', { name: nurse.title })).toHaveAttribute('href', `/user/jobs/${nurse.id}`);
    expect(await within(row).findByRole('link', { name: `Metrics for ${nurse.title}` })).toHaveAttribute('href', `/user/jobs/${nurse.id}`);
    expect(screen.getByRole('link', { name: 'Performance' })).toHaveAttribute('href', '/user/jobs/performance');
    await act(async () => {});
  });
});
