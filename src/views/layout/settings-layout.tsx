import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { cx } from '../ui/cx.ts';

/** One page in a settings side list. */
export interface SettingsLink {
  label: string;
  href: string;
}

/**
 * The frame of a settings page, whatever the role: its heading, a side list of the role's
 * settings pages (the current one marked for assistive technology too), and the page's content.
 */
export function SettingsLayout({
  links,
  title,
  intro,
  children,
}: {
  links: readonly SettingsLink[];
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const [path] = useLocation();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-3 px-2 py-4 md:flex-row">
      <nav aria-label="Settings" className="md:w-28 md:shrink-0">
        <ul className="flex gap-1 overflow-x-auto md:flex-col">
          {links.map(({ label, href }) => {
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
      {/* Not a landmark of its own: the page is the main one, and its parts are the regions. */}
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
