import { memo, useEffect, useRef } from 'react';
import { Link } from 'wouter';
import type { JobPostListItem } from '../../contract/posting.ts';
import type { SearchItem } from '../../contract/search.ts';
import type { SaveJobEmitted } from '../../machines/jobs/save-job.machine.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { cx } from '../ui/cx.ts';
import { LoadFailed } from '../ui/load-state.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { JobCard } from './job-card.tsx';
import { formatCount } from '../../lib/numbers.ts';

/** The selector of a job's card. */
const cardOf = (jobId: string) => `[data-job-id="${jobId.replace(/["\\]/g, '\\$&')}"]`;

/** "1 job", "123 jobs", "1,204 jobs"; "1,000+ jobs" when the server stopped counting there. */
export const jobsLabel = (n: number, atLeast = false) => `${formatCount(n)}${atLeast ? '+' : ''} ${n === 1 && !atLeast ? 'job' : 'jobs'}`;

export interface ResultsListProps {
  jobs: SearchItem[];
  saveable: boolean;
  selectedJobId: string | null;
  /** A new search is being read: the results shown are the last search's. */
  stale: boolean;
  onSaveChange: (change: SaveJobEmitted) => void;
  onPoint: (jobId: string | null) => void;
}

/** The results read so far, one card each; the one whose pin was chosen is marked and scrolled to. */
export const ResultsList = memo(function ResultsList({ jobs, saveable, selectedJobId, stale, onSaveChange, onPoint }: ResultsListProps) {
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (!selectedJobId) return;
    const card = listRef.current?.querySelector<HTMLElement>(cardOf(selectedJobId));
    card?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [selectedJobId]);

  return (
    <ol
      ref={listRef}
      aria-label="Search results"
      aria-busy={stale || undefined}
      className={cx('flex flex-col gap-1 transition-opacity', stale && 'opacity-60')}
    >
      {jobs.map((job) => (
        // The result whose pin was chosen is the current one, for screen readers too. Cards out of
        // sight are not laid out or painted until scrolled near (they stay in the page for find
        // and for screen readers), which spares a phone most of the work of a page of results.
        <li
          key={job.id}
          aria-current={job.id === selectedJobId || undefined}
          className="[contain-intrinsic-size:auto_16rem] [content-visibility:auto]"
        >
          <JobCard job={job} saveable={saveable} selected={job.id === selectedJobId} onSaveChange={onSaveChange} onPoint={onPoint} />
        </li>
      ))}
    </ol>
  );
});

export interface LoadMoreProps {
  shown: number;
  total: number;
  /** The total is a floor: the server stopped counting there. */
  totalIsLowerBound?: boolean;
  canLoadMore: boolean;
  loadingMore: boolean;
  /** Why the last page could not be read; Try again asks for it again. */
  error: string | null;
  onMore: () => void;
  onRetry: () => void;
}

/**
 * "Showing 40 of 123" and Load more. Scrolling near the end loads the next page by itself; the
 * button stays for the keyboard, and keeps its focus on the first job it brought.
 */
export function LoadMore({ shown, total, totalIsLowerBound = false, canLoadMore, loadingMore, error, onMore, onRetry }: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const more = useRef(onMore);
  more.current = onMore;

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !canLoadMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) more.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [canLoadMore]);

  if (total === 0) return null;
  return (
    <div className="flex flex-col items-center gap-1 py-1">
      <div ref={sentinel} aria-hidden="true" />
      <p className="text-sm text-muted">
        Showing {formatCount(shown)} of {jobsLabel(total, totalIsLowerBound)}
      </p>
      {error ? (
        <LoadFailed message={error} onRetry={onRetry} className="items-center" />
      ) : (
        (canLoadMore || loadingMore) && (
          <Button variant="secondary" busy={loadingMore} onClick={onMore}>
            {loadingMore ? 'Loading more jobs…' : 'Load more jobs'}
          </Button>
        )
      )}
    </div>
  );
}

