import { fromCallback, fromPromise } from 'xstate';
import { NONE_DOCUMENT, type DocumentEntry, type DocumentKind, type Documents } from '../../contract/documents.ts';
import type { Application, ApplicationInput, JobDetail, JobViewer, ReportInput } from '../../contract/jobs.ts';
import { applyMachine, type ApplyEvent, type ApplySent } from '../../machines/jobs/apply.machine.ts';
import { jobPageMachine, type JobPageInput } from '../../machines/jobs/job-page.machine.ts';
import { reportJobMachine } from '../../machines/jobs/report-job.machine.ts';
import { after, never } from '../account/stories-support.tsx';

/** A job's page as the server answers it, for the stories of the page and its dialogs. */
export const storyJob: JobDetail = {
  id: '3c9d4b1e-2f6a-4c8b-9e1d-5a7b3c2d1e0f',
  title: 'Warehouse Associate, Day Shift',
  jobType: [
    { id: 1, name: 'Full-time' },
    { id: 4, name: 'Temporary' },
  ],
  minimumExperience: 1,
  maximumExperience: 3,
  dateOfPosted: '2025-03-04T17:00:00.000Z',
  createdDate: '2025-03-03T17:00:00.000Z',
  location: { city: 'Vancouver', state: 'WA' },
  geoLatitude: 45.628,
  geoLongitude: -122.6739,
  compensation: { minimumAmount: 21.5, maximumAmount: 25, rate: 'Hourly' },
  skills: [
    { id: 11, name: 'Forklift operation', match: true },
    { id: 12, name: 'Inventory control', match: true },
    { id: 13, name: 'Shipping and receiving', match: false },
    { id: 14, name: 'RF scanners', match: false },
  ],
  company: {
    id: 'c0a80101-0000-4000-8000-000000000001',
    name: 'Hale Logistics',
    logoUrl: null,
    city: 'Vancouver',
    state: 'WA',
    website: 'https://hale-logistics.example',
    verified: true,
  },
  companyName: 'Hale Logistics',
  type: 'onsite',
  isRemote: false,
  isBoosted: true,
  boostPlacements: ['featuredStrip', 'badge'],
  openToMinors: true,
  userActions: { isSaved: false },
  status: 'Active',
  isOpen: true,
  description:
    '<p>Hale Logistics is hiring a <strong>Warehouse Associate</strong> for our Vancouver distribution center.</p>' +
    '<p><strong>What you will do</strong></p><ul><li>Load and unload trucks</li><li>Pick and pack orders with an RF scanner</li><li>Keep the floor safe and tidy</li></ul>' +
    '<p>We train everyone who joins. <em>Questions?</em> <a href="mailto:jobs@hale-logistics.example">Write to us</a>.</p>',
  address: { street: '1200 Main St', city: 'Vancouver', state: 'WA', postalCode: '98660' },
  remoteStates: [],
  numberOfHires: 4,
  startDate: '2025-04-01',
  validThrough: '2025-04-03T12:00:00.000Z',
  offersRelocation: false,
  requiresResume: true,
  requiresCoverLetter: false,
  requiresWorkAuthorization: true,
  requirements: {
    minimumEducation: { level: 2, name: 'High school diploma' },
    minimumGPA: null,
    fieldsOfStudy: [],
    tags: ['Able to lift 50 lb'],
    minimumExperience: 1,
    maximumExperience: 3,
  },
  schedule: {
    workSchedule: 1,
    hoursPerWeek: 40,
    durationMonths: null,
    schedules: [
      { id: 1, name: 'Day shift' },
      { id: 7, name: 'Monday to Friday' },
    ],
  },
  compensationType: 'Range',
  isCompetitiveSalary: false,
  currency: 'USD',
  benefits: [
    { id: 1, name: 'Health insurance' },
    { id: 2, name: 'Dental insurance' },
    { id: 5, name: 'Paid time off' },
  ],
  supplementalPay: [{ id: 16, name: 'Overtime pay' }],
  industries: [{ id: 3, name: 'Transportation and logistics' }],
  viewer: null,
};

