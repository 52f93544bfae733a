import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import { usePageReader } from '../../app/session.tsx';
import { JobAlertMessages } from '../../contract/job-alert-messages.ts';
import { NO_FILTERS, type SearchFilters, type SearchSort } from '../../contract/search-filters.ts';
import { activeFilterCount, queryToSearch, RADIUS_CHOICES, type SearchPlace } from '../../lib/search-query.ts';
import {
  jobSearchMachine,
  queryOfAddress,
  searchInputOf,
  selectBoosts,
  selectCanLoadMore,
  selectEmpty,
  selectError,
  selectFailed,
  selectItems,
  selectLoadingMore,
  selectLookups,
  selectMap,
  selectMoreFailed,
  selectPinnedCard,
  selectQuery,
  selectSearching,
  selectSelectedJobId,
  selectSelectedListed,
  selectTotal,
  selectTotalIsLowerBound,
  type QueryChange,
} from '../../machines/jobs/search.machine.ts';
import type { SaveJobEmitted } from '../../machines/jobs/save-job.machine.ts';
import type { jobAlertMachine, JobAlertCriteria } from '../../machines/jobs/job-alert.machine.ts';
import type { locationSearchMachine } from '../../machines/location/location-search.machine.ts';
import { Button } from '../ui/button.tsx';
import { cx } from '../ui/cx.ts';
import { Loading } from '../ui/load-state.tsx';
import { SelectField } from '../ui/select-field.tsx';
import { useMediaQuery, WIDE_SCREEN } from '../ui/use-media-query.ts';
import { BoostsStrip } from './boosts-strip.tsx';
import { JobCard } from './job-card.tsx';
import { JobMap } from './job-map.tsx';
import { FiltersPanel, SearchBar, sortOptions } from './search-filters.tsx';
import { jobsLabel, LoadMore, NoResults, PinnedJob, ResultsList, SearchFailed, useFocusFirstNew } from './search-results.tsx';

type Logic = typeof jobSearchMachine;
type Snap = SnapshotFrom<Logic>;

// Not every visit subscribes: the dialog and its rules load when it is about to open.
const loadAlertDialog = () => import('./job-alert-dialog.tsx');
const JobAlertDialog = lazy(loadAlertDialog);

export interface SearchJobsPageProps {
  /** The machine with its actors provided (stories and tests stub them). */
  logic?: Logic;
  snapshot?: Snap;
  /** Lets tests and stories run the place search with stubbed actors. */
  locationLogic?: typeof locationSearchMachine;
  /** The job alert dialog's machine, for tests and stories to answer its call. */
  alertLogic?: typeof jobAlertMachine;
  title?: string;
}

/** Where a "wider radius" button leads: the next radius choice, or none past the widest. */
const widerThan = (radius: number) => RADIUS_CHOICES.find((r) => r > radius) ?? null;

/** Sign in, then on to the seeker's search page with the same search. */
function PublicPrompt({ search }: { search: string }) {
  return (
    <div
      role="note"
      className="flex flex-wrap items-center justify-between gap-1 rounded border border-brand-600/40 bg-brand-50 px-2 py-1 dark:bg-brand-900/30"
    >
      <p>
        <strong>Sign in to save and apply.</strong>{' '}
        <span className="text-muted">Anyone can search; saving jobs and applying need an account.</span>
      </p>
      <div className="flex gap-1">
        <Link
          href={`/login?next=${encodeURIComponent(`/user/search-jobs?${search}`)}`}
          className="rounded bg-brand-700 px-1.5 py-0.5 text-sm font-semibold text-white no-underline hover:bg-brand-800"
        >
          Sign in
        </Link>
        <Link
          href="/register"
          className="rounded border border-brand-700 px-1.5 py-0.5 text-sm font-semibold no-underline dark:border-brand-300"
        >
          Create an account
        </Link>
      </div>
    </div>
  );
}

function ViewToggle({ view, onChange }: { view: 'list' | 'map'; onChange: (v: 'list' | 'map') => void }) {
  const button = (value: 'list' | 'map', label: string) => (
    <button
      type="button"
      aria-pressed={view === value}
      onClick={() => onChange(value)}
      className={cx(
        'min-h-5 flex-1 rounded px-2 py-0.5 text-sm font-semibold transition-colors focus-visible:outline focus-visible:outline-3 focus-visible:outline-brand-500',
        view === value ? 'bg-brand-700 text-white' : 'hover:bg-black/5 dark:hover:bg-white/10',
      )}
    >
      {label}
    </button>
  );
  return (
    <div role="group" aria-label="Show results as" className="flex rounded border border-line p-0.5">
      {button('list', 'List')}
      {button('map', 'Map')}
    </div>
  );
}

