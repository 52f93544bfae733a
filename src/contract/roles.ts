import { z } from 'zod';

export const roles = ['JobSeeker', 'Recruiter', 'Employer', 'SuperAdmin'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

/** Role codes used by registration: only these two may register. */
export const RegisterRole = { JobSeeker: 0, Employer: 1 } as const;
export const registerRoleSchema = z.union([z.literal(0), z.literal(1)], {
  error: 'Please select employer jobseeker',
});

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
