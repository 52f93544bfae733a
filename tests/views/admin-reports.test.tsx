import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { routeTable } from '../../src/app/route-table.ts';
import { AdminMessages, type ReportAction, type ReportQueue } from '../../src/contract/admin.ts';
import { reportsMachine, type ReportsQuery } from '../../src/machines/admin/reports.machine.ts';
import { resolveReportMachine, type ResolvedReports } from '../../src/machines/admin/resolve-report.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import {
  demoReportQueue,
  demoResolved,
  northwind,
  openGroups,
  quickCash,
  resolvedGroups,
  scamGroup,
} from '../../src/views/admin/office-stories-support.ts';
import ReportsPage from '../../src/views/admin/reports.view.tsx';
import { renderInApp, storedSessionFor } from '../support/client/app-harness.tsx';
import { deferred } from '../support/client/model.ts';

const superAdmin = storedSessionFor({ id: 'a-1', email: 'admin@demo.local', firstName: 'Avery', lastName: 'Quinn', role: 'SuperAdmin' });

type ResolveInput = { jobPostId: string; action: ReportAction; note: string };

/** The reports page with its reads answered from the demo (or `load`) and its resolutions by `resolve`; every call recorded. */
function reportsPage(
  options: {
    path?: string;
    load?: (q: ReportsQuery) => Promise<ReportQueue>;
    resolve?: (input: ResolveInput) => Promise<ResolvedReports>;
  } = {},
) {
  const loads: ReportsQuery[] = [];
  const resolutions: ResolveInput[] = [];
  const logic = reportsMachine.provide({
    actors: {
      load: fromPromise<ReportQueue, ReportsQuery>(({ input }) => {
        loads.push(input);
        return options.load ? options.load(input) : Promise.resolve(demoReportQueue(input));
      }),
      resolve: resolveReportMachine.provide({
        actors: {
          resolve: fromPromise<ResolvedReports, ResolveInput>(({ input }) => {
            resolutions.push(input);
            const g = openGroups.find((x) => x.job.id === input.jobPostId)!;
            return options.resolve ? options.resolve(input) : Promise.resolve(demoResolved(g, input.action, input.note));
          }),
        },
      }),
    },
  });
  const app = renderInApp(<ReportsPage logic={logic} />, { path: options.path ?? '/back-office/reports', stored: superAdmin });
  return { app, loads, resolutions };
}

const groupCard = (title: string) => screen.getByRole('article', { name: new RegExp(`^${title}`) });

describe('the back office routes of the reports, the audit trail and the settings', () => {
  it('are pages of their own, for SuperAdmins only', () => {
    const routes = routeTable.filter((r) => ['/back-office/reports', '/back-office/audit', '/back-office/settings'].includes(r.path));
    expect(routes).toEqual([
      { path: '/back-office/reports', page: 'admin/reports.view', access: 'SuperAdmin' },
      { path: '/back-office/audit', page: 'admin/audit.view', access: 'SuperAdmin' },
      { path: '/back-office/settings', page: 'admin/settings.view', access: 'SuperAdmin' },
    ]);
  });
});

