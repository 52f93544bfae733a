// No schema code here: the navigation and route guards of every page use these helpers, and the
// first page downloads no validation library (the schemas are in role-schemas.ts).
export const roles = ['JobSeeker', 'Recruiter', 'Employer', 'SuperAdmin'] as const;
export type Role = (typeof roles)[number];

/** Role codes used by registration: only these two may register. */
export const RegisterRole = { JobSeeker: 0, Employer: 1 } as const;

/** Where a role lands after signing in (spec 1 §4, §6). */
export function homeFor(role: Role | null | undefined): string {
  if (role === 'SuperAdmin') return '/back-office/dashboard';
  if (role) return '/user/dashboard';
  return '/';
}

/** Visiting the sign-in page while signed in (spec 1 §4): job seekers and recruiters to the dashboard, SuperAdmin to the back office, others to /. */
export function signedInLoginRedirect(role: Role | null | undefined): string {
  if (role === 'SuperAdmin') return '/back-office/dashboard';
  if (role === 'JobSeeker' || role === 'Recruiter') return '/user/dashboard';
  return '/';
}
