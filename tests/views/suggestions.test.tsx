import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { fromPromise } from 'xstate';
import { routeTable } from '../../src/app/route-table.ts';
import type { ApplicantListRequest, ApplicantPage, JobWithApplicants } from '../../src/contract/applicants.ts';
import {
  invitationLink,
  SuggestionMessages,
  type SeekerInvitationPage,
  type SentInvitationPage,
  type SentInvitationsRequest,
  type SuggestedSeekerPage,
} from '../../src/contract/suggestions.ts';
import { applicantListMachine } from '../../src/machines/applicants/applicant-list.machine.ts';
import { invitationViewedMachine } from '../../src/machines/suggestions/invitation-viewed.machine.ts';
import { seekerInvitationsMachine } from '../../src/machines/suggestions/seeker-invitations.machine.ts';
import { sentInvitationsMachine, type InviteJobOption } from '../../src/machines/suggestions/sent-invitations.machine.ts';
import { suggestedSeekersMachine, type InviteAnswer } from '../../src/machines/suggestions/suggested-seekers.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import ApplicantsPage from '../../src/views/applicants/applicants.view.tsx';
import { applicantPage, demoApplicants, demoJobsWithApplicants } from '../../src/views/applicants/applicants-stories-support.ts';
import JobPage from '../../src/views/jobs/job-page.view.tsx';
import { InvitationsCard } from '../../src/views/suggestions/invitations-card.tsx';
import InvitesPage from '../../src/views/suggestions/invites.view.tsx';
import {
  demoJob,
  demoJobs,
  demoSeekerInvitations,
  demoSeekers,
  demoSent,
  inviteResults,
  suggestedPage,
} from '../../src/views/suggestions/suggestions-stories-support.ts';
import { renderInApp, storedSessionFor } from '../support/client/app-harness.tsx';
import { stubbedJobPage } from '../support/client/job-page-harness.tsx';
import { widenScreen } from '../support/client/wide-screen.ts';

const recruiter = storedSessionFor({
  id: 'r-1',
  email: 'amir@northwind.example',
  firstName: 'Amir',
  lastName: 'Nguyen',
  role: 'Recruiter',
});
const seeker = storedSessionFor({ id: 'js-1', email: 'maria@example.com', firstName: 'Maria', lastName: 'Lopez', role: 'JobSeeker' });
const [priya, elena, marcus] = demoSeekers as [(typeof demoSeekers)[number], (typeof demoSeekers)[number], (typeof demoSeekers)[number]];

/** The applicants page of one job with its suggested seekers served by the test. */
function applicantsOfJob(path = `/user/applicants?jobId=${demoJob.id}`) {
  const calls = { suggested: [] as unknown[], invites: [] as unknown[], many: [] as unknown[] };
  const logic = applicantListMachine.provide({
    actors: {
      load: fromPromise<ApplicantPage, ApplicantListRequest>(async () => applicantPage(demoApplicants.slice(0, 2), 2)),
      loadJobs: fromPromise<JobWithApplicants[]>(async () => demoJobsWithApplicants),
    },
  });
  let seekers = demoSeekers;
  const suggestionsLogic = suggestedSeekersMachine.provide({
    actors: {
      load: fromPromise<SuggestedSeekerPage, { jobId: string; pageNumber: number }>(async ({ input }) => {
        calls.suggested.push(input);
        return suggestedPage(seekers);
      }),
      inviteOne: fromPromise<InviteAnswer, { jobId: string; jobSeekerId: string }>(async ({ input }) => {
        calls.invites.push(input);
        if (input.jobSeekerId === elena.id) throw new ApiError('server', 409, SuggestionMessages.alreadyApplied);
        const results = inviteResults([input.jobSeekerId], seekers);
        seekers = seekers.map((s) => (s.id === input.jobSeekerId ? { ...s, invitedAt: results[0]!.invitedAt } : s));
        return { results, message: SuggestionMessages.invited };
      }),
      inviteMany: fromPromise<InviteAnswer, { jobId: string; jobSeekerIds: string[] }>(async ({ input }) => {
        calls.many.push(input);
        return { results: inviteResults(input.jobSeekerIds, seekers), message: `${input.jobSeekerIds.length} invitations are sent.` };
      }),
    },
  });
  const app = renderInApp(<ApplicantsPage logic={logic} suggestionsLogic={suggestionsLogic} />, { path, stored: recruiter });
  return { app, calls };
}

