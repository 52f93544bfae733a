import type { DashboardCount } from '../../src/contract/company.ts';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { CompletionStatus } from '../../src/contract/account.ts';
import { profileCompletionMachine } from '../../src/machines/account/profile-completion.machine.ts';
import type { MatchedJob, SeekerDashboardCount } from '../../src/contract/jobs.ts';
import type { SeekerInvitationPage } from '../../src/contract/suggestions.ts';
import { saveJobMachine } from '../../src/machines/jobs/save-job.machine.ts';
import { seekerDashboardMachine } from '../../src/machines/jobs/seeker-dashboard.machine.ts';
import { seekerInvitationsMachine } from '../../src/machines/suggestions/seeker-invitations.machine.ts';
import { companyCountsMachine } from '../../src/machines/company/company-counts.machine.ts';
import type { EmployerMetrics } from '../../src/contract/metrics.ts';
import type { DateRange } from '../../src/machines/metrics/date-range.machine.ts';
import { employerMetricsMachine } from '../../src/machines/metrics/employer-metrics.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { profileChanges } from '../../src/services/profile-changes.ts';
import DashboardPage from '../../src/views/dashboard/dashboard.view.tsx';
import { matchedJobs, sampleDashboardCount } from '../../src/views/jobs/seeker-jobs-stories-support.tsx';
import { renderInApp, storedSessionFor } from '../support/client/app-harness.tsx';
import { deferred } from '../support/client/model.ts';

const seeker = storedSessionFor({ id: 'js-1', email: 'maria@example.com', firstName: 'Maria', lastName: 'Lopez', role: 'JobSeeker' });
const employer = storedSessionFor({ id: 'em-1', email: 'erin@example.com', firstName: 'Erin', lastName: 'Price', role: 'Employer' });

const half: CompletionStatus = {
  isCompleted: false,
  completedPercentage: 50,
  profileComplete: true,
  educationComplete: false,
  skillsComplete: true,
  experienceComplete: true,
  preferencesComplete: false,
  documentsComplete: false,
};
const full: CompletionStatus = {
  ...half,
  isCompleted: true,
  completedPercentage: 100,
  educationComplete: true,
  preferencesComplete: true,
  documentsComplete: true,
};

/** A seeker with no invitations: the dashboard shows no Invitations card. */
const noInvitations = seekerInvitationsMachine.provide({
  actors: { load: fromPromise<SeekerInvitationPage>(async () => ({ items: [], total: 0, pageNumber: 1, pageSize: 5 })) },
});

/** The completion machine answered by the test, one answer per read. */
function server() {
  const reads: Array<ReturnType<typeof deferred<CompletionStatus>>> = [];
  const logic = profileCompletionMachine.provide({
    actors: {
      load: fromPromise<CompletionStatus>(() => {
        const read = deferred<CompletionStatus>();
        reads.push(read);
        return read.promise;
      }),
    },
  });
  const answer = async (value: CompletionStatus | Error) => {
    await act(async () => (value instanceof Error ? reads.at(-1)!.reject(value) : reads.at(-1)!.resolve(value)));
  };
  return { logic, reads, answer };
}

/** The seeker's counts and matches, each answered by the test (or at once with the samples). */
function seekerSide(
  answers: { counts?: SeekerDashboardCount; matches?: MatchedJob[] } = { counts: sampleDashboardCount(), matches: matchedJobs.slice(0, 5) },
) {
  const reads = {
    counts: [] as Array<ReturnType<typeof deferred<SeekerDashboardCount>>>,
    matches: [] as Array<ReturnType<typeof deferred<MatchedJob[]>>>,
  };
  const saves: Array<{ jobId: string; save: boolean }> = [];
  const read = <T,>(kind: keyof typeof reads) =>
    fromPromise<T>(() => {
      const d = deferred<T>();
      reads[kind].push(d as never);
      const answer = answers[kind];
      if (answer) d.resolve(answer as T);
      return d.promise;
    });
  const logic = seekerDashboardMachine.provide({
    actors: { counts: read<SeekerDashboardCount>('counts'), matches: read<MatchedJob[]>('matches') },
  });
  const saveLogic = saveJobMachine.provide({
    actors: {
      change: fromPromise<boolean, { jobId: string; save: boolean }>(async ({ input }) => {
        saves.push(input);
        return input.save;
      }),
    },
  });
  const fail = async (kind: keyof typeof reads) =>
    act(async () => reads[kind].at(-1)!.reject(new ApiError('server', 500, 'Something went wrong!!!')));
  const answer = async <K extends keyof typeof reads>(kind: K, value: K extends 'counts' ? SeekerDashboardCount : MatchedJob[]) =>
    act(async () => reads[kind].at(-1)!.resolve(value as never));
  return { logic, saveLogic, reads, saves, fail, answer };
}

