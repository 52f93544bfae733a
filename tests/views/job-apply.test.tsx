import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  DocumentMessages,
  DocumentType,
  NONE_DOCUMENT,
  type DocumentEntry,
  type Documents,
  type UploadedDocument,
} from '../../src/contract/documents.ts';
import { FileMessages, MAX_UPLOAD_BYTES } from '../../src/contract/files.ts';
import { JobMessages, type Application, type JobDetail } from '../../src/contract/jobs.ts';
import { ApplyMessages } from '../../src/machines/jobs/apply.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { JOB_ID, jobDetail, seekerViewer } from '../support/client/job-page-fixtures.ts';
import { renderJobPage, seeker, stubbedJobPage, type JobPageServer } from '../support/client/job-page-harness.tsx';

const R1 = '6f1d1c1e-0000-4000-8000-0000000000a1';
const R_NEW = '6f1d1c1e-0000-4000-8000-0000000000b2';
const C1 = '6f1d1c1e-0000-4000-8000-0000000000c1';
const doc = (id: string, name: string): DocumentEntry => ({ id, name, size: 120_000, uploadedAt: '2025-03-01T10:00:00.000Z' });
const lists = (resumes: DocumentEntry[], coverLetters: DocumentEntry[]): Documents => ({
  resumes: [...resumes, NONE_DOCUMENT],
  coverLetters: [...coverLetters, NONE_DOCUMENT],
  suggestedSkills: [],
});
const some = lists([doc(R1, 'Maria Lopez - Resume.pdf')], [doc(C1, 'Cover letter.pdf')]);
const none = lists([], []);

const application = (over: Partial<Application> = {}): Application => ({
  id: 'a7d1b2c3-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  jobId: JOB_ID,
  status: 'Applied',
  appliedDate: '2025-03-10T12:00:00.000Z',
  resumeId: R1,
  coverLetterId: null,
  workAuthorization: null,
  sponsorship: null,
  ...over,
});

const strict = { requiresResume: true, requiresCoverLetter: true, requiresWorkAuthorization: true } as const;

/** The page of `job` as a seeker, with the apply dialog open and the documents read. */
async function openApply(
  job: Partial<JobDetail> = {},
  documents: Documents = some,
): Promise<{ server: JobPageServer; app: ReturnType<typeof renderJobPage>; dialog: HTMLElement }> {
  const server = stubbedJobPage();
  const app = renderJobPage(server, JOB_ID, seeker);
  await server.load.answer(jobDetail({ viewer: seekerViewer(), ...job }));
  await app.user.click(screen.getByRole('button', { name: 'Apply' }));
  const dialog = await screen.findByRole('dialog', { name: 'Apply: Warehouse Associate' });
  expect(within(dialog).getByText(ApplyMessages.loading)).toBeInTheDocument();
  await server.documents.answer(documents);
  return { server, app, dialog };
}

const fieldset = (dialog: HTMLElement, legend: RegExp) => within(dialog).getByRole('group', { name: legend });

