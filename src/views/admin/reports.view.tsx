import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useRef, type KeyboardEvent } from 'react';
import { Link, useSearch } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import { AdminMessages, REPORT_STATUS_NAMES, type AdminReport, type ReportGroup } from '../../contract/admin.ts';
import { REPORT_REASON_NAMES } from '../../contract/job-states.ts';
import { formatDisplayDate } from '../../lib/dates.ts';
import {
  REPORT_SORT_NAMES,
  reportSorts,
  reportTabs,
  reportsMachine,
  reportsQueryOf,
  reportsSearchOf,
  selectCompany,
  selectErrors,
  selectPageCount,
  selectResolveRef,
  type ReportSort,
  type ReportTab,
} from '../../machines/admin/reports.machine.ts';
import { Button } from '../ui/button.tsx';
import { cx } from '../ui/cx.ts';
import { PageSteps } from '../ui/page-steps.tsx';
import { toast } from '../ui/toast.tsx';
import { BackOfficeLayout } from './back-office-layout.tsx';
import {
  CompanyFilterNotice,
  CompanyStateChip,
  EmptyList,
  JobStatusChip,
  jobPagePath,
  ListSkeleton,
  LoadErrors,
  useQueryInAddress,
} from './office-parts.tsx';
import { BACK_OFFICE, companyPath } from './paths.ts';

// The dialog (and Headless UI's dialog with it) loads while the queue is read, not before the page shows.
const loadResolveDialog = () => import('./resolve-dialog.tsx');
const ResolveDialog = lazy(() => loadResolveDialog().then((m) => ({ default: m.ResolveDialog })));

type Logic = typeof reportsMachine;

export interface ReportsPageProps {
  /** The machine with its actors provided (stories and tests stub them). */
  logic?: Logic;
  snapshot?: SnapshotFrom<Logic>;
}

const TAB_NAMES: Record<ReportTab, string> = { open: 'Open', resolved: 'Resolved' };
const tabId = (t: ReportTab) => `reports-tab-${t}`;

/**
 * Open and Resolved as tabs (the ARIA tabs pattern): the arrow keys, Home and End move between
 * them and choose at once; the chosen one is the only stop of Tab.
 */
function ReportTabs({ current, onChoose }: { current: ReportTab; onChoose: (t: ReportTab) => void }) {
  const refs = useRef<Partial<Record<ReportTab, HTMLButtonElement | null>>>({});
  const move = (e: KeyboardEvent, from: number) => {
    const last = reportTabs.length - 1;
    const to = { ArrowRight: from + 1, ArrowLeft: from - 1, Home: 0, End: last }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const tab = reportTabs[(to + reportTabs.length) % reportTabs.length]!;
    refs.current[tab]?.focus();
    onChoose(tab);
  };
  return (
    <div role="tablist" aria-label="Reports" className="flex gap-0.5 rounded border border-line p-0.5">
      {reportTabs.map((t, i) => (
        <button
          key={t}
          ref={(el) => {
            refs.current[t] = el;
          }}
          id={tabId(t)}
          type="button"
          role="tab"
          aria-selected={t === current}
          aria-controls="reports-panel"
          tabIndex={t === current ? 0 : -1}
          onClick={() => onChoose(t)}
          onKeyDown={(e) => move(e, i)}
          className={cx(
            'rounded px-2 py-0.5 text-sm font-semibold outline-none focus-visible:outline focus-visible:outline-3 focus-visible:outline-brand-500',
            t === current ? 'bg-brand-700 text-white' : 'text-ink hover:bg-black/5 dark:hover:bg-white/10',
          )}
        >
          {TAB_NAMES[t]}
        </button>
      ))}
    </div>
  );
}

