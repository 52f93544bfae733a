import type { Role } from '../../contract/roles.ts';
import { BACK_OFFICE } from '../admin/paths.ts';

export interface NavLink {
  label: string;
  href: string;
  /** Opens in a new tab (an address outside the product). */
  external?: boolean;
}

export interface NavMenu {
  label: string;
  items: NavLink[];
}

/** The top navigation of spec 1 §2, in order. */
export const navMenus: Array<NavLink | NavMenu> = [
  { label: 'Home', href: '/' },
  {
    label: 'JobSeeker',
    items: [
      { label: 'Job Seekers', href: '/jobseekers' },
      { label: 'Browse Jobs', href: '/browse-jobs' },
      { label: 'Blogs', href: '/blogs' },
      // Ours stays inside: the profile builder for a signed-in job seeker, what it is for a visitor.
      { label: 'Build Your Resume', href: '/build-your-resume' },
    ],
  },
  {
    label: 'Employers',
    items: [
      { label: 'Employers', href: '/employers' },
      { label: 'Hiring Minors', href: '/hiringMinors' },
      { label: 'Blogs', href: '/blogs' },
    ],
  },
  { label: 'Colleges', href: '/colleges' },
  {
    label: 'About us',
    items: [
      { label: 'About us', href: '/about-us' },
      { label: 'Contact', href: '/contact' },
    ],
  },
  {
    label: 'Support',
    items: [
      { label: 'Terms of Service', href: '/terms-of-service' },
      { label: 'Privacy Policy', href: '/privacy-policy' },
      { label: 'FAQs', href: '/faqs' },
    ],
  },
];

export const isMenu = (x: NavLink | NavMenu): x is NavMenu => 'items' in x;

/**
 * Links beside Dashboard for the signed-in role: job seekers find jobs, a company's staff manage its
 * jobs (spec 2 §2), a SuperAdmin polices companies and works the reports.
 */
export function roleLinks(role: Role | null | undefined): NavLink[] {
  if (role === 'JobSeeker') return [{ label: 'Find jobs', href: '/user/search-jobs' }];
  if (role === 'SuperAdmin')
    return [
      { label: 'Companies', href: BACK_OFFICE.companies },
      { label: 'Reports', href: BACK_OFFICE.reports },
    ];
  return role === 'Employer' || role === 'Recruiter'
    ? [
        { label: 'Jobs', href: '/user/jobs' },
        { label: 'Applicants', href: '/user/applicants' },
      ]
    : [];
}

/** The user menu's links after Profile: a job seeker's own jobs; the company's pages, and its staff and billing for the employer. */
export function accountLinks(role: Role | null | undefined): NavLink[] {
  if (role === 'JobSeeker') {
    return [
      { label: 'Applied jobs', href: '/user/applied-jobs' },
      { label: 'Saved jobs', href: '/user/saved-jobs' },
    ];
  }
  if (role !== 'Employer' && role !== 'Recruiter') return [];
  return [
    { label: 'Company', href: '/user/settings/company-details' },
    { label: 'Invitations sent', href: '/user/invites' },
    ...(role === 'Employer'
      ? [
          { label: 'Staff', href: '/user/staff' },
          { label: 'Billing', href: '/user/billing' },
        ]
      : []),
  ];
}

/** Where conversations live (spec 2 §2 /user/messaging). */
export const MESSAGES_HREF = '/user/messaging';

/** Job seekers and a company's staff message each other; administrators do not. */
export const canMessage = (role: Role | null | undefined): role is 'JobSeeker' | 'Employer' | 'Recruiter' =>
  role === 'JobSeeker' || role === 'Employer' || role === 'Recruiter';

/** The Messages link's accessible name: with the unread count when there is one. */
export const messagesLabel = (unread: number | null | undefined) => (unread ? `Messages, ${unread} unread` : 'Messages');
