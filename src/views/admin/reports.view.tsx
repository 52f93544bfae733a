import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { Link, useSearch } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import { AdminMessages, REPORT_STATUS_NAMES, type AdminReport, type ReportGroup } from '../../contract/admin.ts';
import { REPORT_REASON_NAMES } from '../../contract/jobs.ts';
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
import { ChoiceGroup } from '../ui/choice-group.tsx';
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
import { ResolveDialog } from './resolve-dialog.tsx';

type Logic = typeof reportsMachine;

export interface ReportsPageProps {
  /** The machine with its actors provided (stories and tests stub them). */
  logic?: Logic;
  snapshot?: SnapshotFrom<Logic>;
}

const TAB_NAMES: Record<ReportTab, string> = { open: 'Open', resolved: 'Resolved' };
const sortOptions = reportSorts.map((s) => ({ value: s, label: REPORT_SORT_NAMES[s] }));

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
      <TabGroup
        selectedIndex={reportTabs.indexOf(query.status)}
        onChange={(i) => actor.send({ type: 'reports.status', status: reportTabs[i]! })}
        className="flex flex-col gap-2"
      >
        <div className="flex flex-wrap items-end justify-between gap-2">
          <TabList aria-label="Reports" className="flex gap-0.5 rounded border border-line p-0.5">
            {reportTabs.map((t) => (
              <Tab
                key={t}
                className="rounded px-2 py-0.5 text-sm font-semibold text-ink outline-none hover:bg-black/5 data-focus:outline data-focus:outline-3 data-focus:outline-brand-500 data-selected:bg-brand-700 data-selected:text-white dark:hover:bg-white/10"
              >
                {TAB_NAMES[t]}
              </Tab>
            ))}
          </TabList>
          <ChoiceGroup<ReportSort>
            label="Sort by"
            value={query.sort}
            options={sortOptions}
            onChange={(sort) => actor.send({ type: 'reports.sort', sort })}
            className="min-w-64"
          />
        </div>
        <p ref={countRef} tabIndex={-1} aria-live="polite" className="text-sm text-muted outline-none focus:underline">
          {queue && !loading && errors.length === 0 ? countLine(queue.totalCount, query.status) : ''}
        </p>
        <TabPanels>
          {reportTabs.map((t) => (
            <TabPanel key={t} className="outline-none">
              {t === query.status && list}
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
      {resolveRef && <ResolveDialog actor={resolveRef} />}
    </BackOfficeLayout>
  );
}