export const storyViewer = (over: Partial<JobViewer> = {}): JobViewer => ({
  isSaved: false,
  hasApplied: false,
  application: null,
  isReported: false,
  report: null,
  matchedSkills: 2,
  totalSkills: 4,
  ...over,
});

export const storyApplication: Application = {
  id: 'a7d1b2c3-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  jobId: storyJob.id,
  status: 'Applied',
  appliedDate: '2025-03-10T12:00:00.000Z',
  resumeId: '6f1d1c1e-0000-4000-8000-0000000000a1',
  coverLetterId: null,
  workAuthorization: true,
  sponsorship: false,
};

const doc = (id: string, name: string, uploadedAt: string): DocumentEntry => ({ id, name, size: 184_320, uploadedAt });
export const storyDocuments: Documents = {
  resumes: [
    doc('6f1d1c1e-0000-4000-8000-0000000000a1', 'Maria Lopez - Resume 2025.pdf', '2025-03-01T10:00:00.000Z'),
    doc('6f1d1c1e-0000-4000-8000-0000000000a2', 'Maria Lopez - Resume (warehouse).docx', '2024-11-02T16:30:00.000Z'),
    NONE_DOCUMENT,
  ],
  coverLetters: [
    doc('6f1d1c1e-0000-4000-8000-0000000000c1', 'Cover letter - Hale Logistics.pdf', '2025-03-02T09:12:00.000Z'),
    NONE_DOCUMENT,
  ],
  suggestedSkills: [],
};

/** A story's apply flow: documents after a moment, uploads with two seconds of progress, applications sent. */
export const storyApplyLogic = applyMachine.provide({
  actors: {
    applyStart: fromPromise<void, { jobId: string }>(async () => {}),
    loadDocuments: fromPromise<Documents>(() => after(500, storyDocuments)),
    upload: fromCallback<ApplyEvent, { kind: DocumentKind; file: File }>(({ input, sendBack }) => {
      let sent = 0;
      const total = input.file.size || 1;
      const timer = setInterval(() => {
        sent = Math.min(total, sent + total / 10);
        sendBack({ type: 'upload.progress', loaded: sent, total });
        if (sent >= total) {
          clearInterval(timer);
          const document = doc(crypto.randomUUID(), input.file.name, new Date().toISOString());
          sendBack({ type: 'upload.done', result: { document, type: input.kind, suggestedSkills: [] } });
        }
      }, 200);
      return () => clearInterval(timer);
    }),
    apply: fromPromise<ApplySent, ApplicationInput>(({ input }) =>
      after(800, {
        code: 'application.created',
        application: { ...storyApplication, appliedDate: new Date().toISOString(), resumeId: input.resumeId ?? null },
      }),
    ),
  },
});

/** An apply flow whose calls never answer: a story stays in the state it shows. */
export const waitingApplyLogic = applyMachine.provide({
  actors: {
    applyStart: fromPromise<void, { jobId: string }>(async () => {}),
    loadDocuments: fromPromise<Documents>(() => never()),
    upload: fromCallback(() => () => {}),
    apply: fromPromise<ApplySent, ApplicationInput>(() => never()),
  },
});

export const storyReportLogic = reportJobMachine.provide({
  actors: { report: fromPromise<void, { jobId: string; report: ReportInput }>(() => after(700, undefined)) },
});
export const waitingReportLogic = reportJobMachine.provide({
  actors: { report: fromPromise<void, { jobId: string; report: ReportInput }>(() => never()) },
});

/** The page with a story's server: the job after a moment, as the story's user sees it, and working dialogs. */
export const storyPageLogic = (job: JobDetail) =>
  jobPageMachine.provide({
    actors: {
      load: fromPromise<JobDetail, JobPageInput>(() => after(600, job)),
      countView: fromPromise<void, { id: string }>(async () => {}),
      apply: storyApplyLogic,
      report: storyReportLogic,
    },
  });

/** The page whose job never arrives. */
export const waitingPageLogic = jobPageMachine.provide({
  actors: {
    load: fromPromise<JobDetail, JobPageInput>(() => never()),
    countView: fromPromise<void, { id: string }>(async () => {}),
    apply: waitingApplyLogic,
    report: waitingReportLogic,
  },
});
