import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route, useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { routeTable } from '../../src/app/route-table.ts';
import {
  AdminMessages,
  type AdminCompanyList,
  type AdminDashboard,
  type AdminRecruiterDetail,
  type AdminRecruiterList,
  type CompanyListQuery,
  type RecruitersByCompanyQuery,
} from '../../src/contract/admin.ts';
import { companiesMachine } from '../../src/machines/admin/companies.machine.ts';
import { adminDashboardMachine } from '../../src/machines/admin/dashboard.machine.ts';
import { recruiterPageMachine } from '../../src/machines/admin/recruiter.machine.ts';
import { recruitersMachine } from '../../src/machines/admin/recruiters.machine.ts';
import { ApiError, HttpMessages } from '../../src/services/http.ts';
import {
  answerCompanies,
  answerRecruiters,
  demoDashboard,
  demoRecruiterDetail,
  demoRecruiters,
  northwind,
  quickCash,
} from '../../src/views/admin/admin-stories-support.ts';
import CompaniesPage from '../../src/views/admin/companies.view.tsx';
import AdminDashboardPage from '../../src/views/admin/dashboard.view.tsx';
import RecruiterPage from '../../src/views/admin/recruiter.view.tsx';
import RecruitersPage from '../../src/views/admin/recruiters.view.tsx';
import DashboardPage from '../../src/views/dashboard/dashboard.view.tsx';
import { renderInApp, storedSessionFor } from '../support/client/app-harness.tsx';

const admin = storedSessionFor({ id: 'sa-1', email: 'admin@demo.local', firstName: 'Sam', lastName: 'Carter', role: 'SuperAdmin' });
const offline = new ApiError('network', 0, HttpMessages.network);

/** Lets a test move the address as Back, Forward or a link would. */
const nav: { go?: (to: string) => void } = {};
function Navigator() {
  const [, navigate] = useLocation();
  nav.go = navigate;
  return null;
}

describe('the back-office routes', () => {
  it('serves every back-office page to a SuperAdmin alone, each loaded by route, none of them coming soon', () => {
    const backOffice = routeTable.filter((r) => r.path.startsWith('/back-office/'));
    expect(backOffice.map((r) => [r.path, r.page])).toEqual([
      ['/back-office/dashboard', 'admin/dashboard.view'],
      ['/back-office/company', 'admin/companies.view'],
      ['/back-office/company/:id', 'admin/company.view'],
      ['/back-office/recruiters', 'admin/recruiters.view'],
      ['/back-office/recruiters/:id', 'admin/recruiter.view'],
      ['/back-office/reports', 'admin/reports.view'],
      ['/back-office/audit', 'admin/audit.view'],
      ['/back-office/settings', 'admin/settings.view'],
      ['/back-office/messages', 'admin/messages.view'],
    ]);
    expect(new Set(backOffice.map((r) => r.access))).toEqual(new Set(['SuperAdmin']));
  });

  it('sends a SuperAdmin from the general dashboard to the back office', async () => {
    const app = renderInApp(<DashboardPage />, { path: '/user/dashboard', stored: admin });
    await waitFor(() => expect(app.location()).toBe('/back-office/dashboard'));
    expect(screen.queryByText(/coming soon/)).not.toBeInTheDocument();
  });
});

describe('the back-office dashboard', () => {
  function dashboard(load: () => Promise<AdminDashboard> = async () => demoDashboard()) {
    let calls = 0;
    const logic = adminDashboardMachine.provide({
      actors: {
        load: fromPromise(() => {
          calls++;
          return load();
        }),
      },
    });
    const app = renderInApp(<AdminDashboardPage logic={logic} />, { path: '/back-office/dashboard', stored: admin });
    return { app, calls: () => calls };
  }

  it('shows the counts, each leading to its list, and the last 30 days a series at a time', async () => {
    const { app } = dashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Back Office Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the dashboard…');
    const states = await screen.findByRole('list', { name: 'Companies by state' });
    expect(within(states).getByRole('link', { name: 'Active' })).toHaveAttribute('href', '/back-office/company?status=active');
    expect(within(states).getByRole('link', { name: 'Blacklisted' })).toHaveAttribute('href', '/back-office/company?status=blacklisted');
    expect(within(states).getByRole('link', { name: 'Awaiting verification' })).toHaveAttribute(
      'href',
      '/back-office/company?status=awaitingVerification',
    );
    expect(within(states).getByRole('link', { name: 'Inactive' })).toHaveAttribute('href', '/back-office/company?status=inactive');
    expect(screen.getByRole('link', { name: 'Reports waiting' })).toHaveAttribute('href', '/back-office/reports');
    expect(screen.getByText('Job seekers').nextElementSibling).toHaveTextContent('18,240');
    expect(screen.getByText('Open jobs').nextElementSibling).toHaveTextContent('2,315');
    expect(screen.getByText('Applications this week').nextElementSibling).toHaveTextContent('1,287');
    expect(screen.getByText('Boost revenue this month').nextElementSibling).toHaveTextContent('$12,483');

    // The chart arrives after the counts; its series are tabs, moved between with the arrow keys.
    const tabs = await screen.findByRole('tablist', { name: 'Series' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['New companies', 'New job seekers', 'Jobs posted', 'Applications']);
    expect(screen.getByRole('group', { name: 'New companies per day' })).toBeInTheDocument();
    act(() => within(tabs).getByRole('tab', { name: 'New companies' }).focus());
    await app.user.keyboard('{ArrowRight}');
    expect(within(tabs).getByRole('tab', { name: 'New job seekers' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('group', { name: 'New job seekers per day' })).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'Show as table' }));
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'New companies', 'New job seekers', 'Jobs posted', 'Applications']);
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(within(table).getAllByRole('row').at(-1)!.firstChild).toHaveTextContent('03-12-2025');
  });

  it('says why it could not read the dashboard, and reads it again on Try again', async () => {
    let fail = true;
    const { app, calls } = dashboard(async () => {
      if (fail) throw offline;
      return demoDashboard();
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(HttpMessages.network);
    fail = false;
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Companies by state' })).toBeInTheDocument();
    expect(calls()).toBe(2);
  });
});