describe('applying to a job', () => {
  it('counts the start, offers the seeker’s résumés with the newest chosen, sends, and the page shows the application', async () => {
    const { server, app, dialog } = await openApply();
    expect(server.starts).toEqual([JOB_ID]);
    const resumes = fieldset(dialog, /Résumé \(required\)/);
    // The job asks for a résumé: no "No résumé" choice.
    expect(
      within(resumes)
        .getAllByRole('radio')
        .map((r) => r.closest('label')!.textContent),
    ).toEqual(['Maria Lopez - Resume.pdf03-01-2025']);
    expect(within(resumes).getByRole('radio', { name: /Maria Lopez - Resume\.pdf/ })).toBeChecked();
    await waitFor(() => expect(within(resumes).getByRole('radio', { name: /Maria Lopez/ })).toHaveFocus());
    // The cover letter is optional: none is chosen, and None is offered.
    const letters = fieldset(dialog, /Cover letter \(optional\)/);
    expect(within(letters).getByRole('radio', { name: 'No cover letter' })).toBeChecked();
    // No work authorization questions for a job that does not ask.
    expect(within(dialog).queryByRole('radiogroup', { name: /authorized to work/ })).not.toBeInTheDocument();

    await app.user.click(within(dialog).getByRole('button', { name: 'Send application' }));
    expect(server.apply.inputs()).toEqual([
      { jobId: JOB_ID, resumeId: R1, coverLetterId: null, workAuthorization: null, sponsorship: null },
    ]);
    expect(within(dialog).getByRole('button', { name: 'Send application' })).toHaveAttribute('aria-busy', 'true');
    await server.apply.answer({ code: 'application.created', application: application() });
    expect(within(dialog).getByText(JobMessages.applied)).toBeInTheDocument();
    expect(within(dialog).getByText(/Applied on 03-10-2025/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'See your applied jobs' })).toHaveAttribute('href', '/user/applied-jobs');
    await app.user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const mine = screen.getByRole('group', { name: 'Your application' });
    expect(mine).toHaveTextContent('Status: Applied · Applied on 03-10-2025');
    await waitFor(() => expect(mine).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
  });

  it('asks for everything a strict job needs and says what is missing in the contract’s words', async () => {
    const { server, app, dialog } = await openApply(strict, none);
    expect(within(dialog).getByText('You have no résumés yet.')).toBeInTheDocument();
    expect(within(dialog).getByText('You have no cover letters yet.')).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Send application' }));
    expect(within(dialog).getByText(JobMessages.resumeRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(JobMessages.coverLetterRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(JobMessages.workAuthorizationRequired)).toBeInTheDocument();
    expect(server.apply.inputs()).toEqual([]);
    // Focus goes to the first question that says something is missing: the résumé's upload.
    await waitFor(() => expect(within(dialog).getByLabelText('Upload a new résumé')).toHaveFocus());

    const work = within(dialog).getByRole('radiogroup', { name: 'Are you authorized to work in the United States? (required)' });
    await app.user.click(within(work).getByRole('radio', { name: 'Yes' }));
    expect(within(dialog).queryByText(JobMessages.workAuthorizationRequired)).not.toBeInTheDocument();
    const sponsorship = within(dialog).getByRole('radiogroup', { name: 'Will you now or in the future need visa sponsorship? (optional)' });
    await app.user.click(within(sponsorship).getByRole('radio', { name: 'No' }));
  });

  it('uploads a résumé on the spot: progress, then it is the chosen one; the application is sent with it', async () => {
    const { server, app, dialog } = await openApply({ ...strict, requiresCoverLetter: false }, none);
    const work = within(dialog).getByRole('radiogroup', { name: /authorized to work/ });
    await app.user.click(within(work).getByRole('radio', { name: 'No' }));
    const pdf = new File([new Uint8Array(2048)], 'new-cv.pdf', { type: 'application/pdf' });
    await app.user.upload(within(dialog).getByLabelText('Upload a new résumé'), pdf);
    expect(server.uploads.map((u) => [u.kind, u.file.name])).toEqual([[DocumentType.Resume, 'new-cv.pdf']]);
    await server.uploadSays({ type: 'upload.progress', loaded: 1024, total: 2048 });
    expect(within(dialog).getByRole('progressbar', { name: /Uploading new-cv\.pdf… 50%/ })).toHaveAttribute('aria-valuenow', '50');
    // Nothing is sent while the file is on its way.
    expect(within(dialog).getByRole('button', { name: 'Send application' })).toBeDisabled();
    const uploaded: UploadedDocument = { document: doc(R_NEW, 'new-cv.pdf'), type: DocumentType.Resume, suggestedSkills: [] };
    await server.uploadSays({ type: 'upload.done', result: uploaded });
    const resumes = fieldset(dialog, /Résumé/);
    expect(within(resumes).getByRole('radio', { name: /new-cv\.pdf/ })).toBeChecked();
    expect(within(resumes).getByRole('status')).toHaveTextContent(DocumentMessages.uploaded('new-cv.pdf'));
    await app.user.click(within(dialog).getByRole('button', { name: 'Send application' }));
    expect(server.apply.inputs()).toEqual([
      { jobId: JOB_ID, resumeId: R_NEW, coverLetterId: null, workAuthorization: false, sponsorship: null },
    ]);
  });

  it('refuses a file too large before sending it; a failed upload says why; Cancel stops one', async () => {
    const { server, app, dialog } = await openApply();
    const input = () => within(dialog).getByLabelText('Upload a new cover letter');
    await app.user.upload(input(), new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], 'huge.pdf', { type: 'application/pdf' }));
    expect(within(fieldset(dialog, /Cover letter/)).getByRole('alert')).toHaveTextContent(FileMessages.tooLarge);
    expect(server.uploads).toEqual([]);

    await app.user.upload(input(), new File([new Uint8Array(10)], 'letter.pdf', { type: 'application/pdf' }));
    await server.uploadSays({ type: 'upload.failed', error: new ApiError('client', 400, FileMessages.pdfUnreadable) });
    expect(within(fieldset(dialog, /Cover letter/)).getByRole('alert')).toHaveTextContent(FileMessages.pdfUnreadable);

    await app.user.upload(input(), new File([new Uint8Array(10)], 'letter.pdf', { type: 'application/pdf' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel uploading letter.pdf' }));
    expect(server.uploads.at(-1)!.aborted).toBe(true);
    expect(within(fieldset(dialog, /Cover letter/)).getByRole('status')).toHaveTextContent(DocumentMessages.uploadCancelled);
    expect(within(fieldset(dialog, /Cover letter/)).getByRole('radio', { name: 'No cover letter' })).toBeChecked();
  });

  it('on 200 says the seeker had applied already, and the page shows that application', async () => {
    const { server, app, dialog } = await openApply();
    await app.user.click(within(dialog).getByRole('button', { name: 'Send application' }));
    await server.apply.answer({ code: 'application.alreadyApplied', application: application({ status: 'Reviewed' }) });
    expect(within(dialog).getByText(JobMessages.alreadyApplied)).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByRole('group', { name: 'Your application' })).toHaveTextContent('Status: Reviewed'));
  });

  it.each([
    ['closed', ApiError.of('job.closed', JobMessages.closed), JobMessages.closed, JobMessages.closed],
    ['expired', ApiError.of('job.expired', JobMessages.expired), JobMessages.expired, JobMessages.expired],
  ])(
    'a job found %s says so in the product’s words; the page then shows it so and offers no Apply',
    async (_name, error, message, notice) => {
      const { server, app, dialog } = await openApply();
      await app.user.click(within(dialog).getByRole('button', { name: 'Send application' }));
      await server.apply.answer(error);
      expect(within(dialog).getByRole('alert')).toHaveTextContent(message);
      await app.user.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(screen.getByRole('alert')).toHaveTextContent(notice);
      expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
    },
  );

  it('tells a seeker under 18 the job is for adults (job.adultsOnly); Apply stays on the page', async () => {
    const { server, app, dialog } = await openApply();
    await app.user.click(within(dialog).getByRole('button', { name: 'Send application' }));
    await server.apply.answer(ApiError.of('job.adultsOnly', 'Forbidden'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(JobMessages.adultsOnly);
    await app.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Apply' })).toBeInTheDocument();
  });

  it('puts the messages of application.incomplete on their fields; another failure above the buttons, to try again', async () => {
    const { server, app, dialog } = await openApply();
    await app.user.click(within(dialog).getByRole('button', { name: 'Send application' }));
    await server.apply.answer(
      ApiError.of('application.incomplete', JobMessages.resumeNotFound, { fieldErrors: { resumeId: JobMessages.resumeNotFound } }),
    );
    expect(within(fieldset(dialog, /Résumé/)).getByRole('alert')).toHaveTextContent(JobMessages.resumeNotFound);
    await app.user.click(within(dialog).getByRole('button', { name: 'Send application' }));
    await server.apply.answer(new ApiError('server', 500, 'Something went wrong!!!'));
    expect(within(dialog).getByText('Something went wrong!!!')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send application' })).toBeEnabled();
  });

  it('documents that could not be read can be read again', async () => {
    const server = stubbedJobPage();
    const app = renderJobPage(server, JOB_ID, seeker);
    await server.load.answer(jobDetail({ viewer: seekerViewer() }));
    await app.user.click(screen.getByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog');
    await server.documents.answer(new ApiError('server', 500, 'Something went wrong!!!'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(ApplyMessages.loadFailed);
    await app.user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await server.documents.answer(some);
    expect(within(dialog).getByRole('button', { name: 'Send application' })).toBeInTheDocument();
  });

  it('Escape or Cancel closes the dialog without applying; focus goes back to Apply', async () => {
    const { server, app } = await openApply();
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Apply' })).toHaveFocus());
    await app.user.click(screen.getByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog');
    await server.documents.answer(some);
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.apply.inputs()).toEqual([]);
    // Each opening counts a start.
    expect(server.starts).toEqual([JOB_ID, JOB_ID]);
  });

  it('keeps the dialog open while the application is on its way', async () => {
    const { server, app, dialog } = await openApply();
    await app.user.click(within(dialog).getByRole('button', { name: 'Send application' }));
    await app.user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await server.apply.answer({ code: 'application.created', application: application() });
    expect(within(dialog).getByText(JobMessages.applied)).toBeInTheDocument();
  });
});
