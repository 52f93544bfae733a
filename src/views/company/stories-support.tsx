import type { CompanyDetails, CompanyImage, DashboardCount, FeaturedImage, PublicCompany } from '../../contract/company.ts';
import type { Employer } from '../../contract/employer.ts';
import type { LookupItem } from '../../contract/lookups.ts';
import { withProviders } from '../account/stories-support.tsx';

// Sample data for the company pages' stories and tests: no server behind them.

const inAYear = '2099-01-01T00:00:00.000Z';

/** An image a story can show without a server: an SVG drawn in a data address. */
const drawn = (fill: string, label: string, width = 1600, height = 900) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${fill}"/><text x="50%" y="55%" font-family="sans-serif" font-size="${Math.round(height / 5)}" fill="#fff" text-anchor="middle">${label}</text></svg>`,
  )}`;

export const sampleLogo: CompanyImage = {
  id: '5a7c1d1e-58a4-4c84-9c8e-1d8a9e2b7a11',
  url: drawn('#1da425', 'HF', 512, 512),
  urlExpiresAt: inAYear,
  size: 18_204,
  contentType: 'image/webp',
  uploadedAt: '2024-03-06T10:00:00.000Z',
};

const colours = ['#1c7ed6', '#e8590c', '#7048e8', '#0ca678', '#d6336c', '#f59f00'];

export function sampleFeatured(count: number): FeaturedImage[] {
  return Array.from({ length: count }, (_, i) => {
    const url = drawn(colours[i % colours.length]!, `Office ${i + 1}`);
    return {
      id: `0000000${i + 1}-0b6e-4b8e-9a55-2d7a0a5a1f10`,
      url,
      thumbnailUrl: url,
      urlExpiresAt: inAYear,
      size: 120_000 + i,
      contentType: 'image/webp',
      uploadedAt: `2024-03-0${i + 1}T10:00:00.000Z`,
      position: i,
    };
  });
}

export const sampleIndustries: LookupItem[] = [
  { id: 44, name: 'Retail Trade' },
  { id: 48, name: 'Transportation and Warehousing' },
  { id: 54, name: 'Professional, Scientific, and Technical Services' },
];

export const sampleDetails: CompanyDetails = {
  id: '9ef808af-5b0f-436d-bc21-8f621c7eb95d',
  companyName: 'Hale Freight',
  legalName: 'Hale Logistics LLC',
  tinKind: 'EIN',
  tinLast4: '4567',
  verifiedAt: '2024-03-05T17:00:00.000Z',
  address: 'Vancouver, WA',
  city: 'Vancouver',
  state: 'WA',
  latitude: 45.6387,
  longitude: -122.6615,
  website: 'https://halefreight.example.com',
  about: 'We move freight across the Pacific Northwest.',
  industryId: 48,
  industry: 'Transportation and Warehousing',
  logo: sampleLogo,
  canEdit: true,
  updatedAt: '2024-03-06T10:00:00.000Z',
};

export const sampleEmployer: Employer = {
  firstName: 'Robin',
  lastName: 'Hale',
  email: 'robin@halefreight.example.com',
  phoneNumber: '+13605550142',
  company: { id: sampleDetails.id, name: 'Hale Freight' },
};

export const sampleCounts: DashboardCount = {
  postedJobs: 0,
  applicants: 0,
  activeJobs: 0,
  newApplicants: 0,
  toReview: 0,
  interviewing: 0,
  offered: 0,
  hired: 0,
};
/** A company that has posted and hired for a while. */
export const busyCounts: DashboardCount = {
  postedJobs: 7,
  applicants: 38,
  activeJobs: 5,
  newApplicants: 6,
  toReview: 11,
  interviewing: 4,
  offered: 2,
  hired: 3,
};

export const samplePublicCompany: PublicCompany = {
  id: sampleDetails.id,
  name: 'Hale Freight',
  about: 'We move freight across the Pacific Northwest.\n\nDrivers, dispatchers and warehouse crews work four ten-hour days.',
  website: 'https://halefreight.example.com',
  city: 'Vancouver',
  state: 'WA',
  industry: 'Transportation and Warehousing',
  logoUrl: sampleLogo.url,
  featuredImages: sampleFeatured(4).map(({ id, url, thumbnailUrl }) => ({ id, url, thumbnailUrl })),
  verified: true,
  verifiedAt: '2024-03-05T17:00:00.000Z',
};

const session = (role: 'Employer' | 'Recruiter', firstName: string) => ({
  token: 'story-token',
  refreshToken: 'story-refresh',
  role,
  user: { id: `${role}-1`, email: `${firstName.toLowerCase()}@halefreight.example.com`, firstName, lastName: 'Hale', role },
  // Far enough ahead that the story's session never tries a refresh.
  expiresAt: Date.now() + 24 * 3600_000,
  remember: false,
});

/** The providers an employer's pages read: the app's settings and a signed-in employer. */
export const withEmployer = withProviders(session('Employer', 'Robin'));
/** The same for a recruiter of the company. */
export const withRecruiter = withProviders(session('Recruiter', 'Casey'));
/** Signed out: the public company page. */
export const withVisitor = withProviders(null);
