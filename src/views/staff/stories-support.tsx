import { withProviders } from '../account/stories-support.tsx';
import type { Recruiter } from '../../contract/staff.ts';

const far = () => Date.now() + 24 * 3600_000;

/** The providers the staff page reads: the app's settings and a signed-in employer. */
export const withEmployer = withProviders({
  token: 'story-token',
  refreshToken: 'story-refresh',
  role: 'Employer',
  user: { id: 'e-1', email: 'morgan.lee@demohiring.example', firstName: 'Morgan', lastName: 'Lee', role: 'Employer' },
  // Far enough ahead that the story's session never tries a refresh.
  expiresAt: far(),
  remember: false,
});

/** The providers a recruiter's pages read: the app's settings and a signed-in recruiter. */
export const withRecruiter = withProviders({
  token: 'story-token',
  refreshToken: 'story-refresh',
  role: 'Recruiter',
  user: { id: 'r-1', email: 'casey.nguyen@demohiring.example', firstName: 'Casey', lastName: 'Nguyen', role: 'Recruiter' },
  expiresAt: far(),
  remember: false,
});

const person = (
  email: string,
  firstName: string,
  lastName: string,
  status: 'active' | 'inactive',
  jobTitle: string | null,
  phoneNumber: string | null,
): Recruiter => ({
  email,
  firstName,
  lastName,
  name: `${firstName} ${lastName}`,
  jobTitle,
  phoneNumber,
  status,
  sentAt: null,
  expiresAt: null,
  expired: false,
  joinedAt: '2025-01-10T10:00:00.000Z',
});

/** A company's staff as the list shows it: people by name, then invitations, newest first. */
export const demoStaff: Recruiter[] = [
  person('casey.nguyen@demohiring.example', 'Casey', 'Nguyen', 'active', 'Talent Partner', '+13605550177'),
  person('jamie.park@demohiring.example', 'Jamie', 'Park', 'inactive', 'Recruiting Coordinator', null),
  {
    email: 'taylor.brooks@demohiring.example',
    firstName: 'Taylor',
    lastName: 'Brooks',
    name: 'Taylor Brooks',
    jobTitle: 'Campus Recruiter',
    phoneNumber: null,
    status: 'invited',
    sentAt: '2025-03-03T16:20:00.000Z',
    expiresAt: '2025-03-10T16:20:00.000Z',
    expired: false,
    joinedAt: null,
  },
  {
    email: 'river.ortiz@demohiring.example',
    firstName: '',
    lastName: '',
    name: '',
    jobTitle: null,
    phoneNumber: null,
    status: 'invited',
    sentAt: '2025-02-01T09:00:00.000Z',
    expiresAt: '2025-02-08T09:00:00.000Z',
    expired: true,
    joinedAt: null,
  },
];
