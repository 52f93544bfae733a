import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { routeTable } from '../../src/app/route-table.ts';
import {
  ApplicantMessages,
  type Applicant,
  type ApplicantDetail,
  type ApplicantListRequest,
  type ApplicantPage,
  type ApplicationDocument,
  type DocumentPreview,
  type JobWithApplicants,
  type StaffStatus,
} from '../../src/contract/applicants.ts';
import { applicantDetailMachine, type StatusResult } from '../../src/machines/applicants/applicant-detail.machine.ts';
import { applicantListMachine } from '../../src/machines/applicants/applicant-list.machine.ts';
import { documentPreviewMachine } from '../../src/machines/applicants/document-preview.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import ApplicantsPage from '../../src/views/applicants/applicants.view.tsx';
import { JobRowActions } from '../../src/views/posting/job-row-actions.view.tsx';
import { nurse } from '../support/client/job-fixtures.ts';
import {
  applicantPage,
  demoApplicants,
  demoDetail,
  demoJobsWithApplicants,
} from '../../src/views/applicants/applicants-stories-support.ts';
import { renderInApp, storedSessionFor } from '../support/client/app-harness.tsx';
import { deferred } from '../support/client/model.ts';
import { widenScreen } from '../support/client/wide-screen.ts';

const recruiter = storedSessionFor({
  id: 'r-1',
  email: 'amir@northwind.example',
  firstName: 'Amir',
  lastName: 'Nguyen',
  role: 'Recruiter',
});
const [maria] = demoApplicants as [Applicant];
const firstPage = applicantPage(demoApplicants, 23);

type Handler<I, O> = (input: I) => Promise<O>;

function stubbed(
  options: {
    path?: string;
    load?: Handler<ApplicantListRequest, ApplicantPage>;
    detail?: Handler<{ id: string }, ApplicantDetail>;
    setStatus?: Handler<{ id: string; status: StaffStatus }, StatusResult>;
    preview?: Handler<string, DocumentPreview>;
  } = {},
) {
  const calls = {
    loads: [] as ApplicantListRequest[],
    details: [] as string[],
    statuses: [] as Array<{ id: string; status: StaffStatus }>,
    documents: [] as string[],
    previews: [] as string[],
  };
  const logic = applicantListMachine.provide({
    actors: {
      load: fromPromise<ApplicantPage, ApplicantListRequest>(({ input }) => {
        calls.loads.push(input);
        return (options.load ?? (async () => firstPage))(input);
      }),
      loadJobs: fromPromise<JobWithApplicants[]>(async () => demoJobsWithApplicants),
    },
  });
  const detailLogic = applicantDetailMachine.provide({
    actors: {
      load: fromPromise<ApplicantDetail, { id: string }>(({ input }) => {
        calls.details.push(input.id);
        return (options.detail ?? (async ({ id }) => demoDetail(demoApplicants.find((a) => a.id === id)!)))(input);
      }),
      setStatus: fromPromise<StatusResult, { id: string; status: StaffStatus }>(({ input }) => {
        calls.statuses.push(input);
        return options.setStatus ? options.setStatus(input) : Promise.reject(new Error('unexpected call'));
      }),
    },
  });
  const fetchDocument = async (doc: ApplicationDocument) => {
    calls.documents.push(doc.id);
    return { blob: new Blob(['%PDF']), filename: doc.name };
  };
  const previewLogic = documentPreviewMachine.provide({
    actors: {
      load: fromPromise<DocumentPreview, string>(({ input }) => {
        calls.previews.push(input);
        return (options.preview ?? (() => Promise.reject(new Error('unexpected call'))))(input);
      }),
    },
  });
  const app = renderInApp(
    <ApplicantsPage logic={logic} detailLogic={detailLogic} fetchDocument={fetchDocument} previewLogic={previewLogic} />,
    {
      path: options.path ?? '/user/applicants',
      stored: recruiter,
    },
  );
  return { app, calls };
}

const card = async (name: string) => (await screen.findByRole('article', { name: new RegExp(name) })) as HTMLElement;

