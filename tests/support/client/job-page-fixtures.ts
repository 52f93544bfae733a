/**
 * A job's page as the server answers it (src/contract/jobs.ts jobDetailSchema), for the job
 * page's machine and view tests.
 */
import { jobDetailSchema, type JobDetail, type JobViewer } from '../../../src/contract/jobs.ts';

export const JOB_ID = '3c9d4b1e-2f6a-4c8b-9e1d-5a7b3c2d1e0f';

export const appliedApplication = {
  id: 'a7d1b2c3-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  status: 'Applied' as const,
  appliedDate: '2025-03-10T12:00:00.000Z',
};

export function seekerViewer(over: Partial<JobViewer> = {}): JobViewer {
  return {
    isSaved: false,
    hasApplied: false,
    application: null,
    isReported: false,
    report: null,
    matchedSkills: 2,
    totalSkills: 3,
    ...over,
  };
}

/** An open on-site job in Vancouver, WA, asking for a résumé; `over` changes any of it. The result is checked against the contract. */
export function jobDetail(over: Partial<JobDetail> = {}): JobDetail {
  const job: JobDetail = {
    id: JOB_ID,
    title: 'Warehouse Associate',
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
      { id: 11, name: 'Forklift', match: true },
      { id: 12, name: 'Inventory', match: true },
      { id: 13, name: 'Shipping', match: false },
    ],
    company: {
      id: 'c0a80101-0000-4000-8000-000000000001',
      name: 'Hale Logistics',
      logoUrl: null,
      city: 'Vancouver',
      state: 'WA',
      website: 'https://hale.example',
      verified: true,
    },
    companyName: 'Hale Logistics',
    type: 'onsite',
    isRemote: false,
    isBoosted: false,
    boostPlacements: [],
    openToMinors: false,
    userActions: { isSaved: false },
    status: 'Active',
    isOpen: true,
    description:
      '<p>Join our <strong>day shift</strong> team.</p><ul><li>Load trucks</li><li>Count stock</li></ul><p>Questions? <a href="mailto:jobs@hale.example">Write to us</a>.</p>',
    address: { street: '1200 Main St', city: 'Vancouver', state: 'WA', postalCode: '98660' },
    remoteStates: [],
    numberOfHires: 3,
    startDate: '2025-04-01',
    validThrough: '2025-04-03T12:00:00.000Z',
    offersRelocation: false,
    requiresResume: true,
    requiresCoverLetter: false,
    requiresWorkAuthorization: false,
    requirements: {
      minimumEducation: { level: 2, name: 'High school diploma' },
      minimumGPA: null,
      fieldsOfStudy: [],
      tags: [],
      minimumExperience: 1,
      maximumExperience: 3,
    },
    schedule: { workSchedule: 1, hoursPerWeek: 40, durationMonths: null, schedules: [{ id: 1, name: 'Day shift' }] },
    compensationType: 'Range',
    isCompetitiveSalary: false,
    currency: 'USD',
    benefits: [
      { id: 1, name: 'Health insurance' },
      { id: 2, name: 'Paid time off' },
    ],
    supplementalPay: [{ id: 16, name: 'Overtime pay' }],
    industries: [{ id: 3, name: 'Logistics' }],
    viewer: null,
    ...over,
  };
  return jobDetailSchema.parse(job);
}
