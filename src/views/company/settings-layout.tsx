import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useSession } from '../../app/session.tsx';
import { cx } from '../ui/cx.ts';

/** The settings pages of an employer (and, without staff, of a recruiter). */
export function companySettingsLinks(role: string | null | undefined): ReadonlyArray<{ label: string; href: string }> {
  return [
    { label: 'Profile', href: '/user/settings/profile' },
    { label: 'Company Details', href: '/user/settings/company-details' },
    ...(role === 'Employer' ? [{ label: 'Staff', href: '/user/staff' }] : []),
    { label: 'Change Password', href: '/user/settings/change-password' },
  ];
}

/**
 * The frame of an employer's or a recruiter's settings page: its heading, a side list of the
 * settings pages (the current one marked for assistive technology too), and the page's content.
 */
export function CompanySettings({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  const [path] = useLocation();
  const { role } = useSession();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-3 px-2 py-4 md:flex-row">
      <nav aria-label="Settings" className="md:w-28 md:shrink-0">
        <ul className="flex gap-1 overflow-x-auto md:flex-col">
          {companySettingsLinks(role).map(({ label, href }) => {
            const current = path === href;
            return (
              <li key={href}>
                <Link
                  href={href}
                  aria-current={current ? 'page' : undefined}
                  className={cx(
                    'block whitespace-nowrap rounded px-1.5 py-1 text-sm no-underline hover:bg-surface-raised',
                    current ? 'bg-brand-50 font-semibold text-brand-700 dark:bg-brand-900 dark:text-brand-100' : 'text-ink',
                  )}
                >
                  {label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {/* Not a landmark of its own: the page's sections are the regions. */}
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h1 id="page-title" className="text-3xl font-bold">
          {title}
        </h1>
        {intro && <p className="text-muted">{intro}</p>}
        {children}
      </div>
    </div>
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