describe('the applicants page', () => {
  it('serves /user/applicants and /dashboard/applicants to the company’s staff', () => {
    for (const path of ['/user/applicants', '/dashboard/applicants']) {
      expect(routeTable.find((r) => r.path === path)).toMatchObject({ page: 'applicants/applicants.view', access: 'companyStaff' });
    }
  });

  it('shows each applicant as a card on a narrow screen: name, New, job, date, skills matched and status', async () => {
    stubbed();
    expect(await screen.findByRole('heading', { level: 1, name: 'Applicants' })).toBeInTheDocument();
    const first = await card('Maria Lopez');
    expect(within(first).getByText('New')).toBeInTheDocument();
    expect(first).toHaveTextContent('Night Nurse');
    expect(first).toHaveTextContent('Applied 03-14-2026');
    expect(first).toHaveTextContent('Skills matched: 2 of 3');
    expect(first).toHaveTextContent('Applied');
    const hired = await card('Lee Park');
    expect(within(hired).queryByText('New')).not.toBeInTheDocument();
    expect(hired).toHaveTextContent('Hired');
    expect(screen.getByText('23 applicants')).toBeInTheDocument();
  });

  it('shows a table on a wide screen', async () => {
    widenScreen();
    stubbed();
    const table = await screen.findByRole('table', { name: 'Applicants' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Job', 'Applied', 'Skills matched', 'Status']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect([within(rows[1]!).getByRole('rowheader'), ...within(rows[1]!).getAllByRole('cell')].map((c) => c.textContent)).toEqual([
      'Sam Okaforsam@example.com',
      'Line Cook',
      '03-10-2026',
      '1 of 1',
      '☎Interviewing',
    ]);
  });

  it('opens on the job of ?jobId=, and a job chosen goes into the address, from page 1', async () => {
    const job = demoJobsWithApplicants[1]!;
    const { app, calls } = stubbed({ path: `/user/applicants?jobId=${demoJobsWithApplicants[0]!.jobId}` });
    await card('Maria Lopez');
    expect(calls.loads[0]).toMatchObject({ jobId: demoJobsWithApplicants[0]!.jobId, pageNumber: 1 });
    await app.user.click(screen.getByRole('button', { name: /Job/ }));
    await app.user.click(await screen.findByRole('option', { name: job.title }));
    await waitFor(() => expect(calls.loads.at(-1)).toMatchObject({ jobId: job.jobId, pageNumber: 1 }));
    expect(app.location()).toBe(`/user/applicants?jobId=${job.jobId}`);
  });

  it('opens with the filter of ?filter= (a step of the dashboard pipeline)', async () => {
    const { calls } = stubbed({ path: '/user/applicants?filter=Interviewing' });
    await card('Maria Lopez');
    expect(calls.loads[0]).toMatchObject({ filter: 'Interviewing', pageNumber: 1 });
    expect(screen.getByRole('button', { name: /Show/ })).toHaveTextContent('Interviewing');
  });

  it('ignores a ?filter= that is not one of the list', async () => {
    const { calls } = stubbed({ path: '/user/applicants?filter=Everyone' });
    await card('Maria Lopez');
    expect(calls.loads[0]).toMatchObject({ filter: 'All' });
  });

  it('filters, orders and searches, each from page 1', async () => {
    const { app, calls } = stubbed({ load: async (req) => (req.search ? applicantPage([maria], 1) : firstPage) });
    await app.user.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls.loads.at(-1)).toMatchObject({ pageNumber: 2 }));
    await app.user.click(screen.getByRole('button', { name: /Show/ }));
    await app.user.click(await screen.findByRole('option', { name: 'New' }));
    await waitFor(() => expect(calls.loads.at(-1)).toMatchObject({ filter: 'New', pageNumber: 1 }));
    await app.user.click(screen.getByRole('button', { name: /Sort by/ }));
    await app.user.click(await screen.findByRole('option', { name: 'Name, A to Z' }));
    await waitFor(() => expect(calls.loads.at(-1)).toMatchObject({ order: 'name', ascending: true, pageNumber: 1 }));
    await app.user.type(screen.getByRole('searchbox', { name: 'Search applicants' }), 'maria');
    await waitFor(() => expect(calls.loads.at(-1)).toMatchObject({ search: 'maria', pageNumber: 1 }));
    expect(await screen.findByText('1 applicant')).toBeInTheDocument();
  });

  it('says when there are no applicants, and when none match', async () => {
    const { app } = stubbed({ load: async (req) => applicantPage([], 0, req.pageNumber as number) });
    expect(await screen.findByText('No applicants yet.')).toBeInTheDocument();
    await app.user.type(screen.getByRole('searchbox', { name: 'Search applicants' }), 'zed{Enter}');
    expect(await screen.findByText('No applicants match your search.')).toBeInTheDocument();
  });

  it('opens an applicant in a panel: seen (no longer New), documents, skills, history and only the allowed statuses', async () => {
    const result = deferred<StatusResult>();
    const reviewed = { ...maria, isNew: false, status: 'Reviewed' as const };
    let moved = false;
    const { app, calls } = stubbed({
      detail: async () => (moved ? demoDetail(reviewed) : demoDetail(maria)),
      setStatus: () => result.promise,
    });
    await app.user.click(within(await card('Maria Lopez')).getByRole('button', { name: 'Maria Lopez' }));
    const panel = await screen.findByRole('dialog', { name: 'Maria Lopez' });
    expect(calls.details).toEqual([maria.id]);
    await waitFor(() =>
      expect(within(screen.getByRole('article', { name: /Maria Lopez/, hidden: true })).queryByText('New')).not.toBeInTheDocument(),
    );
    expect(within(panel).getByText(/2 of 3 matched/)).toBeInTheDocument();
    const asked = within(panel).getByRole('list', { name: 'The job’s skills' });
    expect(
      within(asked)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['✓ Patient care (matched)', '✓ First aid (matched)', 'Night shifts']);
    expect(
      within(within(panel).getByRole('list', { name: 'Other skills' }))
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['Spanish']);
    expect(within(panel).getByText('Nurse', { selector: 'strong' })).toBeInTheDocument();
    expect(within(panel).getByText('Bachelor of Science')).toBeInTheDocument();

    await app.user.click(within(panel).getByRole('link', { name: 'Download Resume.pdf' }));
    expect(calls.documents).toEqual(['d0000000-0000-4000-8000-0000000000r1']);

    await app.user.click(within(panel).getByRole('button', { name: /Change status/ }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual(['Reviewed', 'Interviewing', 'Offered', 'Rejected']);
    await app.user.click(screen.getByRole('menuitem', { name: 'Reviewed' }));
    expect(calls.statuses).toEqual([{ id: maria.id, status: 'Reviewed' }]);
    moved = true;
    await act(async () => result.resolve({ applicant: reviewed, message: ApplicantMessages.statusChanged }));
    expect(await screen.findByText(ApplicantMessages.statusChanged)).toBeInTheDocument();
    await waitFor(() => expect(calls.details).toHaveLength(2));
    expect(within(screen.getByRole('article', { name: /Maria Lopez/, hidden: true })).getByText('Reviewed')).toBeInTheDocument();
    expect(await within(panel).findByText(/Applied → Reviewed/)).toBeInTheDocument();

    await app.user.click(within(panel).getByRole('button', { name: 'Close applicant' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('previews the résumé as text in a frame with no permissions, once read; a failed read may be tried again', async () => {
    let fail = true;
    const { app, calls } = stubbed({
      preview: async () => {
        if (fail) throw new ApiError('server', 500, 'Something went wrong!!!');
        return { name: 'Resume.pdf', text: 'Maria Lopez\nRN <script>alert(1)</script> & more', complete: false };
      },
    });
    await app.user.click(within(await card('Maria Lopez')).getByRole('button', { name: 'Maria Lopez' }));
    const panel = await screen.findByRole('dialog', { name: 'Maria Lopez' });
    const phone = within(panel).getByRole('link', { name: /\(\d{3}\) \d{3}-\d{4}/ });
    expect(phone.getAttribute('href')).toMatch(/^tel:\+1\d{10}$/);
    const [resume] = await within(panel).findAllByRole('button', { name: 'Preview' });
    await app.user.click(resume!);
    expect(await within(panel).findByText('Resume.pdf could not be read for a preview.')).toBeInTheDocument();
    fail = false;
    await app.user.click(within(panel).getByRole('button', { name: 'Try again' }));
    const frame = await within(panel).findByTitle('Preview of Resume.pdf');
    expect(frame.getAttribute('sandbox')).toBe('');
    const page = frame.getAttribute('srcdoc')!;
    expect(page).toContain('Maria Lopez\nRN &lt;script&gt;alert(1)&lt;/script&gt; &amp; more');
    expect(page).not.toContain('<script>');
    expect(within(panel).getByText('The preview shows the first pages only. Download the document to read all of it.')).toBeInTheDocument();
    // Hidden and shown again without reading it twice.
    await app.user.click(within(panel).getByRole('button', { name: 'Hide preview' }));
    expect(within(panel).queryByTitle('Preview of Resume.pdf')).not.toBeInTheDocument();
    await app.user.click(within(panel).getAllByRole('button', { name: 'Preview' })[0]!);
    expect(await within(panel).findByTitle('Preview of Resume.pdf')).toBeInTheDocument();
    expect(calls.previews).toEqual(['d0000000-0000-4000-8000-0000000000r1', 'd0000000-0000-4000-8000-0000000000r1']);
  });

  it('says when a document has no text to preview', async () => {
    const { app } = stubbed({ preview: async () => ({ name: 'Resume.pdf', text: '  ', complete: false }) });
    await app.user.click(within(await card('Maria Lopez')).getByRole('button', { name: 'Maria Lopez' }));
    const panel = await screen.findByRole('dialog', { name: 'Maria Lopez' });
    await app.user.click((await within(panel).findAllByRole('button', { name: 'Preview' }))[0]!);
    expect(
      await within(panel).findByText('This document has no text to preview (it may be a scanned image). Download it to read it.'),
    ).toBeInTheDocument();
  });

  it('offers no status change for a hired applicant, and says a refusal in the server’s words', async () => {
    const refused = 'An application that is interviewing cannot be moved to offered.';
    const { app } = stubbed({ setStatus: async () => Promise.reject(new ApiError('client', 409, refused, [refused])) });
    await app.user.click(within(await card('Lee Park')).getByRole('button', { name: 'Lee Park' }));
    const hired = await screen.findByRole('dialog', { name: 'Lee Park' });
    expect(await within(hired).findByText('This status is final.')).toBeInTheDocument();
    expect(within(hired).queryByRole('button', { name: /Change status/ })).not.toBeInTheDocument();
    await app.user.click(within(hired).getByRole('button', { name: 'Close applicant' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await app.user.click(within(await card('Sam Okafor')).getByRole('button', { name: 'Sam Okafor' }));
    const panel = await screen.findByRole('dialog', { name: 'Sam Okafor' });
    await app.user.click(await within(panel).findByRole('button', { name: /Change status/ }));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Offered' }));
    expect(await within(panel).findByText(refused)).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: /Sam Okafor/, hidden: true })).getByText('Interviewing')).toBeInTheDocument();
  });

  it('is reached from a job of the company’s job list, on that job’s applicants', async () => {
    const app = renderInApp(<JobRowActions job={nurse} busy={false} disabled={false} onAction={() => undefined} />, {
      path: '/user/jobs',
      stored: recruiter,
    });
    const link = screen.getByRole('link', { name: `Applicants for ${nurse.title}` });
    expect(link).toHaveAttribute('href', `/user/applicants?jobId=${nurse.id}`);
    await app.user.click(link);
    expect(app.location()).toBe(`/user/applicants?jobId=${nurse.id}`);
  });
});
