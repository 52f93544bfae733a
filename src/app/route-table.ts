import type { PageKey } from './pages.ts';

/**
 * Who may open a route: anyone; only signed-out visitors (a signed-in user is sent on, spec 1 §4);
 * any signed-in user; a member of the marketplace (a job seeker or a company's staff, not the back
 * office); a job seeker alone (their profile and job alerts); a company's staff (its employer and
 * recruiters); the company's employer alone (billing: only the employer pays, spec 2 §1); or the
 * SuperAdmin back office. A signed-in user the route is not for goes to their own home before the
 * page loads.
 */
export type Access = 'anyone' | 'signedOut' | 'signedIn' | 'member' | 'JobSeeker' | 'companyStaff' | 'Employer' | 'SuperAdmin';

export interface PageRoute {
  path: string;
  page: PageKey;
  access: Access;
  /** The heading of a page that takes one (the pages of areas not open yet). */
  title?: string;
}

/**
 * Every page route of spec 1 §2 and spec 2 §2, in match order. The error pages and the 404 for
 * anything else are not here: the router keeps them in the first download, so they show even
 * when a page cannot be loaded.
 */
export const routeTable: PageRoute[] = [
  { path: '/', page: 'public/home.view', access: 'anyone' },
  { path: '/home', page: 'public/home.view', access: 'anyone' },
  { path: '/login', page: 'account/login.view', access: 'signedOut' },
  { path: '/register', page: 'account/register.view', access: 'signedOut' },
  { path: '/forget-password', page: 'account/forgot-password.view', access: 'anyone' },
  { path: '/reset-password', page: 'account/reset-password.view', access: 'anyone' },
  { path: '/change-password', page: 'account/change-password.view', access: 'signedIn' },
  { path: '/verify-email', page: 'account/verify-email.view', access: 'anyone' },
  { path: '/business-validation', page: 'account/business-verification.view', access: 'anyone' },
  { path: '/landing/google', page: 'account/google-landing.view', access: 'anyone' },
  { path: '/user/dashboard', page: 'dashboard/dashboard.view', access: 'signedIn' },
  { path: '/user/settings/change-password', page: 'account/change-password.view', access: 'signedIn' },
  // The job seeker's profile, or a company's staff member's own details.
  { path: '/user/settings/profile', page: 'jobseeker/profile-settings.view', access: 'member' },
  { path: '/user/settings/skills', page: 'jobseeker/skills-settings.view', access: 'JobSeeker' },
  { path: '/user/settings/preferences', page: 'jobseeker/preferences.view', access: 'JobSeeker' },
  { path: '/user/settings/documents', page: 'jobseeker/documents.view', access: 'JobSeeker' },
  { path: '/user/settings/education', page: 'jobseeker/education.view', access: 'JobSeeker' },
  { path: '/user/settings/experience', page: 'jobseeker/experience.view', access: 'JobSeeker' },
  { path: '/user/settings/job-alerts', page: 'jobseeker/job-alerts.view', access: 'JobSeeker' },
  { path: '/user/staff', page: 'staff/staff.view', access: 'signedIn' },
  { path: '/accept-invitation', page: 'staff/accept-invitation.view', access: 'anyone' },
  { path: '/user/settings/company-details', page: 'company/company-details.view', access: 'signedIn' },
  { path: '/companies/:id', page: 'company/public-company.view', access: 'anyone' },
  { path: '/user/jobs', page: 'posting/jobs.view', access: 'companyStaff' },
  { path: '/user/posted-jobs', page: 'posting/jobs.view', access: 'companyStaff' },
  { path: '/user/jobs/post-job', page: 'posting/post-job.view', access: 'companyStaff' },
  { path: '/user/jobs/performance', page: 'metrics/performance.view', access: 'companyStaff' },
  { path: '/user/jobs/metrics', page: 'metrics/company-metrics.view', access: 'companyStaff' },
  // After the fixed paths under /user/jobs, which it would otherwise take for a job's id.
  { path: '/user/jobs/:id', page: 'metrics/job-dashboard.view', access: 'companyStaff' },
  { path: '/user/jobpost-create', page: 'posting/drafts.view', access: 'companyStaff' },
  { path: '/jobs/:id', page: 'jobs/job-page.view', access: 'anyone' },
  { path: '/job-alerts/confirm', page: 'public/confirm-alert.view', access: 'anyone' },
  { path: '/job-alerts/unsubscribe', page: 'public/unsubscribe.view', access: 'anyone' },
  { path: '/user/applied-jobs', page: 'jobs/applied-jobs.view', access: 'signedIn' },
  { path: '/user/saved-jobs', page: 'jobs/saved-jobs.view', access: 'signedIn' },
  { path: '/user/search-jobs', page: 'jobs/search-jobs.view', access: 'signedIn' },
  { path: '/jobs', page: 'jobs/search-jobs.view', access: 'anyone' },
  { path: '/browse-jobs', page: 'jobs/search-jobs.view', access: 'anyone' },
  { path: '/user/applicants', page: 'applicants/applicants.view', access: 'companyStaff' },
  { path: '/dashboard/applicants', page: 'applicants/applicants.view', access: 'companyStaff' },
  { path: '/user/invites', page: 'suggestions/invites.view', access: 'companyStaff' },
  { path: '/user/messaging', page: 'messaging/messaging.view', access: 'signedIn' },
  { path: '/user/billing', page: 'billing/billing.view', access: 'Employer' },
  { path: '/user/billing/invoices/:id', page: 'billing/invoice.view', access: 'Employer' },
  { path: '/back-office/dashboard', page: 'admin/dashboard.view', access: 'SuperAdmin' },
  { path: '/back-office/company', page: 'admin/companies.view', access: 'SuperAdmin' },
  { path: '/back-office/company/:id', page: 'admin/company.view', access: 'SuperAdmin' },
  { path: '/back-office/recruiters', page: 'admin/recruiters.view', access: 'SuperAdmin' },
  { path: '/back-office/recruiters/:id', page: 'admin/recruiter.view', access: 'SuperAdmin' },
  { path: '/back-office/reports', page: 'admin/reports.view', access: 'SuperAdmin' },
  { path: '/back-office/audit', page: 'admin/audit.view', access: 'SuperAdmin' },
  { path: '/back-office/settings', page: 'admin/settings.view', access: 'SuperAdmin' },
  { path: '/back-office/messages', page: 'admin/messages.view', access: 'SuperAdmin' },
  // The public site (spec 1 §2 "/*"): their titles and heads are in src/lib/public-site.ts and public-heads.ts.
  { path: '/jobseekers', page: 'public/jobseekers.view', access: 'anyone' },
  { path: '/employers', page: 'public/employers.view', access: 'anyone' },
  { path: '/hiringMinors', page: 'public/hiring-minors.view', access: 'anyone' },
  { path: '/colleges', page: 'public/colleges.view', access: 'anyone' },
  { path: '/about-us', page: 'public/about-us.view', access: 'anyone' },
  { path: '/faqs', page: 'public/faqs.view', access: 'anyone' },
  { path: '/terms-of-service', page: 'public/terms.view', access: 'anyone' },
  { path: '/privacy-policy', page: 'public/privacy.view', access: 'anyone' },
  { path: '/build-your-resume', page: 'public/build-your-resume.view', access: 'anyone' },
  { path: '/blogs', page: 'public/blog-list.view', access: 'anyone' },
  { path: '/blogs/:slug', page: 'public/blog-post.view', access: 'anyone' },
  { path: '/contact', page: 'public/contact.view', access: 'anyone' },
];
