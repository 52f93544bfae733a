import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { usePageHead } from '../../app/page-head.ts';
import type { PageHead } from '../../lib/public-site.ts';
import { cx } from '../ui/cx.ts';

/**
 * The frame of a public page: its head (title, description, canonical address, Open Graph), its
 * heading and lead, and long-form text below. Sections inside start at h2.
 */
export function PublicPage({
  head,
  lead,
  children,
  wide = false,
}: {
  head: PageHead;
  lead: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  usePageHead(head);
  return (
    <article className={cx('mx-auto px-2 py-4', wide ? 'max-w-5xl' : 'max-w-3xl')} aria-labelledby="page-title">
      <header className="mb-2">
        <h1 id="page-title" className="text-3xl font-extrabold md:text-4xl">
          {head.title}
        </h1>
        <p className="mt-1 max-w-3xl text-lg text-muted">{lead}</p>
      </header>
      <div className="prose-text">{children}</div>
    </article>
  );
}

const actionClass = 'inline-block rounded px-2 py-1 font-semibold no-underline';

/** A link drawn as a button: the page's next step. */
export function ActionLink({ href, children, secondary = false }: { href: string; children: ReactNode; secondary?: boolean }) {
  return (
    <Link
      href={href}
      className={cx(
        actionClass,
        // The prose's underline is for links in running text; these are buttons.
        '!no-underline',
        secondary
          ? 'border border-brand-700 text-brand-700 hover:bg-brand-50 dark:border-brand-300 dark:text-brand-300 dark:hover:bg-white/5'
          : 'bg-brand-700 text-white hover:bg-brand-800',
      )}
    >
      {children}
    </Link>
  );
}

/** A row of next steps. */
export function Actions({ children }: { children: ReactNode }) {
  return <p className="!my-2 flex flex-wrap gap-1">{children}</p>;
}

/** A link out of the product (a source): it says so, and hands over no opener. */
export function SourceLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} rel="noopener noreferrer">
      {children}
    </a>
  );
}
