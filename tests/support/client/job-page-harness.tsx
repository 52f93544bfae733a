/**
 * The job's page in the app's providers, with every server call of the page and of its apply and
 * report dialogs answered by the test.
 */
import { act, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { Link, Route } from 'wouter';
import { PageDataProvider } from '../../../src/app/page-data.tsx';
import { fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import type { StoredSession } from '../../../src/services/session-store.ts';
import type { DocumentKind, Documents } from '../../../src/contract/documents.ts';
import type { ApplicationInput, JobDetail, ReportInput } from '../../../src/contract/jobs.ts';
import { applyMachine, type ApplyEvent, type ApplySent } from '../../../src/machines/jobs/apply.machine.ts';
import { jobPageMachine, type JobPageInput } from '../../../src/machines/jobs/job-page.machine.ts';
import { reportJobMachine } from '../../../src/machines/jobs/report-job.machine.ts';
import JobPage from '../../../src/views/jobs/job-page.view.tsx';
import { renderInApp, storedSessionFor } from './app-harness.tsx';
import { deferred } from './model.ts';

export const seeker = storedSessionFor({
  id: 'js-1',
  email: 'maria@example.com',
  firstName: 'Maria',
  lastName: 'Lopez',
  role: 'JobSeeker',
});
export const employer = storedSessionFor({ id: 'em-1', email: 'erin@example.com', firstName: 'Erin', lastName: 'Price', role: 'Employer' });

interface Upload {
  kind: DocumentKind;
  file: File;
  send: (e: ApplyEvent) => void;
  aborted: boolean;
}

/** A call the test answers when it chooses: every request is kept, in order. */
function calls<I, O>() {
  const asked: Array<{ input: I; answer: ReturnType<typeof deferred<O>> }> = [];
  let answered = 0;
  return {
    asked,
    run(input: I) {
      const answer = deferred<O>();
      asked.push({ input, answer });
      return answer.promise;
    },
    inputs: () => asked.map((a) => a.input),
    /** Answers the next request once the page has made it. */
    async answer(value: O | Error) {
      await waitFor(() => expect(asked.length).toBeGreaterThan(answered));
      const { answer } = asked[answered++]!;
      await act(async () => (value instanceof Error ? answer.reject(value) : answer.resolve(value)));
    },
  };
}

/** The page's logic with its calls, and its dialogs' calls, stubbed. */
export function stubbedJobPage() {
  const load = calls<JobPageInput, JobDetail>();
  const documents = calls<void, Documents>();
  const apply = calls<ApplicationInput, ApplySent>();
  const report = calls<{ jobId: string; report: ReportInput }, void>();
  const views: string[] = [];
  const starts: string[] = [];
  const uploads: Upload[] = [];
  const logic = jobPageMachine.provide({
    actors: {
      load: fromPromise<JobDetail, JobPageInput>(({ input }) => load.run(input)),
      countView: fromPromise<void, { id: string }>(async ({ input }) => {
        views.push(input.id);
      }),
      apply: applyMachine.provide({
        actors: {
          applyStart: fromPromise<void, { jobId: string }>(async ({ input }) => {
            starts.push(input.jobId);
          }),
          loadDocuments: fromPromise<Documents>(() => documents.run()),
          upload: fromCallback<ApplyEvent, { kind: DocumentKind; file: File }>(({ input, sendBack }) => {
            const upload: Upload = { ...input, send: (e) => sendBack(e as AnyEventObject), aborted: false };
            uploads.push(upload);
            return () => {
              upload.aborted = true;
            };
          }),
          apply: fromPromise<ApplySent, ApplicationInput>(({ input }) => apply.run(input)),
        },
      }),
      report: reportJobMachine.provide({
        actors: { report: fromPromise<void, { jobId: string; report: ReportInput }>(({ input }) => report.run(input)) },
      }),
    },
  });
  /** The upload actor reports to the machine, as the request goes out and when it is answered. */
  const uploadSays = async (e: ApplyEvent) => {
    await act(async () => uploads.at(-1)!.send(e));
  };
  return { logic, load, documents, apply, report, views, starts, uploads, uploadSays };
}

export type JobPageServer = ReturnType<typeof stubbedJobPage>;

/**
 * /jobs/:id in the app's providers, as the session `stored` sees it (a visitor when null); `sent`
 * is the job the server drew the page from, sent with it (and a link back to the job, to come back).
 */
export function renderJobPage(server: JobPageServer, id: string, stored: StoredSession | null = null, sent?: JobDetail) {
  return renderInApp(
    <PageDataProvider data={sent ? { job: sent } : {}}>
      <Route path="/jobs/:id">
        <JobPage logic={server.logic} />
      </Route>
      {sent && <Link href={`/jobs/${id}`}>Open the job again</Link>}
    </PageDataProvider>,
    { path: `/jobs/${id}`, stored },
  );
}
