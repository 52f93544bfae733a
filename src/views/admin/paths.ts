/** Where the back-office pages are, for links and the route table (no code of the pages comes with them). */
export const BACK_OFFICE = {
  dashboard: '/back-office/dashboard',
  companies: '/back-office/company',
  recruiters: '/back-office/recruiters',
  reports: '/back-office/reports',
  audit: '/back-office/audit',
  settings: '/back-office/settings',
  messages: '/back-office/messages',
} as const;

export const companyPath = (id: string) => `${BACK_OFFICE.companies}/${encodeURIComponent(id)}`;
export const recruiterPath = (id: string) => `${BACK_OFFICE.recruiters}/${encodeURIComponent(id)}`;
/** The audit trail filtered to one company. */
export const companyAuditPath = (id: string) => `${BACK_OFFICE.audit}?companyId=${encodeURIComponent(id)}`;

/** The back office's own navigation, in order. */
export const backOfficeLinks = [
  { label: 'Dashboard', href: BACK_OFFICE.dashboard },
  { label: 'Companies', href: BACK_OFFICE.companies },
  { label: 'Recruiters', href: BACK_OFFICE.recruiters },
  { label: 'Reports', href: BACK_OFFICE.reports },
  { label: 'Audit trail', href: BACK_OFFICE.audit },
  { label: 'Messages', href: BACK_OFFICE.messages },
  { label: 'Settings', href: BACK_OFFICE.settings },
] as const;
