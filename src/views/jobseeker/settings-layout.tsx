import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { completionSections } from '../../machines/account/profile-completion.machine.ts';
import { cx } from '../ui/cx.ts';

/** The job seeker's settings pages, in the order the dashboard lists their sections. */
export const settingsLinks: ReadonlyArray<{ label: string; href: string }> = [
  ...completionSections.map(({ label, href }) => ({ label, href })),
  { label: 'Change Password', href: '/user/settings/change-password' },
];

/**
 * The frame of a job seeker's settings page: its heading, a side list of every settings page
 * (the current one marked for assistive technology too), and the page's content.
 */
export function JobSeekerSettings({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  const [path] = useLocation();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-3 px-2 py-4 md:flex-row">
      <nav aria-label="Profile settings" className="md:w-28 md:shrink-0">
        <ul className="flex gap-1 overflow-x-auto md:flex-col">
          {settingsLinks.map(({ label, href }) => {
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
      <section className="flex min-w-0 flex-1 flex-col gap-2" aria-labelledby="page-title">
        <h1 id="page-title" className="text-3xl font-bold">
          {title}
        </h1>
        {intro && <p className="text-muted">{intro}</p>}
        {children}
      </section>
    </div>
  );
}