describe('the company list', () => {
  function companies(
    path = '/back-office/company',
    answer: (q: CompanyListQuery) => Promise<AdminCompanyList> = async (q) => answerCompanies(q),
  ) {
    const calls: CompanyListQuery[] = [];
    const logic = companiesMachine.provide({
      actors: {
        load: fromPromise<AdminCompanyList, CompanyListQuery>(({ input }) => {
          calls.push(input);
          return answer(input);
        }),
      },
    });
    const app = renderInApp(
      <>
        <Navigator />
        <CompaniesPage logic={logic} />
      </>,
      { path, stored: admin },
    );
    return { app, calls };
  }
  const rows = () =>
    within(screen.getByRole('table', { name: 'Companies' }))
      .getAllByRole('row')
      .slice(1);

  it('lists companies newest first, 10 a page, each row leading to its company', async () => {
    const { app, calls } = companies();
    expect(await screen.findByText('12 companies')).toBeInTheDocument();
    expect(calls).toEqual([{ sort: 'newest', pageNumber: 1, pageSize: 10 }]);
    const table = screen.getByRole('table', { name: 'Companies' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Company', 'State', 'TIN', 'Owner', 'Staff', 'Open jobs', 'Open reports', 'Created']);
    expect(rows()).toHaveLength(10);
    const first = rows()[0]!;
    expect(within(first).getByRole('link', { name: northwind.displayName })).toHaveAttribute(
      'href',
      `/back-office/company/${northwind.id}`,
    );
    expect(first).toHaveTextContent(northwind.legalName);
    expect(first).toHaveTextContent(`••••${northwind.tinLastFour}`);
    expect(first).toHaveTextContent('Robin Halerobin@northwind.example');
    expect(within(rows()[2]!).getByText('Blacklisted')).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ pageNumber: 2 }));
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(app.location()).toBe('/back-office/company?page=2');
  });

  it('searches after a pause from page 1, keeps the list in the address, and follows the address back', async () => {
    const { app, calls } = companies('/back-office/company?page=2');
    await screen.findByText('Page 2 of 2');
    await app.user.type(screen.getByRole('searchbox', { name: 'Search companies' }), 'cascade');
    await waitFor(() => expect(calls.at(-1)).toEqual({ search: 'cascade', sort: 'newest', pageNumber: 1, pageSize: 10 }));
    // One call for the whole word, not one a key.
    expect(calls).toHaveLength(2);
    await waitFor(() => expect(app.location()).toBe('/back-office/company?q=cascade'));
    expect(await screen.findByText('1 company')).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: /State/ }));
    await app.user.click(await screen.findByRole('option', { name: 'Blacklisted' }));
    await waitFor(() =>
      expect(calls.at(-1)).toEqual({ search: 'cascade', status: 'blacklisted', sort: 'newest', pageNumber: 1, pageSize: 10 }),
    );
    expect(await screen.findByText(AdminMessages.noCompanies)).toBeInTheDocument();
    await waitFor(() => expect(app.location()).toBe('/back-office/company?q=cascade&status=blacklisted'));

    await app.user.click(screen.getByRole('button', { name: /Sort by/ }));
    await app.user.click(await screen.findByRole('option', { name: 'Most open reports' }));
    await waitFor(() => expect(app.location()).toBe('/back-office/company?q=cascade&status=blacklisted&sort=openReports'));

    // Back: the list before, with its search in the box.
    act(() => nav.go!('/back-office/company?q=cascade'));
    await waitFor(() => expect(calls.at(-1)).toEqual({ search: 'cascade', sort: 'newest', pageNumber: 1, pageSize: 10 }));
    expect(await screen.findByText('1 company')).toBeInTheDocument();
    act(() => nav.go!('/back-office/company'));
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search companies' })).toHaveValue(''));
    expect(await screen.findByText('12 companies')).toBeInTheDocument();
  });

  it('opens on the list a link holds, and takes a TIN only as its last four digits', async () => {
    const { app, calls } = companies('/back-office/company?status=blacklisted');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent(quickCash.displayName);
    expect(calls[0]).toEqual({ status: 'blacklisted', sort: 'newest', pageNumber: 1, pageSize: 10 });
    expect(screen.getByRole('button', { name: /State/ })).toHaveTextContent('Blacklisted');

    const tin = screen.getByRole('textbox', { name: 'TIN, last four digits' });
    await app.user.type(tin, '12');
    expect(await screen.findByText(AdminMessages.tinLastFour)).toBeInTheDocument();
    expect(tin).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(1);
    await app.user.type(tin, `{Backspace}{Backspace}${quickCash.tinLastFour}{Enter}`);
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ tinLastFour: quickCash.tinLastFour, pageNumber: 1 }));
    expect(screen.queryByText(AdminMessages.tinLastFour)).not.toBeInTheDocument();
  });

  it('says why the list could not be read, and reads it again', async () => {
    let fail = true;
    const { app } = companies('/back-office/company', async (q) => {
      if (fail) throw offline;
      return answerCompanies(q);
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(HttpMessages.network);
    fail = false;
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('12 companies')).toBeInTheDocument();
  });
});

