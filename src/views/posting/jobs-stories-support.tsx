import type { Decorator } from '@storybook/react-vite';
import { Toaster } from 'react-hot-toast';
import type { CompanyJob } from '../../contract/posting.ts';

/** Toasts as the app shows them (top right, 5 s), for stories whose actions announce something. */
export const withToaster: Decorator = (Story) => (
  <>
    <Story />
    <Toaster position="top-right" toastOptions={{ duration: 5000 }} />
  </>
);

const morgan = { id: 'e-1', name: 'Morgan Lee' };
const casey = { id: 'r-1', name: 'Casey Nguyen' };

const day = (offset: number) => new Date(Date.UTC(2025, 2, 10) + offset * 86_400_000).toISOString();

function job(over: Partial<CompanyJob> & Pick<CompanyJob, 'id' | 'title'>): CompanyJob {
  return {
    jobType: [{ id: 1, name: 'Full-time' }],
    minimumExperience: 1,
    maximumExperience: 3,
    dateOfPosted: day(-6),
    createdDate: day(-7),
    location: { city: 'Vancouver', state: 'WA' },
    geoLatitude: 45.628,
    geoLongitude: -122.6739,
    compensation: { minimumAmount: 24, maximumAmount: 31, rate: 'Hourly' },
    skills: [],
    company: { id: 'c-1', name: 'Demo Hiring Co.' },
    companyName: 'Demo Hiring Co.',
    type: 'onsite',
    isRemote: false,
    isBoosted: false,
    boostPlacements: [],
    openToMinors: false,
    userActions: { isSaved: false },
    status: 'Active',
    validThrough: day(24),
    clicks: 0,
    applicants: 0,
    createdBy: casey,
    modifiedBy: null,
    modified: day(-6),
    editDraftId: null,
    ...over,
  };
}

/** A company's first page of jobs, in every status, as the list shows them. */
export const demoJobs: CompanyJob[] = [
  job({
    id: '7d1e0000-0000-4000-8000-000000000001',
    title: 'Registered Nurse, Night Shift',
    clicks: 214,
    applicants: 18,
    modifiedBy: morgan,
    modified: day(-2),
  }),
  job({
    id: '7d1e0000-0000-4000-8000-000000000002',
    title: 'Warehouse Associate',
    isBoosted: true,
    location: { city: 'Portland', state: 'OR' },
    dateOfPosted: day(-3),
    validThrough: day(27),
    clicks: 96,
    applicants: 11,
    createdBy: morgan,
  }),
  job({
    id: '7d1e0000-0000-4000-8000-000000000003',
    title: 'Customer Support Specialist',
    type: 'remote',
    isRemote: true,
    location: null,
    geoLatitude: null,
    geoLongitude: null,
    status: 'Closed',
    dateOfPosted: day(-40),
    validThrough: day(-10),
    clicks: 388,
    applicants: 42,
    modifiedBy: casey,
    modified: day(-12),
  }),
  job({
    id: '7d1e0000-0000-4000-8000-000000000004',
    title: 'Front Desk Scheduler',
    type: 'hybrid',
    status: 'Expired',
    dateOfPosted: day(-45),
    validThrough: day(-15),
    clicks: 57,
    applicants: 3,
  }),
  job({
    id: '7d1e0000-0000-4000-8000-000000000005',
    title: 'Line Cook',
    location: { city: 'Camas', state: 'WA' },
    dateOfPosted: day(-1),
    clicks: 12,
    applicants: 0,
    editDraftId: '7d1e0000-0000-4000-8000-00000000d005',
  }),
];

/** How many jobs the demo company has in all, for the pages. */
export const DEMO_TOTAL = 37;