/** Keeps the keyboard's place: after Load more (pressed with the keyboard or not), focus moves to the first job it brought. */
export function useFocusFirstNew(jobs: SearchItem[]) {
  const pending = useRef<number | null>(null);
  useEffect(() => {
    const from = pending.current;
    if (from === null || jobs.length <= from) return;
    pending.current = null;
    document.querySelector<HTMLElement>(`${cardOf(jobs[from]!.id)} a`)?.focus();
  }, [jobs]);
  return (shown: number, hadFocus: boolean) => {
    pending.current = hadFocus ? shown : null;
  };
}

export interface NoResultsProps {
  radius: number;
  /** A wider radius to offer; null when the search is already as wide as the choices go. */
  widerRadius: number | null;
  filtersInUse: number;
  hasKeyword: boolean;
  onWiden: (radius: number) => void;
  onClearFilters: () => void;
}

/** Nothing found: what to try instead. */
export function NoResults({ radius, widerRadius, filtersInUse, hasKeyword, onWiden, onClearFilters }: NoResultsProps) {
  return (
    <div className="flex flex-col items-start gap-1 rounded border border-dashed border-line p-2">
      <h2 className="text-lg font-semibold">No jobs match your search</h2>
      <p className="text-muted">
        Try a wider radius than {radius} miles{filtersInUse > 0 ? ', fewer filters' : ''}
        {hasKeyword ? ' or other words' : ''}.
      </p>
      <div className="flex flex-wrap gap-1">
        {widerRadius !== null && (
          <Button variant="secondary" onClick={() => onWiden(widerRadius)}>
            Search within {widerRadius} miles
          </Button>
        )}
        {filtersInUse > 0 && (
          <Button variant="ghost" onClick={onClearFilters}>
            Clear filters
          </Button>
        )}
      </div>
    </div>
  );
}

/** The first page failed: why, and Try again. */
export function SearchFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return <LoadFailed message={message} onRetry={onRetry} />;
}

export interface PinnedJobProps {
  state: 'reading' | 'shown' | 'unavailable';
  job: JobPostListItem | null;
  jobId: string;
  title: string | null;
  saveable: boolean;
  onSaveChange: (change: SaveJobEmitted) => void;
  onClose: () => void;
}

/** The job of a pin chosen on the map that is not among the results read: a card of its own above them. */
export function PinnedJob({ state, job, jobId, title, saveable, onSaveChange, onClose }: PinnedJobProps) {
  const ref = useRef<HTMLElement>(null);
  // Chosen on the map further down the page: brought into view (the keyboard stays on the map).
  useEffect(() => ref.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' }), [jobId]);
  return (
    <section
      ref={ref}
      aria-labelledby="pinned-job"
      className="flex flex-col gap-1 rounded border border-brand-600/60 bg-brand-50/40 p-1.5 dark:bg-brand-900/20"
    >
      <div className="flex items-center justify-between gap-1">
        <h2 id="pinned-job" className="text-sm font-semibold uppercase tracking-wide text-brand-800 dark:text-brand-200">
          Chosen on the map
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close the job chosen on the map"
          className="rounded px-1 text-lg leading-none text-muted hover:bg-black/5 hover:text-ink focus-visible:outline focus-visible:outline-3 focus-visible:outline-brand-500 dark:hover:bg-white/10"
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {state === 'reading' && (
        <p role="status" className="flex items-center gap-1 text-sm text-muted">
          <Spinner size={16} /> Loading {title ?? 'the job'}…
        </p>
      )}
      {state === 'shown' && job && <JobCard job={job} saveable={saveable} selected onSaveChange={onSaveChange} />}
      {state === 'unavailable' && (
        <Alert>
          <Link href={`/jobs/${jobId}`} className="font-semibold">
            {title ?? 'Open the job'}
          </Link>
          <span className="block text-muted">Its details could not be loaded here. Its page may still open.</span>
        </Alert>
      )}
    </section>
  );
}
