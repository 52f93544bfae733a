import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { JobMessages } from '../../src/contract/jobs.ts';
import type { JobPostListItem } from '../../src/contract/posting.ts';
import { saveJobMachine, type SaveJobEmitted } from '../../src/machines/jobs/save-job.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { distanceLabel, JobCard } from '../../src/views/jobs/job-card.tsx';
import { jobsLabel } from '../../src/views/jobs/search-results.tsx';

const job: JobPostListItem & { distanceMiles: number } = {
  id: '0b7f4a1e-2c3d-4e5f-8a9b-0c1d2e3f4a5b',
  title: 'Forklift Operator',
  jobType: [{ id: 1, name: 'Full-time' }],
  minimumExperience: 1,
  maximumExperience: 3,
  dateOfPosted: '2026-03-04T17:00:00.000Z',
  createdDate: '2026-03-03T17:00:00.000Z',
  location: { city: 'Vancouver', state: 'WA' },
  geoLatitude: 45.63,
  geoLongitude: -122.67,
  compensation: { minimumAmount: 18.5, maximumAmount: 22, rate: 'Hourly' },
  skills: [
    { id: 404, name: 'Forklift', match: true },
    { id: 405, name: 'Inventory', match: false },
  ],
  company: { id: 'c-1', name: 'Columbia Freight' },
  companyName: 'Columbia Freight',
  type: 'onsite',
  isRemote: false,
  isBoosted: true,
  boostPlacements: ['featuredStrip', 'badge'],
  openToMinors: true,
  userActions: { isSaved: false },
  distanceMiles: 3.24,
};

/** The save toggle with its server call answered by `answer`, recording what it asked. */
function saving(answer: (save: boolean) => Promise<boolean>) {
  const calls: boolean[] = [];
  const logic = saveJobMachine.provide({
    actors: {
      change: fromPromise<boolean, { jobId: string; save: boolean }>(({ input }) => {
        calls.push(input.save);
        return answer(input.save);
      }),
    },
  });
  return { logic, calls };
}

describe('job card', () => {
  it('shows the job as the lists do: pay, place and distance, experience, posting day, skills the seeker has', () => {
    render(<JobCard job={job} />);
    const card = screen.getByRole('article', { name: 'Forklift Operator' });
    expect(within(card).getByRole('link', { name: 'Forklift Operator' })).toHaveAttribute(
      'href',
      '/jobs/0b7f4a1e-2c3d-4e5f-8a9b-0c1d2e3f4a5b',
    );
    expect(card).toHaveTextContent('Columbia Freight');
    expect(card).toHaveTextContent('Vancouver, WA · 3.2 mi away');
    expect(card).toHaveTextContent('$18.50–$22.00 an hour');
    expect(card).toHaveTextContent('1–3 years');
    expect(card).toHaveTextContent('03-04-2026');
    expect(card).toHaveTextContent('Featured');
    expect(card).toHaveTextContent('Open to applicants aged 16+');
    const skills = within(card).getByRole('list', { name: 'Skills' });
    expect(within(skills).getByText(/Forklift/)).toHaveTextContent('(you have this skill)');
    expect(within(skills).getByText('Inventory')).not.toHaveTextContent('you have');
    expect(within(card).queryByRole('button', { name: /Save/ })).toBeNull();
  });

  it('shows the “Featured” badge when the job’s boost gives it, and none without', () => {
    const { unmount } = render(<JobCard job={{ ...job, boostPlacements: ['featuredStrip', 'searchLift', 'badge', 'highlightedPin'] }} />);
    expect(screen.getByRole('article', { name: 'Forklift Operator' })).toHaveTextContent('Featured');
    unmount();
    render(<JobCard job={{ ...job, isBoosted: false, boostPlacements: [] }} />);
    expect(screen.getByRole('article', { name: 'Forklift Operator' })).not.toHaveTextContent('Featured');
  });

  it('says Unpaid and None by the display rules, and Remote without a distance', () => {
    render(
      <JobCard
        job={{
          ...job,
          type: 'remote',
          isRemote: true,
          distanceMiles: null,
          compensation: { minimumAmount: 0, maximumAmount: 0, rate: 'Hourly' },
          maximumExperience: 0,
        }}
      />,
    );
    const card = screen.getByRole('article', { name: 'Forklift Operator' });
    expect(card).toHaveTextContent('Unpaid');
    expect(card).toHaveTextContent('ExperienceNone');
    expect(card).toHaveTextContent('WhereRemote');
    expect(card).not.toHaveTextContent('mi away');
  });

  it('saves and unsaves for a job seeker, telling the list each change', async () => {
    const user = userEvent.setup();
    const { logic, calls } = saving(async (save) => save);
    const changes: SaveJobEmitted[] = [];
    render(<JobCard job={job} saveable saveLogic={logic} onSaveChange={(c) => changes.push(c)} />);
    const toggle = screen.getByRole('button', { name: 'Save: Forklift Operator' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Saved: Forklift Operator' })).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByRole('status')).toHaveTextContent(JobMessages.saved);
    await user.click(screen.getByRole('button', { name: 'Saved: Forklift Operator' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(JobMessages.unsaved));
    expect(calls).toEqual([true, false]);
    expect(changes.map((c) => c.isSaved)).toEqual([true, false]);
  });

  it('stays unsaved and says why when the server refuses', async () => {
    const user = userEvent.setup();
    const { logic } = saving(() => Promise.reject(new ApiError('client', 400, JobMessages.savedLimit)));
    render(<JobCard job={job} saveable saveLogic={logic} />);
    await user.click(screen.getByRole('button', { name: 'Save: Forklift Operator' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(JobMessages.savedLimit);
    expect(screen.getByRole('button', { name: 'Save: Forklift Operator' })).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('distance label', () => {
  it('gives tenths under 10 miles, whole miles above, nothing without a distance', () => {
    expect(distanceLabel(0.04)).toBe('0.0 mi away');
    expect(distanceLabel(9.96)).toBe('10.0 mi away');
    expect(distanceLabel(12.6)).toBe('13 mi away');
    expect(distanceLabel(null)).toBe('');
  });
});

describe('jobs label', () => {
  it('counts jobs, and says "or more" with a + past where the server stopped counting', () => {
    expect(jobsLabel(1)).toBe('1 job');
    expect(jobsLabel(1204)).toBe('1,204 jobs');
    expect(jobsLabel(1000, true)).toBe('1,000+ jobs');
  });
});