describe('the report queue', () => {
  it('shows each reported job with its company, how many reports and why, and the newest of them', async () => {
    const { loads } = reportsPage();
    expect(await screen.findByText(`${openGroups.length} jobs with open reports`)).toBeInTheDocument();
    expect(loads).toEqual([{ status: 'open', sort: 'mostReported', companyId: null, pageNumber: 1 }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Reported jobs' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reports', current: 'page' })).toBeInTheDocument();

    const card = groupCard(scamGroup.job.title);
    expect(within(card).getByRole('link', { name: scamGroup.job.title })).toHaveAttribute('href', `/jobs/${scamGroup.job.id}`);
    expect(within(card).getByRole('link', { name: quickCash.name })).toHaveAttribute('href', `/back-office/company/${quickCash.id}`);
    expect(card).toHaveTextContent('Active');
    expect(card).toHaveTextContent('4 reports');
    expect(
      within(within(card).getByRole('list', { name: 'Reasons' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['It looks like a scam or asks for money: 3', 'The pay, place or duties are misleading: 1']);
    const table = within(card).getByRole('table', { name: 'The reports' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Reason', 'Details', 'Reporter', 'Reported on']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    expect(rows[0]).toHaveTextContent('It looks like a scam or asks for money');
    expect(rows[0]).toHaveTextContent('Maya Patelmaya.patel@example.com');
    expect(rows[0]).toHaveTextContent('03-11-2025');
    // The most reported first.
    expect(screen.getAllByRole('article')[0]).toBe(card);
  });

  it('moves between Open and Resolved with the keyboard; a resolved report says how, who, when and why', async () => {
    const { app, loads } = reportsPage();
    await screen.findByText(`${openGroups.length} jobs with open reports`);
    const open = screen.getByRole('tab', { name: 'Open' });
    expect(open).toHaveAttribute('aria-selected', 'true');
    act(() => open.focus());
    await app.user.keyboard('{ArrowRight}');
    expect(await screen.findByText(`${resolvedGroups.length} jobs with resolved reports`)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Resolved' })).toHaveAttribute('aria-selected', 'true');
    expect(loads.at(-1)).toEqual({ status: 'resolved', sort: 'mostReported', companyId: null, pageNumber: 1 });
    expect(app.location()).toBe('/back-office/reports?status=resolved');
    expect(screen.queryByRole('button', { name: 'Resolve' })).not.toBeInTheDocument();

    const card = groupCard('Camp Counselor');
    const table = within(card).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Reason', 'Details', 'Reporter', 'Reported on', 'Status', 'Resolved by', 'Resolved on', 'Note']);
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Reviewed: the job was closed');
    expect(row).toHaveTextContent('Avery Quinn');
    expect(row).toHaveTextContent('03-11-2025');
    expect(row).toHaveTextContent('The age limit is unlawful');
  });

  it('sorts by the newest from page 1, and pages 10 groups at a time, keeping both in the address', async () => {
    const { app, loads } = reportsPage();
    await screen.findByText(`${openGroups.length} jobs with open reports`);
    expect(screen.getAllByRole('article')).toHaveLength(10);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: /Next/ }));
    await screen.findByText('Page 2 of 2');
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(app.location()).toBe('/back-office/reports?page=2');

    await app.user.click(screen.getByRole('radio', { name: 'Newest' }));
    await screen.findByText('Page 1 of 2');
    expect(loads.map((l) => [l.sort, l.pageNumber])).toEqual([
      ['mostReported', 1],
      ['mostReported', 2],
      ['newest', 1],
    ]);
    expect(app.location()).toBe('/back-office/reports?sort=newest');
    expect(screen.getAllByRole('article')[0]).toHaveAccessibleName(/^Delivery Driver/);
  });

  it('shows one company’s reported jobs from ?companyId=, with its name and a way back to all', async () => {
    const { app, loads } = reportsPage({ path: `/back-office/reports?companyId=${northwind.id}` });
    expect(await screen.findByText(/jobs? with open reports/)).toBeInTheDocument();
    expect(loads[0]).toEqual({ status: 'open', sort: 'mostReported', companyId: northwind.id, pageNumber: 1 });
    expect(screen.getByText(/The reported jobs of/)).toHaveTextContent(`The reported jobs of ${northwind.name} only.`);
    for (const card of screen.getAllByRole('article')) expect(card).toHaveTextContent(northwind.name);

    await app.user.click(screen.getByRole('link', { name: 'Show all' }));
    await screen.findByText(`${openGroups.length} jobs with open reports`);
    expect(loads.at(-1)).toEqual({ status: 'open', sort: 'mostReported', companyId: null, pageNumber: 1 });
    expect(app.location()).toBe('/back-office/reports');
    expect(screen.queryByRole('link', { name: 'Show all' })).not.toBeInTheDocument();
  });

  it('says so when no reports are waiting', async () => {
    reportsPage({ load: async (q) => demoReportQueue(q, []) });
    expect(await screen.findByText(AdminMessages.noReports)).toBeInTheDocument();
  });

  it('shows why the queue could not be read, and reads it again', async () => {
    let fail = true;
    const { app, loads } = reportsPage({
      path: '/back-office/reports?companyId=nope',
      load: async (q) => {
        if (fail) throw new ApiError('client', 400, AdminMessages.companyNotFound);
        return demoReportQueue(q);
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(AdminMessages.companyNotFound);
    fail = false;
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(loads).toHaveLength(2));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('resolving a job’s reports', () => {
  it('opens a dialog on the first choice, checks it before sending, warns before blacklisting, and resolves', async () => {
    const answer = deferred<ResolvedReports>();
    let resolved = false;
    const { app, resolutions, loads } = reportsPage({
      resolve: () => answer.promise,
      // Once resolved, the server leaves the job out of the open queue.
      load: async (q) => demoReportQueue(q, resolved ? openGroups.filter((g) => g !== scamGroup) : openGroups),
    });
    await screen.findByText(`${openGroups.length} jobs with open reports`);
    await app.user.click(within(groupCard(scamGroup.job.title)).getByRole('button', { name: 'Resolve' }));

    const dialog = await screen.findByRole('dialog', { name: `Resolve the reports: ${scamGroup.job.title}` });
    await waitFor(() => expect(within(dialog).getByRole('radio', { name: /Dismiss the reports/ })).toHaveFocus());
    expect(within(dialog).getByRole('radio', { name: /Close the job/ })).toHaveAccessibleDescription(/The job leaves search/);

    await app.user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(within(dialog).getByText('Please choose what to do with the reports.')).toBeInTheDocument();
    expect(within(dialog).getByText(AdminMessages.note)).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('radio', { name: /Dismiss the reports/ })).toHaveFocus());
    expect(resolutions).toEqual([]);

    await app.user.keyboard('{ArrowDown}{ArrowDown}');
    expect(within(dialog).getByRole('radio', { name: /Blacklist the company/ })).toBeChecked();
    expect(within(dialog).getByText('Warning:').closest('p')).toHaveTextContent(`blacklisting ${quickCash.name} signs out all its staff`);
    await app.user.type(within(dialog).getByRole('textbox', { name: 'Note (required)' }), 'Charges applicants fees.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Blacklist and resolve' }));
    expect(resolutions).toEqual([{ jobPostId: scamGroup.job.id, action: 'blacklistCompany', note: 'Charges applicants fees.' }]);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();

    resolved = true;
    await act(async () => answer.resolve(demoResolved(scamGroup, 'blacklistCompany', 'Charges applicants fees.')));
    expect(await screen.findByText(AdminMessages.reportsCompanyBlacklisted(4))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('article', { name: new RegExp(`^${scamGroup.job.title}`) })).not.toBeInTheDocument();
    // The button is gone with its group: the focus waits on the queue's count.
    await waitFor(() => expect(screen.getByText(/jobs with open reports/)).toHaveFocus());
    expect(loads).toHaveLength(2);
  });

  it('shows the server’s word on the note at the note, and Escape closes the dialog back on its button', async () => {
    const { app } = reportsPage({
      resolve: async () => {
        throw new ApiError('client', 400, AdminMessages.note, [AdminMessages.note], { note: AdminMessages.note });
      },
    });
    await screen.findByText(`${openGroups.length} jobs with open reports`);
    const button = within(groupCard(scamGroup.job.title)).getByRole('button', { name: 'Resolve' });
    await app.user.click(button);
    const dialog = await screen.findByRole('dialog');
    await app.user.click(within(dialog).getByRole('radio', { name: /Close the job/ }));
    await app.user.type(within(dialog).getByRole('textbox', { name: 'Note (required)' }), 'Closing.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    const note = within(dialog).getByRole('textbox', { name: 'Note (required)' });
    await waitFor(() => expect(note).toHaveAccessibleDescription(expect.stringContaining(AdminMessages.note)));

    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
    expect(groupCard(scamGroup.job.title)).toBeInTheDocument();
  });
});