/** "Email me jobs like these": the search on screen as a job alert, in a dialog. */
function EmailMeJobs({
  criteria,
  accountEmail,
  seeker,
  logic,
}: {
  criteria: JobAlertCriteria;
  accountEmail: string | null;
  seeker: boolean;
  logic?: typeof jobAlertMachine;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    // Back to where the dialog was opened from.
    setTimeout(() => button.current?.focus(), 0);
  };
  return (
    <>
      <Button
        ref={button}
        variant="secondary"
        aria-haspopup="dialog"
        onPointerEnter={() => void loadAlertDialog().catch(() => undefined)}
        onFocus={() => void loadAlertDialog().catch(() => undefined)}
        onClick={() => setOpen(true)}
      >
        {JobAlertMessages.emailMeJobs}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <JobAlertDialog criteria={criteria} accountEmail={accountEmail} seeker={seeker} onClose={close} logic={logic} />
        </Suspense>
      )}
    </>
  );
}

function SearchJobs({
  logic = jobSearchMachine,
  snapshot,
  locationLogic,
  alertLogic,
  asSeeker,
  signedIn,
  accountEmail,
}: SearchJobsPageProps & { asSeeker: boolean; signedIn: boolean; accountEmail: string | null }) {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const [start] = useState(() => searchInputOf(search, asSeeker));
  const actor = useActorRef(logic, { input: start, snapshot });

  const query = useSelector(actor, selectQuery);
  const items = useSelector(actor, selectItems);
  const total = useSelector(actor, selectTotal);
  const atLeast = useSelector(actor, selectTotalIsLowerBound);
  const searching = useSelector(actor, selectSearching);
  const loadingMore = useSelector(actor, selectLoadingMore);
  const failed = useSelector(actor, selectFailed);
  const moreFailed = useSelector(actor, selectMoreFailed);
  const error = useSelector(actor, selectError);
  const canLoadMore = useSelector(actor, selectCanLoadMore);
  const empty = useSelector(actor, selectEmpty);
  const boosts = useSelector(actor, selectBoosts);
  const selectedJobId = useSelector(actor, selectSelectedJobId);
  const pinned = useSelector(actor, selectPinnedCard);
  const map = useSelector(actor, selectMap);
  const lookups = useSelector(actor, selectLookups);
  const selectedListed = useSelector(actor, selectSelectedListed);
  const wide = useMediaQuery(WIDE_SCREEN);
  const [view, setView] = useState<'list' | 'map'>('list');
  const focusFirstNew = useFocusFirstNew(items);

  // The address follows the search: a new entry per change, so Back returns to the search before.
  // An address without a search (a link to /jobs) stays as it is until the search changes.
  const queryString = queryToSearch(query);
  const lastSearch = useRef(search);
  const synced = useRef(queryToSearch(start.query));
  useEffect(() => {
    // The search follows the address: Back, Forward, a link to another search.
    if (search === lastSearch.current) return;
    lastSearch.current = search;
    const wanted = queryOfAddress(search);
    synced.current = queryToSearch(wanted);
    actor.send({ type: 'search.change', change: wanted });
  }, [actor, search]);
  useEffect(() => {
    if (queryString === synced.current) return;
    synced.current = queryString;
    lastSearch.current = queryString;
    navigate(`${path}?${queryString}`);
  }, [navigate, path, queryString]);

  const onSaveChange = useCallback(
    (change: SaveJobEmitted) => actor.send({ type: 'search.saved', jobId: change.jobId, isSaved: change.isSaved }),
    [actor],
  );
  const onPoint = useCallback((jobId: string | null) => actor.send({ type: 'search.point', jobId }), [actor]);
  // Stable, so the search bar, the filters and the results skip the renders that do not concern them.
  const change = useCallback(
    (change: QueryChange, submitted?: boolean) => actor.send({ type: 'search.change', change, ...(submitted ? { submitted } : {}) }),
    [actor],
  );
  const onKeyword = useCallback((keyword: string) => change({ keyword }, true), [change]);
  const onPlace = useCallback((place: SearchPlace) => change({ place }), [change]);
  const onRadius = useCallback((radius: number) => change({ radius }), [change]);
  const onFilters = useCallback((filters: SearchFilters) => change({ filters }), [change]);
  const onSort = useCallback((sort: SearchSort | null) => sort && change({ sort }), [change]);
  const { keyword, place, radius } = query;
  const criteria = useMemo(
    () => ({ keyword, placeName: place.label, latitude: place.latitude, longitude: place.longitude, radius }),
    [keyword, place, radius],
  );
  const more = () => {
    focusFirstNew(items.length, !!document.activeElement?.closest('[data-load-more]'));
    actor.send({ type: 'search.more' });
  };

  const filtersInUse = activeFilterCount(query.filters);
  const status = failed ? (error ?? '') : searching ? 'Searching jobs…' : `${jobsLabel(total, atLeast)} found`;
  const showList = wide || view === 'list';
  const showMap = wide || view === 'map';

  const results = (
    <div className="flex min-w-0 flex-col gap-2">
      {pinned && (
        <PinnedJob {...pinned} saveable={asSeeker} onSaveChange={onSaveChange} onClose={() => actor.send({ type: 'search.unpin' })} />
      )}
      <BoostsStrip jobs={boosts} saveable={asSeeker} onSaveChange={onSaveChange} onPoint={onPoint} selectedJobId={selectedJobId} />
      {failed ? (
        <SearchFailed message={error ?? ''} onRetry={() => actor.send({ type: 'search.retry' })} />
      ) : searching && items.length === 0 ? (
        <Loading label="Searching jobs…" />
      ) : empty ? (
        <NoResults
          radius={query.radius}
          widerRadius={widerThan(query.radius)}
          filtersInUse={filtersInUse}
          hasKeyword={!!query.keyword}
          onWiden={(radius) => actor.send({ type: 'search.change', change: { radius } })}
          onClearFilters={() => actor.send({ type: 'search.change', change: { filters: NO_FILTERS } })}
        />
      ) : (
        <>
          {items.length > 0 && (
            <h2 className="sr-only" id="results-title">
              Results
            </h2>
          )}
          <ResultsList
            jobs={items}
            saveable={asSeeker}
            selectedJobId={selectedJobId}
            stale={searching}
            onSaveChange={onSaveChange}
            onPoint={onPoint}
          />
          {!searching && (
            <div data-load-more>
              <LoadMore
                shown={items.length}
                total={total}
                totalIsLowerBound={atLeast}
                canLoadMore={canLoadMore}
                loadingMore={loadingMore}
                error={moreFailed ? error : null}
                onMore={more}
                onRetry={() => actor.send({ type: 'search.retry' })}
              />
            </div>
          )}
        </>
      )}
    </div>
  );

  return (
    <div className="flex flex-col gap-2">
      {!signedIn && <PublicPrompt search={queryString} />}
      <SearchBar query={query} locationLogic={locationLogic} onKeyword={onKeyword} onPlace={onPlace} onRadius={onRadius} />
      <FiltersPanel filters={query.filters} lookups={lookups} onApply={onFilters} />
      <div className="flex flex-wrap items-end justify-between gap-1 border-b border-line pb-1">
        <div>
          <p className="text-xl font-semibold" aria-hidden="true">
            {failed ? 'No results' : searching ? 'Searching…' : jobsLabel(total, atLeast)}
          </p>
          <p className="text-sm text-muted">
            {query.keyword ? <>“{query.keyword}” </> : null}
            within {query.radius} miles of {query.place.label}
          </p>
          <p role="status" aria-live="polite" className="sr-only">
            {status}
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-1">
          <EmailMeJobs criteria={criteria} accountEmail={accountEmail} seeker={asSeeker} logic={alertLogic} />
          {!wide && <ViewToggle view={view} onChange={setView} />}
          <SelectField<SearchSort> label="Sort by" value={query.sort} options={sortOptions} onChange={onSort} className="min-w-[10rem]" />
        </div>
      </div>
      <div className={cx('grid gap-2', wide && 'grid-cols-[minmax(0,1fr)_minmax(0,1fr)] items-start')}>
        {showList && results}
        {showMap && (
          <aside aria-label="Map of the results" className={cx('flex flex-col gap-1', wide && 'sticky top-7')}>
            <div className={wide ? 'h-[calc(100vh-4.5rem)] min-h-[420px]' : 'h-[60vh] min-h-[320px]'}>
              <JobMap actor={map} label="Job map" className="h-full" />
            </div>
            {!wide && view === 'map' && selectedListed && (
              <JobCard job={selectedListed} saveable={asSeeker} selected onSaveChange={onSaveChange} />
            )}
            {!wide && view === 'map' && pinned && (
              <PinnedJob {...pinned} saveable={asSeeker} onSaveChange={onSaveChange} onClose={() => actor.send({ type: 'search.unpin' })} />
            )}
          </aside>
        )}
      </div>
    </div>
  );
}

/**
 * Finding jobs (spec 2 §2 /user/search-jobs; anyone's simple search at /jobs and /browse-jobs): a
 * keyword, a place and radius, filters and a sort; results 20 at a time beside the map (a List /
 * Map switch on narrow screens), featured jobs above them. A signed-in job seeker's search marks
 * the skills they have and lets them save jobs; anyone else is asked to sign in for that.
 */
export default function SearchJobsPage(props: SearchJobsPageProps) {
  const { waiting, role, signedIn, user } = usePageReader();
  const [path] = useLocation();
  const asSeeker = role === 'JobSeeker';
  return (
    <section className="mx-auto flex max-w-7xl flex-col gap-2 px-2 py-3" aria-labelledby="page-title">
      <h1 id="page-title" className="text-3xl font-bold">
        {path.startsWith('/user/') ? 'Search Jobs' : 'Browse Jobs'}
      </h1>
      {waiting ? (
        <Loading label="Loading…" />
      ) : (
        <SearchJobs
          key={asSeeker ? 'seeker' : 'anyone'}
          {...props}
          asSeeker={asSeeker}
          signedIn={signedIn}
          accountEmail={signedIn ? (user?.email ?? null) : null}
        />
      )}
    </section>
  );
}