const row = (name: string) => screen.getByRole('article', { name: new RegExp(name) });

describe('suggested job seekers on a job’s applicants', () => {
  it('offers them only when the applicants are of one job', async () => {
    applicantsOfJob('/user/applicants');
    await screen.findByRole('heading', { level: 1, name: 'Applicants' });
    await screen.findAllByRole('article');
    expect(screen.queryByRole('button', { name: 'Suggested job seekers' })).not.toBeInTheDocument();
  });

  it('lists the seekers who match the job, best first, with what matched, and who was invited', async () => {
    const { app, calls } = applicantsOfJob();
    await app.user.click(await screen.findByRole('button', { name: 'Suggested job seekers' }));
    const panel = await screen.findByRole('dialog', { name: 'Suggested job seekers' });
    await within(panel).findByRole('list', { name: 'Suggested job seekers' });
    expect(calls.suggested).toEqual([{ jobId: demoJob.id, pageNumber: 1 }]);
    expect(
      within(panel)
        .getAllByRole('article')
        .map((a) => within(a).getByRole('heading').textContent),
    ).toEqual(demoSeekers.map((s) => s.name));
    const first = row('Priya Shah');
    expect(first).toHaveTextContent('Match 94%');
    expect(first).toHaveTextContent('Warehouse Associate · Vancouver · 1.2 mi away');
    expect(first).toHaveTextContent('Skills matched 2 of 3: Order picking, Packing');
    const before = row('Marcus Bell');
    expect(before).toHaveTextContent('Invited 03-10-2026');
    expect(within(before).getByRole('checkbox')).toBeDisabled();
    expect(within(before).queryByRole('button', { name: /Invite/ })).not.toBeInTheDocument();
    expect(within(panel).getByText('5 job seekers · 0 selected')).toBeInTheDocument();
  });

  it('invites one seeker: the row says invited; a refusal is shown and the row stays', async () => {
    const { app, calls } = applicantsOfJob();
    await app.user.click(await screen.findByRole('button', { name: 'Suggested job seekers' }));
    await screen.findByRole('list', { name: 'Suggested job seekers' });
    await app.user.click(screen.getByRole('button', { name: 'Invite Priya Shah' }));
    await waitFor(() => expect(row('Priya Shah')).toHaveTextContent('Invited 03-15-2026'));
    expect(screen.getByRole('status')).toHaveTextContent(SuggestionMessages.invited);
    expect(calls.invites).toEqual([{ jobId: demoJob.id, jobSeekerId: priya.id }]);

    await app.user.click(screen.getByRole('button', { name: 'Invite Elena Torres' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(SuggestionMessages.alreadyApplied));
    expect(within(row('Elena Torres')).getByRole('button', { name: 'Invite Elena Torres' })).toBeEnabled();
  });

  it('invites the chosen seekers at once, from the keyboard too', async () => {
    const { app, calls } = applicantsOfJob();
    await app.user.click(await screen.findByRole('button', { name: 'Suggested job seekers' }));
    await screen.findByRole('list', { name: 'Suggested job seekers' });
    expect(screen.getByRole('button', { name: 'Invite selected' })).toBeDisabled();
    within(row('Priya Shah')).getByRole('checkbox', { name: 'Priya Shah' }).focus();
    await app.user.keyboard(' ');
    await app.user.click(within(row('Elena Torres')).getByRole('checkbox'));
    expect(screen.getByText('5 job seekers · 2 selected')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Invite selected (2)' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('2 invitations are sent.'));
    expect(calls.many).toEqual([{ jobId: demoJob.id, jobSeekerIds: [priya.id, elena.id] }]);
    expect(row('Priya Shah')).toHaveTextContent('Invited');
    expect(row('Elena Torres')).toHaveTextContent('Invited');
    expect(screen.getByText('5 job seekers · 0 selected')).toBeInTheDocument();
    // "Select all" now picks the two left who can be invited.
    await app.user.click(screen.getByRole('button', { name: 'Select all on this page' }));
    expect(screen.getByText('5 job seekers · 2 selected')).toBeInTheDocument();
    expect(within(row(marcus.name)).getByRole('checkbox')).not.toBeChecked();
  });

  it('closes with the close button and gives the focus back', async () => {
    const { app } = applicantsOfJob();
    const open = await screen.findByRole('button', { name: 'Suggested job seekers' });
    await app.user.click(open);
    await screen.findByRole('list', { name: 'Suggested job seekers' });
    await app.user.click(screen.getByRole('button', { name: 'Close suggested job seekers' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(open).toHaveFocus());
  });
});

function invitesPage(
  answer: (input: SentInvitationsRequest) => Promise<SentInvitationPage> = async () => ({
    items: demoSent,
    total: 14,
    pageNumber: 1,
    pageSize: 10,
  }),
) {
  const loads: SentInvitationsRequest[] = [];
  const logic = sentInvitationsMachine.provide({
    actors: {
      load: fromPromise<SentInvitationPage, SentInvitationsRequest>(({ input }) => {
        loads.push(input);
        return answer(input);
      }),
      loadJobs: fromPromise<InviteJobOption[]>(async () => demoJobs),
    },
  });
  const app = renderInApp(<InvitesPage logic={logic} />, { path: '/user/invites', stored: recruiter });
  return { app, loads };
}

describe('the invitations sent page', () => {
  it('serves /user/invites to the company’s staff, in its own chunk', () => {
    expect(routeTable.filter((r) => r.path === '/user/invites')).toEqual([
      { path: '/user/invites', page: 'suggestions/invites.view', access: 'companyStaff' },
    ]);
  });

  it('lists the invitations as cards: who, which job, when, by whom and where each stands', async () => {
    invitesPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Invitations sent' })).toBeInTheDocument();
    const viewed = await screen.findByRole('article', { name: 'Elena Torres' });
    expect(viewed).toHaveTextContent('Viewed');
    expect(viewed).toHaveTextContent('Invited 03-12-2026 by Erin Price · Viewed 03-12-2026');
    expect(within(viewed).getByRole('link', { name: demoJob.title })).toHaveAttribute('href', `/user/applicants?jobId=${demoJob.id}`);
    expect(screen.getByRole('article', { name: 'Marcus Bell' })).toHaveTextContent('Applied 03-09-2026');
    expect(screen.getByRole('article', { name: 'Priya Shah' })).toHaveTextContent('Not opened yet');
    expect(screen.getByText('14 invitations')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
  });

  it('shows a table on a wide screen', async () => {
    widenScreen();
    invitesPage();
    const table = await screen.findByRole('table', { name: 'Invitations sent' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Job seeker', 'Job', 'Invited', 'Invited by', 'Status']);
    expect(within(table).getAllByRole('row')).toHaveLength(demoSent.length + 1);
  });

  it('filters by job and status, back on page 1, and pages on', async () => {
    const { app, loads } = invitesPage();
    await screen.findByRole('article', { name: 'Elena Torres' });
    await app.user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(loads).toHaveLength(2));
    await app.user.click(screen.getByRole('button', { name: /Status/ }));
    await app.user.click(await screen.findByRole('option', { name: 'Applied' }));
    await app.user.click(screen.getByRole('button', { name: /Job/ }));
    await app.user.click(await screen.findByRole('option', { name: 'Line Cook' }));
    await waitFor(() => expect(loads).toHaveLength(4));
    expect(loads).toEqual([
      { pageNumber: 1, pageSize: 10, jobId: null, status: null },
      { pageNumber: 2, pageSize: 10, jobId: null, status: null },
      { pageNumber: 1, pageSize: 10, jobId: null, status: 'applied' },
      { pageNumber: 1, pageSize: 10, jobId: demoJobs[1]!.id, status: 'applied' },
    ]);
  });

  it('says when nothing was sent yet, and when the list cannot be loaded, with a retry', async () => {
    let fail = true;
    const { app } = invitesPage(async () => {
      if (fail) throw new ApiError('server', 500, 'Something went wrong!!!');
      return { items: [], total: 0, pageNumber: 1, pageSize: 10 };
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong!!!');
    fail = false;
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No invitations sent yet.')).toBeInTheDocument();
  });
});

describe('the seeker dashboard’s invitations', () => {
  const cardWith = (page: SeekerInvitationPage | Error) =>
    seekerInvitationsMachine.provide({
      actors: {
        load: fromPromise<SeekerInvitationPage>(async () => {
          if (page instanceof Error) throw page;
          return page;
        }),
      },
    });

  it('lists each invitation with its job, company, place, date and status, linking to the job', async () => {
    renderInApp(<InvitationsCard logic={cardWith({ items: demoSeekerInvitations, total: 7, pageNumber: 1, pageSize: 5 })} />, {
      path: '/user/dashboard',
      stored: seeker,
    });
    const card = await screen.findByRole('region', { name: 'Invitations' });
    const items = within(card).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByRole('link', { name: demoJob.title })).toHaveAttribute('href', invitationLink(demoJob.id, 'v1'));
    expect(items[0]).toHaveTextContent('Demo Hiring Co · Vancouver, WA');
    expect(items[0]).toHaveTextContent('Invited 03-14-2026');
    expect(items[0]).toHaveTextContent('Sent');
    expect(items[2]).toHaveTextContent('This job no longer takes applications');
    expect(items[2]).toHaveTextContent('Applied');
    expect(card).toHaveTextContent('Newest 3 of 7');
  });

  it('shows nothing without invitations, and a retry when they cannot be read', async () => {
    const { unmount } = renderInApp(<InvitationsCard logic={cardWith({ items: [], total: 0, pageNumber: 1, pageSize: 5 })} />, {
      path: '/user/dashboard',
      stored: seeker,
    });
    await waitFor(() => expect(screen.queryByText('Loading your invitations…')).not.toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'Invitations' })).not.toBeInTheDocument();
    unmount();
    renderInApp(<InvitationsCard logic={cardWith(new ApiError('server', 500, 'Something went wrong!!!'))} />, {
      path: '/user/dashboard',
      stored: seeker,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your invitations could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('a job opened from an invitation', () => {
  const INVITE = '3f1e0000-0000-4000-8000-0000000000c1';
  const JOB = demoJob.id;
  const viewedLogic = (marked: string[]) =>
    invitationViewedMachine.provide({
      actors: {
        markViewed: fromPromise<unknown, string>(async ({ input }) => {
          marked.push(input);
          return null;
        }),
      },
    });
  const open = (path: string, stored: typeof seeker | null, marked: string[]) =>
    renderInApp(
      <Route path="/jobs/:id">
        <JobPage logic={stubbedJobPage().logic} viewedLogic={viewedLogic(marked)} />
      </Route>,
      { path, stored },
    );

  it('tells the company the seeker viewed it, once', async () => {
    const marked: string[] = [];
    open(`/jobs/${JOB}?invite=${INVITE}`, seeker, marked);
    await waitFor(() => expect(marked).toEqual([INVITE]));
  });

  it('tells nothing for a visitor, a job opened without an invitation, or an address that is not one', async () => {
    const marked: string[] = [];
    const a = open(`/jobs/${JOB}?invite=${INVITE}`, null, marked);
    await screen.findAllByRole('link', { name: /Back to search/ });
    a.unmount();
    const b = open(`/jobs/${JOB}`, seeker, marked);
    await screen.findAllByRole('link', { name: /Back to search/ });
    b.unmount();
    open(`/jobs/${JOB}?invite=not-an-id`, seeker, marked);
    await screen.findAllByRole('link', { name: /Back to search/ });
    expect(marked).toEqual([]);
  });
});
