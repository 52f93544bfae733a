import type { ReactNode } from 'react';
import { useSession } from '../../app/session.tsx';
import { SettingsLayout, type SettingsLink } from '../layout/settings-layout.tsx';

/** The settings pages of an employer (and, without staff, of a recruiter). */
export function companySettingsLinks(role: string | null | undefined): readonly SettingsLink[] {
  return [
    { label: 'Profile', href: '/user/settings/profile' },
    { label: 'Company Details', href: '/user/settings/company-details' },
    ...(role === 'Employer' ? [{ label: 'Staff', href: '/user/staff' }] : []),
    { label: 'Change Password', href: '/user/settings/change-password' },
  ];
}

/** The frame of an employer's or a recruiter's settings page, with the settings pages their role has. */
export function CompanySettings({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  const { role } = useSession();
  return (
    <SettingsLayout links={companySettingsLinks(role)} title={title} intro={intro}>
      {children}
    </SettingsLayout>
  );
}

/** A company page opened by someone who has no company (a job seeker, the back office). */
export function NotForYourRole({ title }: { title: string }) {
  return (
    <section className="mx-auto max-w-3xl px-2 py-4" aria-labelledby="page-title">
      <h1 id="page-title" className="text-3xl font-bold">
        {title}
      </h1>
      <p className="mt-2 text-muted">This page is for employers and recruiters.</p>
    </section>
  );
}
