import type { InviteResult, SeekerInvitation, SentInvitation, SuggestedSeeker, SuggestedSeekerPage } from '../../contract/suggestions.ts';

/** The job the demo suggestions are for. */
export const demoJob = { id: '7a1c0000-0000-4000-8000-0000000000b1', title: 'Warehouse Associate' };

const seeker = (n: number, name: string, extra: Partial<SuggestedSeeker> = {}): SuggestedSeeker => ({
  id: `5e000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`,
  name,
  headline: 'Warehouse Associate',
  city: 'Vancouver',
  matchedSkills: [
    { id: 404, name: 'Order picking' },
    { id: 405, name: 'Packing' },
  ],
  totalSkills: 3,
  distanceMiles: 2.4,
  score: 88,
  invitedAt: null,
  ...extra,
});

/** Seekers suggested for the demo job, best match first. */
export const demoSeekers: SuggestedSeeker[] = [
  seeker(1, 'Priya Shah', { score: 94, distanceMiles: 1.2 }),
  seeker(2, 'Elena Torres', {
    score: 81,
    headline: 'Receiving Clerk',
    distanceMiles: 6.8,
    matchedSkills: [{ id: 401, name: 'Forklift operation' }],
  }),
  seeker(3, 'Marcus Bell', {
    score: 72,
    city: 'Portland',
    headline: 'Retail Lead',
    distanceMiles: 9.5,
    invitedAt: '2026-03-10T16:00:00.000Z',
  }),
  seeker(4, 'Dev Patel', { score: 55, city: 'Camas', headline: null, distanceMiles: 14.1, matchedSkills: [] }),
  seeker(5, 'Luis Romero', { score: 38, city: 'Battle Ground', headline: 'Full-time', distanceMiles: 21, matchedSkills: [] }),
];

export const suggestedPage = (items: SuggestedSeeker[] = demoSeekers, total = items.length, pageNumber = 1): SuggestedSeekerPage => ({
  items,
  total,
  pageNumber,
  pageSize: 10,
  job: demoJob,
});

/** What the server answers an invitation of these seekers: each one invited now, unless invited before. */
export const inviteResults = (ids: string[], seekers: SuggestedSeeker[] = demoSeekers, at = '2026-03-15T10:00:00.000Z'): InviteResult[] =>
  ids.map((id) => {
    const before = seekers.find((s) => s.id === id)?.invitedAt ?? null;
    return { jobSeekerId: id, outcome: before ? 'alreadyInvited' : 'invited', invitedAt: before ?? at };
  });

const casey = { id: 'u-casey', name: 'Casey Nguyen' };
const erin = { id: 'u-erin', name: 'Erin Price' };
const cookJob = { id: '7a1c0000-0000-4000-8000-0000000000b2', title: 'Line Cook' };

/** The company's invitations, newest first, at every stage. */
export const demoSent: SentInvitation[] = [
  {
    id: 'i1',
    status: 'sent',
    invitedAt: '2026-03-14T09:00:00.000Z',
    viewedAt: null,
    appliedAt: null,
    jobSeeker: { id: 's1', name: 'Priya Shah' },
    job: demoJob,
    invitedBy: casey,
  },
  {
    id: 'i2',
    status: 'viewed',
    invitedAt: '2026-03-12T11:00:00.000Z',
    viewedAt: '2026-03-12T18:00:00.000Z',
    appliedAt: null,
    jobSeeker: { id: 's2', name: 'Elena Torres' },
    job: demoJob,
    invitedBy: erin,
  },
  {
    id: 'i3',
    status: 'applied',
    invitedAt: '2026-03-08T08:30:00.000Z',
    viewedAt: '2026-03-08T12:00:00.000Z',
    appliedAt: '2026-03-09T10:00:00.000Z',
    jobSeeker: { id: 's3', name: 'Marcus Bell' },
    job: cookJob,
    invitedBy: casey,
  },
  {
    id: 'i4',
    status: 'sent',
    invitedAt: '2026-03-02T15:00:00.000Z',
    viewedAt: null,
    appliedAt: null,
    jobSeeker: { id: 's4', name: 'Dev Patel' },
    job: cookJob,
    invitedBy: null,
  },
];

export const demoJobs = [demoJob, cookJob];

/** The seeker's invitations, newest first. */
export const demoSeekerInvitations: SeekerInvitation[] = [
  {
    id: 'v1',
    status: 'sent',
    invitedAt: '2026-03-14T09:00:00.000Z',
    viewedAt: null,
    job: { id: demoJob.id, title: demoJob.title, city: 'Vancouver', state: 'WA' },
    companyName: 'Demo Hiring Co',
    jobOpen: true,
  },
  {
    id: 'v2',
    status: 'viewed',
    invitedAt: '2026-03-11T09:00:00.000Z',
    viewedAt: '2026-03-11T19:00:00.000Z',
    job: { id: cookJob.id, title: cookJob.title, city: 'Portland', state: 'OR' },
    companyName: 'Harbor Kitchen',
    jobOpen: true,
  },
  {
    id: 'v3',
    status: 'applied',
    invitedAt: '2026-03-01T09:00:00.000Z',
    viewedAt: '2026-03-01T10:00:00.000Z',
    job: { id: '7a1c0000-0000-4000-8000-0000000000b3', title: 'Delivery Driver', city: null, state: null },
    companyName: 'Demo Hiring Co',
    jobOpen: false,
  },
];