describe('the job seeker dashboard', () => {
  it('shows how complete the profile is, what is missing, and a link to each section', async () => {
    const { logic, answer } = server();
    renderInApp(<DashboardPage completionLogic={logic} seekerLogic={seekerSide().logic} invitationsLogic={noInvitations} />, {
      path: '/user/dashboard',
      stored: seeker,
    });
    expect(await screen.findByText('Welcome, Maria.')).toBeInTheDocument();
    expect(screen.getByText('Loading your profile…')).toBeInTheDocument();
    await answer(half);

    const bar = screen.getByRole('progressbar', { name: 'Your profile is 50% complete. Complete it so employers can find you.' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    const card = screen.getByRole('region', { name: 'Your profile' });
    const rows = within(card)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows).toEqual([
      '✓Profile: completeEdit',
      '○Education: missingAdd',
      '✓Skills: completeEdit',
      '✓Experience: completeEdit',
      '○Preferences: missingAdd',
      '○Documents: missingAdd',
    ]);
    expect(within(card).getByRole('link', { name: 'Add education' })).toHaveAttribute('href', '/user/settings/education');
    expect(within(card).getByRole('link', { name: 'Edit skills' })).toHaveAttribute('href', '/user/settings/skills');
    expect(within(card).getByRole('link', { name: 'Add documents' })).toHaveAttribute('href', '/user/settings/documents');
  });

  it('follows a save made elsewhere without a reload', async () => {
    const { logic, reads, answer } = server();
    renderInApp(<DashboardPage completionLogic={logic} seekerLogic={seekerSide().logic} invitationsLogic={noInvitations} />, {
      path: '/user/dashboard',
      stored: seeker,
    });
    await screen.findByText('Loading your profile…');
    await answer(half);
    act(() => profileChanges.changed());
    expect(reads).toHaveLength(2);
    await answer(full);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText('Your profile is complete: employers see everything they need.')).toBeInTheDocument();
  });

  it('says when the profile cannot be loaded, and tries again on request', async () => {
    const { logic, reads, answer } = server();
    const { user } = renderInApp(
      <DashboardPage completionLogic={logic} seekerLogic={seekerSide().logic} invitationsLogic={noInvitations} />,
      { path: '/user/dashboard', stored: seeker },
    );
    await screen.findByText('Loading your profile…');
    await answer(new ApiError('server', 500, 'Something went wrong!!!'));
    expect(screen.getByRole('alert')).toHaveTextContent('Your profile could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reads).toHaveLength(2);
    await answer(half);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
  });

  it('shows other roles no profile card', async () => {
    const { logic, reads } = server();
    const counts = companyCountsMachine.provide({ actors: { load: fromPromise<DashboardCount>(() => new Promise(() => {})) } });
    const metricsLogic = employerMetricsMachine.provide({
      actors: { load: fromPromise<EmployerMetrics, DateRange>(() => new Promise(() => {})) },
    });
    renderInApp(<DashboardPage completionLogic={logic} countsLogic={counts} metricsLogic={metricsLogic} />, {
      path: '/user/dashboard',
      stored: employer,
    });
    expect(await screen.findByText('Welcome, Erin.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your profile' })).not.toBeInTheDocument();
    expect(reads).toHaveLength(0);
  });
});

