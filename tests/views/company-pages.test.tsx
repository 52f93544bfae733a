import { act, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'wouter';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { CompanyMessages, type DashboardCount, type PublicCompany } from '../../src/contract/company.ts';
import type { Employer } from '../../src/contract/employer.ts';
import { ProfileMessages } from '../../src/contract/jobseeker.ts';
import { companyCountsMachine } from '../../src/machines/company/company-counts.machine.ts';
import { employerProfileMachine, type EmployerField } from '../../src/machines/company/employer-profile.machine.ts';
import { publicCompanyMachine } from '../../src/machines/company/public-company.machine.ts';
import type { EmployerMetrics } from '../../src/contract/metrics.ts';
import type { DateRange } from '../../src/machines/metrics/date-range.machine.ts';
import { employerMetricsMachine } from '../../src/machines/metrics/employer-metrics.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import PublicCompanyPage from '../../src/views/company/public-company.view.tsx';
import { sampleEmployer, samplePublicCompany } from '../../src/views/company/stories-support.tsx';
import DashboardPage from '../../src/views/dashboard/dashboard.view.tsx';
import ProfileSettingsPage from '../../src/views/jobseeker/profile-settings.view.tsx';
import { renderInApp, storedSessionFor } from '../support/client/app-harness.tsx';
import { deferred } from '../support/client/model.ts';

const employer = storedSessionFor({ id: 'em-1', email: 'robin@example.com', firstName: 'Robin', lastName: 'Hale', role: 'Employer' });
const recruiter = storedSessionFor({ id: 'rc-1', email: 'casey@example.com', firstName: 'Casey', lastName: 'Hale', role: 'Recruiter' });

/** The dashboard's last 30 days, still on their way: the counts are what these tests are about. */
const metricsLogic = employerMetricsMachine.provide({
  actors: { load: fromPromise<EmployerMetrics, DateRange>(() => new Promise(() => {})) },
});

function counts() {
  const reads: Array<ReturnType<typeof deferred<DashboardCount>>> = [];
  const logic = companyCountsMachine.provide({
    actors: {
      load: fromPromise<DashboardCount>(() => {
        const read = deferred<DashboardCount>();
        reads.push(read);
        return read.promise;
      }),
    },
  });
  const answer = async (value: DashboardCount | Error) =>
    act(async () => (value instanceof Error ? reads.at(-1)!.reject(value) : reads.at(-1)!.resolve(value)));
  return { logic, reads, answer };
}

describe('the dashboard of an employer or a recruiter', () => {
  const none: DashboardCount = {
    postedJobs: 0,
    applicants: 0,
    activeJobs: 0,
    newApplicants: 0,
    toReview: 0,
    interviewing: 0,
    offered: 0,
    hired: 0,
  };
  it("shows the company's job posts and applicants as cards with links, and the company's settings", async () => {
    const { logic, answer } = counts();
    renderInApp(<DashboardPage countsLogic={logic} metricsLogic={metricsLogic} />, { path: '/user/dashboard', stored: employer });
    expect(await screen.findByText('Welcome, Robin.')).toBeInTheDocument();
    expect(screen.getByText("Loading your company's numbers…")).toBeInTheDocument();
    await answer({ postedJobs: 3, applicants: 12, activeJobs: 2, newApplicants: 4, toReview: 5, interviewing: 2, offered: 1, hired: 0 });
    const posts = screen.getByRole('region', { name: 'Job posts' });
    expect(posts).toHaveTextContent('3');
    expect(posts).toHaveTextContent('2 open to applications');
    expect(within(posts).getByRole('link', { name: 'Manage job posts' })).toHaveAttribute('href', '/user/jobs');
    const applicants = screen.getByRole('region', { name: 'Applicants' });
    expect(applicants).toHaveTextContent('12');
    expect(applicants).toHaveTextContent('4 not opened yet');
    expect(within(applicants).getByRole('link', { name: 'See applicants' })).toHaveAttribute('href', '/user/applicants');
    // Each step of the pipeline opens the applicants at that step.
    const pipeline = screen.getByRole('region', { name: 'Applicant pipeline' });
    expect(
      within(pipeline)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['4New', '/user/applicants?filter=New'],
      ['5To review', '/user/applicants?filter=Applied'],
      ['2Interviewing', '/user/applicants?filter=Interviewing'],
      ['1Offered', '/user/applicants?filter=Offered'],
      ['0Hired', '/user/applicants?filter=Hired'],
    ]);
    const company = screen.getByRole('navigation', { name: 'Your company' });
    expect(
      within(company)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      '/user/settings/company-details',
      '/user/settings/company-details?section=company-logo',
      '/user/settings/company-details?section=feature-images',
      '/user/staff',
    ]);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('reads zero before any job is posted, for a recruiter too (no staff link)', async () => {
    const { logic, answer } = counts();
    renderInApp(<DashboardPage countsLogic={logic} metricsLogic={metricsLogic} />, { path: '/user/dashboard', stored: recruiter });
    await screen.findByText('Welcome, Casey.');
    await answer(none);
    expect(
      within(screen.getByRole('region', { name: 'Job posts' })).getByRole('link', { name: 'Post your first job' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Applicants' })).toHaveTextContent('0');
    expect(screen.queryByRole('link', { name: 'Staff' })).not.toBeInTheDocument();
  });

  it('says when the numbers cannot be loaded, and reads them again on request', async () => {
    const { logic, reads, answer } = counts();
    const { user } = renderInApp(<DashboardPage countsLogic={logic} metricsLogic={metricsLogic} />, {
      path: '/user/dashboard',
      stored: employer,
    });
    await screen.findByText("Loading your company's numbers…");
    await answer(new ApiError('server', 500, 'Something went wrong!!!'));
    expect(screen.getByRole('alert')).toHaveTextContent("Your company's numbers could not be loaded.");
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reads).toHaveLength(2);
    await answer({ ...none, postedJobs: 1, activeJobs: 1 });
    expect(screen.getByRole('region', { name: 'Job posts' })).toHaveTextContent('1');
  });
});

describe("the employer's profile", () => {
  function stubbed() {
    const load = deferred<Employer>();
    const saves: Array<Record<EmployerField, string>> = [];
    let save = deferred<{ profile: Employer; message: string }>();
    const logic = employerProfileMachine.provide({
      actors: {
        load: fromPromise(() => load.promise),
        save: fromPromise<{ profile: Employer; message: string }, Record<EmployerField, string>>(({ input }) => {
          saves.push(input);
          save = deferred();
          return save.promise;
        }),
      },
    });
    return {
      logic,
      load,
      saves,
      answer: async (v: { profile: Employer; message: string } | Error) =>
        act(async () => (v instanceof Error ? save.reject(v) : save.resolve(v))),
    };
  }

  it('is on /user/settings/profile for an employer: name and phone to edit, email and company shown', async () => {
    const s = stubbed();
    const app = renderInApp(<ProfileSettingsPage employerLogic={s.logic} />, { path: '/user/settings/profile', stored: employer });
    expect(await screen.findByText('Loading your details…')).toBeInTheDocument();
    await act(async () => s.load.resolve(sampleEmployer));
    expect(screen.getByLabelText('First Name')).toHaveValue('Robin');
    expect(screen.getByLabelText('Phone Number')).toHaveValue('(360) 555-0142');
    expect(screen.getByText('robin@halefreight.example.com')).toBeInTheDocument();
    expect(screen.getByText('Hale Freight')).toBeInTheDocument();
    const settings = screen.getByRole('navigation', { name: 'Settings' });
    expect(
      within(settings)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Profile', 'Company Details', 'Staff', 'Change Password']);
    expect(within(settings).getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');

    const first = screen.getByLabelText('First Name');
    await app.user.clear(first);
    await app.user.type(first, 'Robyn');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(s.saves).toEqual([{ firstName: 'Robyn', lastName: 'Hale', phoneNumber: '(360) 555-0142' }]);
    await s.answer({ profile: { ...sampleEmployer, firstName: 'Robyn' }, message: CompanyMessages.employerSaved });
    expect((await screen.findAllByText(CompanyMessages.employerSaved)).length).toBeGreaterThan(0);
    await waitFor(() => expect(app.session().getSnapshot().context.session?.user.firstName).toBe('Robyn'));
  });

  it('says when the details could not be read, and reads them again on Try again', async () => {
    let loads = 0;
    const logic = employerProfileMachine.provide({
      actors: {
        load: fromPromise<Employer>(async () => {
          loads++;
          if (loads === 1) throw new ApiError('server', 500, 'Something went wrong!!!');
          return sampleEmployer;
        }),
      },
    });
    const app = renderInApp(<ProfileSettingsPage employerLogic={logic} />, { path: '/user/settings/profile', stored: employer });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your details could not be loaded.');
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('First Name')).toHaveValue('Robin');
    expect(loads).toBe(2);
  });

  it('refuses a phone number that is not one, once the field is left', async () => {
    const s = stubbed();
    const app = renderInApp(<ProfileSettingsPage employerLogic={s.logic} />, { path: '/user/settings/profile', stored: employer });
    await act(async () => s.load.resolve(sampleEmployer));
    const phone = await screen.findByLabelText('Phone Number');
    await app.user.clear(phone);
    await app.user.type(phone, '555-01');
    await app.user.tab();
    expect(screen.getByText(ProfileMessages.phone)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});

describe('the public company page', () => {
  function page(path = `/companies/${samplePublicCompany.id}`) {
    const asked: string[] = [];
    const load = deferred<PublicCompany>();
    const logic = publicCompanyMachine.provide({
      actors: {
        load: fromPromise<PublicCompany, { id: string }>(({ input }) => {
          asked.push(input.id);
          return load.promise;
        }),
      },
    });
    const app = renderInApp(
      <Route path="/companies/:id">
        <PublicCompanyPage logic={logic} />
      </Route>,
      { path },
    );
    return { ...app, asked, load };
  }

  it('shows anyone the company: logo, name, the Verified business badge with its date, place, website, pictures, about, and no jobs yet', async () => {
    const p = page();
    expect(await screen.findByText('Loading the company…')).toBeInTheDocument();
    expect(p.asked).toEqual([samplePublicCompany.id]);
    await act(async () => p.load.resolve(samplePublicCompany));
    expect(screen.getByRole('heading', { level: 1, name: 'Hale Freight' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Hale Freight logo' })).toHaveAttribute('src', samplePublicCompany.logoUrl);
    expect(screen.getByText('Verified business').closest('p')).toHaveTextContent(/^Verified business· verified 03-0[56]-2024$/);
    expect(screen.getByText('Vancouver, WA')).toBeInTheDocument();
    const website = screen.getByRole('link', { name: /^halefreight\.example\.com ?\(opens in a new tab\)$/ });
    expect(website).toHaveAttribute('href', 'https://halefreight.example.com');
    expect(website).toHaveAttribute('target', '_blank');
    expect(website).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    const pictures = within(screen.getByRole('region', { name: 'Pictures of the company' })).getAllByRole('img');
    expect(pictures.map((img) => img.getAttribute('alt'))).toEqual([1, 2, 3, 4].map((n) => `Hale Freight, picture ${n} of 4`));
    expect(screen.getByRole('region', { name: 'About Hale Freight' })).toHaveTextContent('We move freight across the Pacific Northwest.');
    expect(within(screen.getByRole('region', { name: 'Open jobs' })).getByText('No open jobs right now.')).toBeInTheDocument();
  });

  it('says plainly when a company has no pictures, logo, about or website', async () => {
    const p = page();
    await act(async () =>
      p.load.resolve({ ...samplePublicCompany, logoUrl: null, featuredImages: [], about: null, website: null, city: null, state: null }),
    );
    expect(screen.getByText('Hale Freight has not written about itself yet.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Pictures of the company' })).not.toBeInTheDocument();
  });

  it('tells when the company is not there (unknown, blacklisted, inactive)', async () => {
    const p = page('/companies/not-a-company');
    expect(p.asked).toEqual(['not-a-company']);
    await act(async () => p.load.reject(ApiError.of('company.notFound', CompanyMessages.companyNotFound)));
    expect(screen.getByRole('heading', { level: 1, name: 'Company not found' })).toBeInTheDocument();
    expect(screen.getByText(CompanyMessages.companyNotFound)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
  });

  it('offers to try again when the page cannot be loaded', async () => {
    const p = page();
    await act(async () => p.load.reject(new ApiError('network', 0, 'Network Error!, Please check your connection.')));
    expect(screen.getByRole('alert')).toHaveTextContent('The company could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
