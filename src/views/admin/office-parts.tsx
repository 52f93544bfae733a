import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';

/** A job's public page (src/app/route-table.ts: /jobs/:id). */
export const jobPagePath = (id: string) => `/jobs/${encodeURIComponent(id)}`;

// One look for states everywhere in the back office.
export { CompanyStateChip, JobStatusChip } from './admin-parts.tsx';

/** The list narrowed to one company: its name (when known) and a way back to every company. */
export function CompanyFilterNotice({ name, allHref, what }: { name: string | null; allHref: string; what: string }) {
  return (
    <p className="flex flex-wrap items-center gap-1 rounded border border-line bg-surface-raised px-1.5 py-1 text-sm">
      <span>
        {what} of <strong>{name ?? 'one company'}</strong> only.
      </span>
      <Link href={allHref} className="font-semibold">
        Show all
      </Link>
    </p>
  );
}

/** Placeholders in the shape of a list while it is read. */
export function ListSkeleton({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-busy="true" aria-label={label} className="flex flex-col gap-1">
      <span className="sr-only">{label}…</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} aria-hidden="true" className="h-8 animate-pulse rounded bg-line/60" />
      ))}
    </div>
  );
}

/** A failed read: the answer's state errors (spec 2 §8), and Try again. */
export function LoadErrors({ errors, onRetry }: { errors: readonly string[]; onRetry: () => void }) {
  return (
    <div className="flex flex-col items-start gap-1">
      <Alert tone="error">
        {errors.length > 1 ? (
          <ul className="list-disc pl-2">
            {errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        ) : (
          errors[0]
        )}
      </Alert>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** Nothing to list: the page's own words. */
export function EmptyList({ children }: { children: ReactNode }) {
  return <div className="rounded border border-dashed border-line p-3 text-center text-muted">{children}</div>;
}

/**
 * Keeps a list's query and the address in step, as the job search does: a change of the query
 * adds an address (so Back returns to the list before), and an address changed from outside
 * (Back, Forward, a link) is handed to `onAddress` as the query it names.
 */
export function useQueryInAddress<Q>(query: Q, searchOf: (q: Q) => string, queryOf: (search: string) => Q, onAddress: (q: Q) => void) {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const current = searchOf(query);
  const lastSearch = useRef(search);
  const synced = useRef(current);
  const handlers = useRef({ searchOf, queryOf, onAddress });
  handlers.current = { searchOf, queryOf, onAddress };
  useEffect(() => {
    if (search === lastSearch.current) return;
    lastSearch.current = search;
    const wanted = handlers.current.queryOf(search);
    synced.current = handlers.current.searchOf(wanted);
    handlers.current.onAddress(wanted);
  }, [search]);
  useEffect(() => {
    if (current === synced.current) return;
    synced.current = current;
    lastSearch.current = current;
    navigate(current ? `${path}?${current}` : path);
  }, [current, navigate, path]);
}