describe('the job seeker’s jobs on the dashboard', () => {
  function opened(side = seekerSide()) {
    const { logic } = server();
    const app = renderInApp(
      <DashboardPage completionLogic={logic} seekerLogic={side.logic} saveLogic={side.saveLogic} invitationsLogic={noInvitations} />,
      { path: '/user/dashboard', stored: seeker },
    );
    return { ...side, app };
  }
  const countCard = (name: string) => screen.getByRole('region', { name });

  it('counts the jobs applied to, saved and matching, each with a way to them, and the applications by status', async () => {
    opened();
    await screen.findByRole('region', { name: 'Applied jobs' });
    expect(countCard('Applied jobs')).toHaveTextContent('8');
    expect(within(countCard('Applied jobs')).getByRole('link', { name: 'See your applications' })).toHaveAttribute(
      'href',
      '/user/applied-jobs',
    );
    expect(countCard('Saved jobs')).toHaveTextContent('5');
    expect(within(countCard('Saved jobs')).getByRole('link', { name: 'See saved jobs' })).toHaveAttribute('href', '/user/saved-jobs');
    expect(countCard('Matching jobs')).toHaveTextContent('14');
    expect(within(countCard('Matching jobs')).getByRole('link', { name: 'See jobs for you' })).toHaveAttribute('href', '#jobs-for-you');
    const byStatus = within(countCard('Your applications by status'))
      .getAllByRole('listitem')
      .map((li) => li.textContent!.replace(/^\W+/, ''));
    expect(byStatus).toEqual(['Applied2', 'Reviewed1', 'Interviewing1', 'Offered1', 'Hired1', 'Rejected1', 'Withdrawn1']);
    // The profile card stays.
    expect(screen.getByRole('region', { name: 'Your profile' })).toBeInTheDocument();
  });

  it('lists the best matching jobs with the skills they share and how far they are', async () => {
    opened();
    const section = await screen.findByRole('region', { name: 'Jobs for you' });
    const jobs = await within(section).findAllByRole('article');
    expect(jobs).toHaveLength(5);
    expect(jobs[0]).toHaveAccessibleName('Barista');
    expect(jobs[0]).toHaveTextContent('Matches 2 of 3 skills');
    expect(jobs[0]).toHaveTextContent('2.4 mi away');
    expect(jobs[2]).toHaveTextContent('Matches 1 of 3 skills');
    expect(within(jobs[0]!).getByRole('link', { name: 'Barista' })).toHaveAttribute('href', `/jobs/${matchedJobs[0]!.id}`);
    expect(within(section).getByRole('link', { name: 'Search all jobs' })).toHaveAttribute('href', '/user/search-jobs');
  });

  it('saves a job for you and counts it at once', async () => {
    const { app, saves } = opened();
    const section = await screen.findByRole('region', { name: 'Jobs for you' });
    await within(section).findAllByRole('article');
    await app.user.click(within(section).getByRole('button', { name: 'Save: Barista' }));
    expect(await within(section).findByRole('button', { name: 'Saved: Barista' })).toHaveAttribute('aria-pressed', 'true');
    expect(saves).toEqual([{ jobId: matchedJobs[0]!.id, save: true }]);
    expect(countCard('Saved jobs')).toHaveTextContent('6');
  });

  it('says how to get matches when none match yet', async () => {
    opened(seekerSide({ counts: sampleDashboardCount({ matchedJobs: 0 }), matches: [] }));
    expect(await screen.findByText(/No open job matches your profile yet/)).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Jobs for you' });
    expect(within(section).getByRole('link', { name: 'Add skills' })).toHaveAttribute('href', '/user/settings/skills');
    expect(within(section).getByRole('link', { name: 'Set preferences' })).toHaveAttribute('href', '/user/settings/preferences');
    expect(within(section).getByRole('link', { name: 'Find jobs' })).toHaveAttribute('href', '/user/search-jobs');
  });

  it('shows what loads while the other part is still loading or failed, and reads a part again on request', async () => {
    const side = seekerSide({});
    const { app } = opened(side);
    expect(await screen.findByText('Loading your job numbers…')).toBeInTheDocument();
    expect(screen.getByText('Loading jobs for you…')).toBeInTheDocument();
    await side.fail('counts');
    expect(screen.getByText('Your job numbers could not be loaded.')).toBeInTheDocument();
    await side.answer('matches', matchedJobs.slice(0, 5));
    expect(within(screen.getByRole('region', { name: 'Jobs for you' })).getAllByRole('article')).toHaveLength(5);
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(side.reads.counts).toHaveLength(2);
    await side.answer('counts', sampleDashboardCount());
    expect(countCard('Applied jobs')).toHaveTextContent('8');
  });

  it('says when the jobs for you cannot be loaded, and reads them again on request', async () => {
    const side = seekerSide({ counts: sampleDashboardCount() });
    const { app } = opened(side);
    await screen.findByText('Loading jobs for you…');
    await side.fail('matches');
    const section = screen.getByRole('region', { name: 'Jobs for you' });
    expect(within(section).getByRole('alert')).toHaveTextContent('The jobs for you could not be loaded.');
    await app.user.click(within(section).getByRole('button', { name: 'Try again' }));
    await side.answer('matches', matchedJobs.slice(0, 5));
    expect(within(section).getAllByRole('article')).toHaveLength(5);
  });
});
