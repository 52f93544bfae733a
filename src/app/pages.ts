/**
 * Every page the router shows, each loaded the first time its route is visited. The key names the
 * page's file under src/views, so the bundle budget can find each route's chunk in the build.
 */
export const pageLoaders = {
  'public/home.view': () => import('../views/public/home.view.tsx'),
  'public/unsubscribe.view': () => import('../views/public/unsubscribe.view.tsx'),
  'public/coming-soon.view': () => import('../views/public/coming-soon.view.tsx'),
  'account/login.view': () => import('../views/account/login.view.tsx'),
  'account/register.view': () => import('../views/account/register.view.tsx'),
  'account/forgot-password.view': () => import('../views/account/forgot-password.view.tsx'),
  'account/reset-password.view': () => import('../views/account/reset-password.view.tsx'),
  'account/change-password.view': () => import('../views/account/change-password.view.tsx'),
  'account/verify-email.view': () => import('../views/account/verify-email.view.tsx'),
  'account/business-verification.view': () => import('../views/account/business-verification.view.tsx'),
  'account/google-landing.view': () => import('../views/account/google-landing.view.tsx'),
  'dashboard/dashboard.view': () => import('../views/dashboard/dashboard.view.tsx'),
  'jobseeker/profile-settings.view': () => import('../views/jobseeker/profile-settings.view.tsx'),
  'jobseeker/skills-settings.view': () => import('../views/jobseeker/skills-settings.view.tsx'),
  'jobseeker/preferences.view': () => import('../views/jobseeker/preferences.view.tsx'),
  'jobseeker/documents.view': () => import('../views/jobseeker/documents.view.tsx'),
  'jobseeker/education.view': () => import('../views/jobseeker/education.view.tsx'),
  'jobseeker/experience.view': () => import('../views/jobseeker/experience.view.tsx'),
  'staff/staff.view': () => import('../views/staff/staff.view.tsx'),
  'staff/accept-invitation.view': () => import('../views/staff/accept-invitation.view.tsx'),
  'company/company-details.view': () => import('../views/company/company-details.view.tsx'),
  'company/public-company.view': () => import('../views/company/public-company.view.tsx'),
  'posting/jobs.view': () => import('../views/posting/jobs.view.tsx'),
  'posting/post-job.view': () => import('../views/posting/post-job.view.tsx'),
  'posting/drafts.view': () => import('../views/posting/drafts.view.tsx'),
  'jobs/job-page.view': () => import('../views/jobs/job-page.view.tsx'),
  'jobs/applied-jobs.view': () => import('../views/jobs/applied-jobs.view.tsx'),
  'jobs/saved-jobs.view': () => import('../views/jobs/saved-jobs.view.tsx'),
  'jobs/search-jobs.view': () => import('../views/jobs/search-jobs.view.tsx'),
  'applicants/applicants.view': () => import('../views/applicants/applicants.view.tsx'),
  'suggestions/invites.view': () => import('../views/suggestions/invites.view.tsx'),
  'messaging/messaging.view': () => import('../views/messaging/messaging.view.tsx'),
  'billing/billing.view': () => import('../views/billing/billing.view.tsx'),
  'billing/invoice.view': () => import('../views/billing/invoice.view.tsx'),
} as const;

export type PageKey = keyof typeof pageLoaders;