/** The order as a segmented pair of radio buttons: the arrow keys move between them. */
function SortChoice({ value, onChange }: { value: ReportSort; onChange: (s: ReportSort) => void }) {
  return (
    <fieldset className="flex flex-col gap-0.5">
      <legend className="mb-0.5 text-sm font-medium">Sort by</legend>
      <div className="flex rounded border border-line p-0.5">
        {reportSorts.map((s) => (
          <label
            key={s}
            className={cx(
              'cursor-pointer rounded px-1.5 py-0.5 text-sm font-semibold has-focus-visible:outline has-focus-visible:outline-3 has-focus-visible:outline-brand-500',
              s === value ? 'bg-brand-700 text-white' : 'text-ink hover:bg-black/5 dark:hover:bg-white/10',
            )}
          >
            <input type="radio" name="reports-sort" value={s} checked={s === value} onChange={() => onChange(s)} className="sr-only" />
            {REPORT_SORT_NAMES[s]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Reporter({ person }: { person: AdminReport['reporter'] }) {
  return (
    <>
      {person.name}
      <span className="block text-xs break-all text-muted">{person.email}</span>
    </>
  );
}

function ReportsTable({ group, resolved }: { group: ReportGroup; resolved: boolean }) {
  const cell = 'px-1 py-0.5 align-top';
  const shown = group.reports.length;
  return (
    <div className="overflow-x-auto rounded border border-line">
      <table className="w-full border-collapse text-sm">
        <caption className="px-1 py-0.5 text-left text-sm font-semibold">
          {shown < group.reportCount ? `The ${shown} newest of ${group.reportCount} reports` : shown === 1 ? 'The report' : 'The reports'}
        </caption>
        <thead className="bg-surface-raised text-left">
          <tr>
            <th scope="col" className={cell}>
              Reason
            </th>
            <th scope="col" className={cell}>
              Details
            </th>
            <th scope="col" className={cell}>
              Reporter
            </th>
            <th scope="col" className={cell}>
              Reported on
            </th>
            {resolved && (
              <>
                <th scope="col" className={cell}>
                  Status
                </th>
                <th scope="col" className={cell}>
                  Resolved by
                </th>
                <th scope="col" className={cell}>
                  Resolved on
                </th>
                <th scope="col" className={cell}>
                  Note
                </th>
              </>
            )}
          </tr>
        </thead>
        <tbody>
          {group.reports.map((r) => (
            <tr key={r.id} className="border-t border-line">
              <td className={cell}>{REPORT_REASON_NAMES[r.reason]}</td>
              <td className={cx(cell, 'max-w-xs break-words')}>{r.details ?? <span className="text-muted">None given</span>}</td>
              <td className={cell}>
                <Reporter person={r.reporter} />
              </td>
              <td className={cx(cell, 'whitespace-nowrap tabular-nums')}>{formatDisplayDate(r.createdAt)}</td>
              {resolved && (
                <>
                  <td className={cell}>{REPORT_STATUS_NAMES[r.status]}</td>
                  <td className={cell}>{r.resolvedBy?.name ?? '—'}</td>
                  <td className={cx(cell, 'whitespace-nowrap tabular-nums')}>{formatDisplayDate(r.resolvedAt) || '—'}</td>
                  <td className={cx(cell, 'max-w-xs break-words')}>{r.resolutionNote ?? '—'}</td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One reported job: the job, its company, how many reports and why, the newest of them, and Resolve. */
function GroupCard({ group, tab, busy, onResolve }: { group: ReportGroup; tab: ReportTab; busy: boolean; onResolve: () => void }) {
  const titleId = `report-group-${group.job.id}`;
  return (
    <article aria-labelledby={titleId} className="flex flex-col gap-1.5 rounded border border-line bg-surface p-2 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-1">
        <div className="flex min-w-0 flex-col gap-0.5">
          <h2 id={titleId} className="flex flex-wrap items-center gap-1 text-lg font-semibold">
            {group.job.status === 'Deleted' ? group.job.title : <Link href={jobPagePath(group.job.id)}>{group.job.title}</Link>}
            <JobStatusChip status={group.job.status} />
          </h2>
          <p className="flex flex-wrap items-center gap-1 text-sm">
            <Link href={companyPath(group.company.id)} className="font-semibold">
              {group.company.name}
            </Link>
            <CompanyStateChip state={group.company.state} />
          </p>
        </div>
        {tab === 'open' && (
          <Button onClick={onResolve} disabled={busy} aria-haspopup="dialog" aria-describedby={titleId}>
            Resolve
          </Button>
        )}
      </div>
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5 text-sm">
        <p className="font-semibold">
          {group.reportCount} {group.reportCount === 1 ? 'report' : 'reports'}
        </p>
        <ul aria-label="Reasons" className="flex flex-wrap gap-x-2 gap-y-0.5">
          {group.reasons.map((r) => (
            <li key={r.reason}>
              {REPORT_REASON_NAMES[r.reason]}: <span className="font-semibold tabular-nums">{r.count}</span>
            </li>
          ))}
        </ul>
        <p className="text-muted">Latest {formatDisplayDate(group.latestAt)}</p>
      </div>
      <ReportsTable group={group} resolved={tab === 'resolved'} />
    </article>
  );
}

const countLine = (total: number, tab: ReportTab) => `${total} ${total === 1 ? 'job' : 'jobs'} with ${tab} reports`;

/**
 * /back-office/reports: the queue of reported jobs. Open and Resolved tabs, most reported or newest
 * first, one company's jobs (from ?companyId=, the company page links here) or all, 10 a page, the
 * whole query kept in the address. An open job's reports are resolved in a dialog.
 */
export default function ReportsPage({ logic, snapshot }: ReportsPageProps) {
  const search = useSearch();
  const input = useRef(reportsQueryOf(search)).current;
  const actor = useActorRef(logic ?? reportsMachine, snapshot ? { snapshot, input } : { input });
  const query = useSelector(actor, (s) => s.context.query);
  const queue = useSelector(actor, (s) => s.context.queue);
  const errors = useSelector(actor, selectErrors);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const pages = useSelector(actor, selectPageCount);
  const company = useSelector(actor, selectCompany);
  const resolveRef = useSelector(actor, selectResolveRef);
  const countRef = useRef<HTMLParagraphElement>(null);

  useQueryInAddress(query, reportsSearchOf, reportsQueryOf, (q) => actor.send({ type: 'reports.query', query: q }));
  useEffect(() => {
    loadResolveDialog().catch(() => undefined);
  }, []);
  useEffect(() => {
    const sub = actor.on('notify', (e) => {
      toast.success(e.message, { id: e.message });
      // The group and its Resolve button are gone: the focus goes to the queue's count.
      countRef.current?.focus();
    });
    return () => sub.unsubscribe();
  }, [actor]);

  const allHref = (() => {
    const rest = reportsSearchOf({ ...query, companyId: null, pageNumber: 1 });
    return rest ? `${BACK_OFFICE.reports}?${rest}` : BACK_OFFICE.reports;
  })();

  const list =
    errors.length > 0 ? (
      <LoadErrors errors={errors} onRetry={() => actor.send({ type: 'reports.retry' })} />
    ) : !queue ? (
      <ListSkeleton label="Loading the reports" />
    ) : queue.groups.length === 0 && !loading ? (
      <EmptyList>{query.status === 'open' ? AdminMessages.noReports : 'No reports have been resolved yet.'}</EmptyList>
    ) : (
      <div aria-busy={loading || undefined} className={cx('flex flex-col gap-2 transition-opacity', loading && 'opacity-60')}>
        {queue.groups.map((g) => (
          <GroupCard
            key={g.job.id}
            group={g}
            tab={query.status}
            busy={loading}
            onResolve={() => actor.send({ type: 'resolve.open', jobPostId: g.job.id })}
          />
        ))}
        <PageSteps page={query.pageNumber} pages={pages} disabled={loading} onPage={(p) => actor.send({ type: 'reports.page', page: p })} />
      </div>
    );

  return (
    <BackOfficeLayout title="Reported jobs">
      <p className="text-muted">
        Jobs that job seekers reported, grouped by job. Resolve them by dismissing the reports, closing the job or blacklisting its company;
        the reporters are told.
      </p>
      {company && <CompanyFilterNotice name={company.name} allHref={allHref} what="The reported jobs" />}
      <div className="flex flex-wrap items-end justify-between gap-2">
        <ReportTabs current={query.status} onChoose={(status) => actor.send({ type: 'reports.status', status })} />
        <SortChoice value={query.sort} onChange={(sort) => actor.send({ type: 'reports.sort', sort })} />
      </div>
      <p ref={countRef} tabIndex={-1} aria-live="polite" className="text-sm text-muted outline-none focus:underline">
        {queue && !loading && errors.length === 0 ? countLine(queue.totalCount, query.status) : ''}
      </p>
      <div id="reports-panel" role="tabpanel" aria-labelledby={tabId(query.status)} className="outline-none">
        {list}
      </div>
      <Suspense fallback={null}>{resolveRef && <ResolveDialog actor={resolveRef} />}</Suspense>
    </BackOfficeLayout>
  );
}
