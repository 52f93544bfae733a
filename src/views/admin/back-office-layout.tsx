import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { cx } from '../ui/cx.ts';
import { backOfficeLinks } from './paths.ts';

export interface BackOfficeLayoutProps {
  /** The page's heading (one h1 per page). */
  title: string;
  /** Beside the heading: the page's own actions. */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * Every back-office page: its navigation (the current page marked for screen readers too) and
 * the page's heading, so the SuperAdmin moves between the areas from anywhere.
 */
export function BackOfficeLayout({ title, actions, children }: BackOfficeLayoutProps) {
  const [location] = useLocation();
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-2 px-2 py-3 md:flex-row md:gap-4">
      <nav aria-label="Back office" className="shrink-0 md:w-24">
        <ul className="flex flex-wrap gap-0.5 md:flex-col">
          {backOfficeLinks.map((link) => {
            const current = location === link.href || location.startsWith(`${link.href}/`);
            return (
              <li key={link.href}>
                <Link
                  href={link.href}
                  aria-current={current ? 'page' : undefined}
                  className={cx(
                    'block rounded px-1 py-0.5 font-semibold no-underline hover:bg-brand-50 dark:hover:bg-brand-900/30',
                    current ? 'bg-brand-50 text-brand-800 dark:bg-brand-900/40 dark:text-brand-200' : 'text-ink',
                  )}
                >
                  {link.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <section className="flex min-w-0 flex-1 flex-col gap-2" aria-labelledby="page-title">
        <div className="flex flex-wrap items-center justify-between gap-1">
          <h1 id="page-title" className="text-3xl font-bold">
            {title}
          </h1>
          {actions}
        </div>
        {children}
      </section>
    </div>
  );
}