describe('the recruiters', () => {
  it('finds recruiters by their company’s name, each leading to their page and their company', async () => {
    const calls: RecruitersByCompanyQuery[] = [];
    const logic = recruitersMachine.provide({
      actors: {
        load: fromPromise<AdminRecruiterList, RecruitersByCompanyQuery>(async ({ input }) => {
          calls.push(input);
          return answerRecruiters(input);
        }),
      },
    });
    const app = renderInApp(<RecruitersPage logic={logic} />, { path: '/back-office/recruiters', stored: admin });
    expect(screen.getByText('Type a company’s name to see its recruiters.')).toBeInTheDocument();
    await app.user.type(screen.getByRole('searchbox', { name: 'Company name' }), 'northwind');
    expect(await screen.findByText('3 recruiters')).toBeInTheDocument();
    expect(calls).toEqual([{ companyName: 'northwind', pageNumber: 1, pageSize: 10 }]);
    const casey = demoRecruiters[0]!;
    expect(screen.getByRole('link', { name: casey.name })).toHaveAttribute('href', `/back-office/recruiters/${casey.id}`);
    expect(screen.getAllByRole('link', { name: northwind.displayName })[0]).toHaveAttribute('href', `/back-office/company/${northwind.id}`);
    await waitFor(() => expect(app.location()).toBe('/back-office/recruiters?company=northwind'));
    await app.user.clear(screen.getByRole('searchbox', { name: 'Company name' }));
    expect(await screen.findByText('Type a company’s name to see its recruiters.')).toBeInTheDocument();
  });

  function recruiter(load: () => Promise<AdminRecruiterDetail>) {
    const logic = recruiterPageMachine.provide({ actors: { load: fromPromise(load) } });
    const id = demoRecruiters[0]!.id;
    return renderInApp(
      <Route path="/back-office/recruiters/:id">
        <RecruiterPage logic={logic} />
      </Route>,
      { path: `/back-office/recruiters/${id}`, stored: admin },
    );
  }

  it('shows the person, their company, who invited them and their jobs by status', async () => {
    recruiter(async () => demoRecruiterDetail());
    expect(await screen.findByRole('heading', { level: 1, name: 'Casey Nguyen' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: northwind.displayName })).toHaveAttribute('href', `/back-office/company/${northwind.id}`);
    expect(screen.getByText('Invited by').nextElementSibling).toHaveTextContent('Robin Hale (robin@northwind.example)');
    expect(screen.getByRole('list', { name: 'Jobs by status' })).toHaveTextContent('Active: 2Closed: 1Expired: 0Deleted: 0');
    expect(within(screen.getByRole('table', { name: 'Their jobs, newest first' })).getAllByRole('row')).toHaveLength(4);
  });

  it('says when there is no such recruiter, with the way back', async () => {
    recruiter(async () => {
      throw new ApiError('client', 404, AdminMessages.recruiterNotFound);
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(AdminMessages.recruiterNotFound);
    expect(screen.getByRole('link', { name: 'Back to the recruiters' })).toHaveAttribute('href', '/back-office/recruiters');
  });
});
