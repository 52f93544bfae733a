import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { CompletionStatus } from '../../src/contract/account.ts';
import { profileCompletionMachine } from '../../src/machines/account/profile-completion.machine.ts';
import { companyCountsMachine } from '../../src/machines/company/company-counts.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { profileChanges } from '../../src/services/profile-changes.ts';
import DashboardPage from '../../src/views/dashboard/dashboard.view.tsx';
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
const full: CompletionStatus = { ...half, isCompleted: true, completedPercentage: 100, educationComplete: true, preferencesComplete: true, documentsComplete: true };

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

describe('the job seeker dashboard', () => {
  it('shows how complete the profile is, what is missing, and a link to each section', async () => {
    const { logic, answer } = server();
    renderInApp(<DashboardPage completionLogic={logic} />, { path: '/user/dashboard', stored: seeker });
    expect(await screen.findByText('Welcome, Maria.')).toBeInTheDocument();
    expect(screen.getByText('Loading your profile…')).toBeInTheDocument();
    await answer(half);

    const bar = screen.getByRole('progressbar', { name: 'Your profile is 50% complete. Complete it so employers can find you.' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    const card = screen.getByRole('region', { name: 'Your profile' });
    const rows = within(card).getAllByRole('listitem').map((li) => li.textContent);
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
    renderInApp(<DashboardPage completionLogic={logic} />, { path: '/user/dashboard', stored: seeker });
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
    const { user } = renderInApp(<DashboardPage completionLogic={logic} />, { path: '/user/dashboard', stored: seeker });
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
    const counts = companyCountsMachine.provide({ actors: { load: fromPromise<{ postedJobs: number; applicants: number }>(() => new Promise(() => {})) } });
    renderInApp(<DashboardPage completionLogic={logic} countsLogic={counts} />, { path: '/user/dashboard', stored: employer });
    expect(await screen.findByText('Welcome, Erin.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your profile' })).not.toBeInTheDocument();
    expect(reads).toHaveLength(0);
  });
});
