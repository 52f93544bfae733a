import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect } from 'react';
import { Link, useParams } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import { AUDIT_ACTION_NAMES, AdminMessages, REPORT_STATUS_NAMES, type AdminCompanyDetail, type AuditEntry } from '../../contract/admin.ts';
import { REPORT_REASON_NAMES } from '../../contract/job-states.ts';
import { jobPostStatuses } from '../../contract/job-states.ts';
import { formatCount } from '../../lib/metrics.ts';
import { formatMoney } from '../../lib/money.ts';
import {
  actionsFor,
  companyPageMachine,
  selectActionRef,
  selectDetail,
  selectError,
  selectView,
} from '../../machines/admin/company.machine.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { cx } from '../ui/cx.ts';
import { LoadFailed, Loading } from '../ui/load-state.tsx';
import { BoostedBadge } from '../ui/status-chip.tsx';
import { toast } from '../ui/toast.tsx';
import {
  ColumnHeads,
  CompanyStateChip,
  dateOrDash,
  Facts,
  JobStatusChip,
  maskedTin,
  NotFound,
  tableClass,
  tdClass,
} from './admin-parts.tsx';
import { BackOfficeLayout } from './back-office-layout.tsx';
import { ACTION_COPY } from './company-action-copy.ts';
import { BACK_OFFICE, companyAuditPath, recruiterPath } from './paths.ts';

type Logic = typeof companyPageMachine;

// The dialog (Headless UI's, with its focus trap and portal) loads when the page has shown.
const loadDialog = () => import('./company-action-dialog.tsx');
const CompanyActionDialog = lazy(() => loadDialog().then((m) => ({ default: m.CompanyActionDialog })));
type Company = AdminCompanyDetail['company'];

/** The reports of one company in the queue (/back-office/reports takes ?companyId=). */
export const companyReportsPath = (id: string) => `${BACK_OFFICE.reports}?companyId=${encodeURIComponent(id)}`;

const tabClass =
  'rounded px-1.5 py-0.5 text-sm font-semibold text-ink outline-none hover:bg-black/5 data-focus:outline data-focus:outline-3 data-focus:outline-brand-500 data-selected:bg-brand-700 data-selected:text-white dark:hover:bg-white/10';

function Empty({ children }: { children: string }) {
  return <p className="text-muted">{children}</p>;
}

/** Why and since when the company is blacklisted or deactivated: for administrators only. */
function StateNotes({ company }: { company: Company }) {
  return (
    <>
      {company.blacklistedAt && (
        <Alert tone="error">
          <strong>Blacklisted on {dateOrDash(company.blacklistedAt)}.</strong> {company.blacklistReason}
        </Alert>
      )}
      {company.deactivatedAt && (
        <Alert>
          <strong>Deactivated on {dateOrDash(company.deactivatedAt)}.</strong> {company.deactivationReason}
        </Alert>
      )}
    </>
  );
}

function Details({ detail }: { detail: AdminCompanyDetail }) {
  const c = detail.company;
  return (
    <Facts
      items={[
        ['Legal name', c.legalName],
        ['Shown as', c.displayName],
        ['TIN', `${c.tinKind ? `${c.tinKind} ` : ''}${maskedTin(c.tinLastFour)}`],
        ['Verified', c.verifiedAt ? `${dateOrDash(c.verifiedAt)}${c.verificationMethod ? ` (${c.verificationMethod})` : ''}` : 'Not yet'],
        ['Owner', c.owner ? `${c.owner.name} (${c.owner.email})` : '—'],
        ['Address', c.address ?? c.place ?? '—'],
        [
          'Website',
          c.website ? (
            <a href={c.website} target="_blank" rel="noreferrer noopener">
              {c.website}
            </a>
          ) : (
            '—'
          ),
        ],
        ['Industry', c.industry ?? '—'],
        ['About', c.about ?? '—'],
        ['Created', dateOrDash(c.createdAt)],
        ['Jobs by status', jobPostStatuses.map((s) => `${s} ${formatCount(detail.jobCounts[s] ?? 0)}`).join(' · ')],
      ]}
    />
  );
}

function Staff({ detail }: { detail: AdminCompanyDetail }) {
  if (detail.staff.length === 0) return <Empty>No staff.</Empty>;
  return (
    <table className={tableClass}>
      <caption className="sr-only">Staff</caption>
      <ColumnHeads columns={['Name', 'Role', 'Status', 'Joined']} />
      <tbody>
        {detail.staff.map((p) => (
          <tr key={p.id} className="border-t border-line">
            <th scope="row" className={cx(tdClass, 'text-left font-normal')}>
              <Link href={recruiterPath(p.id)} className="font-semibold">
                {p.name}
              </Link>
              <span className="block text-xs text-muted">{p.email}</span>
            </th>
            <td className={tdClass}>
              {p.role === 'Employer' ? 'Employer (owner)' : 'Recruiter'}
              {p.jobTitle && <span className="block text-xs text-muted">{p.jobTitle}</span>}
            </td>
            <td className={cx(tdClass, 'capitalize')}>{p.status}</td>
            <td className={cx(tdClass, 'whitespace-nowrap')}>{dateOrDash(p.joinedAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Jobs({ detail }: { detail: AdminCompanyDetail }) {
  if (detail.jobs.length === 0) return <Empty>No jobs.</Empty>;
  return (
    <table className={tableClass}>
      <caption className="sr-only">Jobs, newest first</caption>
      <ColumnHeads
        columns={['Job', 'Status', 'Posted', { label: 'Applications', numeric: true }, { label: 'Open reports', numeric: true }]}
      />
      <tbody>
        {detail.jobs.map((j) => (
          <tr key={j.id} className="border-t border-line">
            <th scope="row" className={cx(tdClass, 'text-left font-normal')}>
              <span className="font-semibold">{j.title}</span> {j.boosted && <BoostedBadge />}
              <span className="block text-xs text-muted">{j.place}</span>
            </th>
            <td className={tdClass}>
              <JobStatusChip status={j.status} />
            </td>
            <td className={cx(tdClass, 'whitespace-nowrap')}>{dateOrDash(j.postingDate)}</td>
            <td className={cx(tdClass, 'text-right tabular-nums')}>{formatCount(j.applications)}</td>
            <td className={cx(tdClass, 'text-right tabular-nums')}>{formatCount(j.openReports)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Reports({ detail }: { detail: AdminCompanyDetail }) {
  const link = (
    <Link href={companyReportsPath(detail.company.id)} className="font-semibold">
      Work these reports in the queue
    </Link>
  );
  if (detail.reports.length === 0)
    return (
      <div className="flex flex-col gap-1">
        <Empty>No reports against its jobs.</Empty>
      </div>
    );
  return (
    <div className="flex flex-col gap-2">
      {link}
      {detail.reports.map((g) => (
        <section key={g.job.id} aria-label={`Reports of ${g.job.title}`} className="flex flex-col gap-1 rounded border border-line p-1.5">
          <h3 className="font-semibold">
            {g.job.title}{' '}
            <span className="text-sm font-normal text-muted">
              {formatCount(g.reportCount)} {g.reportCount === 1 ? 'report' : 'reports'}, the latest {dateOrDash(g.latestAt)}
            </span>
          </h3>
          <ul className="flex flex-col gap-0.5 text-sm">
            {g.reports.map((r) => (
              <li key={r.id}>
                <strong>{REPORT_REASON_NAMES[r.reason]}</strong> — {r.reporter.name}, {dateOrDash(r.createdAt)} ·{' '}
                {REPORT_STATUS_NAMES[r.status]}
                {r.details && <span className="block text-muted">“{r.details}”</span>}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function Boosts({ detail }: { detail: AdminCompanyDetail }) {
  if (detail.boosts.length === 0) return <Empty>No boosts.</Empty>;
  return (
    <table className={tableClass}>
      <caption className="sr-only">Boosts</caption>
      <ColumnHeads columns={['Job', 'Tier', 'Status', { label: 'Amount', numeric: true }, 'Started', 'Ends or ended']} />
      <tbody>
        {detail.boosts.map((b) => (
          <tr key={b.id} className="border-t border-line">
            <th scope="row" className={cx(tdClass, 'text-left font-normal')}>
              {b.jobTitle}
            </th>
            <td className={tdClass}>{b.tierName}</td>
            <td className={cx(tdClass, 'capitalize')}>{b.status}</td>
            <td className={cx(tdClass, 'text-right tabular-nums')}>{formatMoney(b.amountCents / 100)}</td>
            <td className={cx(tdClass, 'whitespace-nowrap')}>{dateOrDash(b.startedAt)}</td>
            <td className={cx(tdClass, 'whitespace-nowrap')}>{dateOrDash(b.endedAt ?? b.currentPeriodEnd)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The company's newest audit entries, with the way to the whole trail. */
export function AuditEntries({ entries, companyId }: { entries: readonly AuditEntry[]; companyId: string }) {
  return (
    <div className="flex flex-col gap-1">
      {entries.length === 0 ? (
        <Empty>{AdminMessages.noAudit}</Empty>
      ) : (
        <table className={tableClass}>
          <caption className="sr-only">Audit trail, newest first</caption>
          <ColumnHeads columns={['When', 'Action', 'By', 'Reason']} />
          <tbody>
            {entries.map((e) => (
              <tr key={e.id} className="border-t border-line">
                <td className={cx(tdClass, 'whitespace-nowrap')}>{dateOrDash(e.at)}</td>
                <th scope="row" className={cx(tdClass, 'text-left font-normal')}>
                  {AUDIT_ACTION_NAMES[e.action]}
                </th>
                <td className={tdClass}>{e.admin.name}</td>
                <td className={tdClass}>{e.reason ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Link href={companyAuditPath(companyId)} className="font-semibold">
        See the whole trail
      </Link>
    </div>
  );
}

const tabs = [
  ['Details', Details],
  ['Staff', Staff],
  ['Jobs', Jobs],
  ['Reports', Reports],
  ['Boosts', Boosts],
  ['Audit', ({ detail }: { detail: AdminCompanyDetail }) => <AuditEntries entries={detail.audit} companyId={detail.company.id} />],
] as const;

export interface CompanyPageProps {
  logic?: Logic;
  snapshot?: SnapshotFrom<Logic>;
  /** The tab open first (stories). */
  defaultTab?: number;
  title?: string;
}

function CompanyView({ companyId, logic, snapshot, defaultTab = 0 }: CompanyPageProps & { companyId: string }) {
  const input = { companyId };
  const actor = useActorRef(logic ?? companyPageMachine, snapshot ? { snapshot, input } : { input });
  const view = useSelector(actor, selectView);
  const detail = useSelector(actor, selectDetail);
  const error = useSelector(actor, selectError);
  const refreshing = useSelector(actor, (s) => s.hasTag('refreshing'));
  const actionRef = useSelector(actor, selectActionRef);

  useEffect(() => {
    loadDialog().catch(() => undefined);
  }, []);
  useEffect(() => {
    const sub = actor.on('notify', (e) => toast.success(e.message, { id: e.message }));
    return () => sub.unsubscribe();
  }, [actor]);

  if (view === 'notFound')
    return (
      <BackOfficeLayout title="Company not found">
        <NotFound message={AdminMessages.companyNotFound} back={BACK_OFFICE.companies} backLabel="Back to the companies" />
      </BackOfficeLayout>
    );
  if (view === 'failed')
    return (
      <BackOfficeLayout title="Company">
        <LoadFailed message={error ?? ''} onRetry={() => actor.send({ type: 'company.retry' })} />
      </BackOfficeLayout>
    );
  if (view === 'loading' || !detail)
    return (
      <BackOfficeLayout title="Company">
        <Loading label="Loading the company…" />
      </BackOfficeLayout>
    );

  const c = detail.company;
  return (
    <BackOfficeLayout
      title={c.displayName}
      actions={
        <div className="flex flex-wrap gap-1">
          {actionsFor(c).map((a) => (
            <Button
              key={a}
              variant={a === 'blacklist' ? 'danger' : 'secondary'}
              aria-haspopup="dialog"
              disabled={refreshing}
              onClick={() => actor.send({ type: 'action.open', action: a })}
            >
              {ACTION_COPY[a].button}
            </Button>
          ))}
        </div>
      }
    >
      <div className="flex flex-wrap items-center gap-1">
        <CompanyStateChip state={c.state} />
        <span className="text-muted">{c.legalName}</span>
        <Link href={BACK_OFFICE.companies} className="ml-auto text-sm font-semibold">
          All companies
        </Link>
      </div>
      <StateNotes company={c} />
      {error && (
        <div className="flex flex-wrap items-center gap-1">
          <Alert tone="error">{error}</Alert>
          <Button variant="secondary" onClick={() => actor.send({ type: 'company.refresh' })}>
            Read it again
          </Button>
        </div>
      )}
      <TabGroup defaultIndex={defaultTab} className={cx('flex flex-col gap-1 transition-opacity', refreshing && 'opacity-60')}>
        <TabList aria-label="Company" className="flex flex-wrap gap-0.5 border-b border-line pb-1">
          {tabs.map(([name]) => (
            <Tab key={name} className={tabClass}>
              {name}
              {name === 'Reports' && c.openReports > 0 && ` (${formatCount(c.openReports)} open)`}
            </Tab>
          ))}
        </TabList>
        <TabPanels aria-busy={refreshing || undefined}>
          {tabs.map(([name, Panel]) => (
            <TabPanel
              key={name}
              className="overflow-x-auto outline-none focus-visible:outline focus-visible:outline-3 focus-visible:outline-brand-500"
            >
              <Panel detail={detail} />
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
      {actionRef && (
        <Suspense fallback={null}>
          <CompanyActionDialog actor={actionRef} companyName={c.displayName} />
        </Suspense>
      )}
    </BackOfficeLayout>
  );
}

/** /back-office/company/:id: a company with its details, staff, jobs, reports, boosts and audit trail, and what can be done to it. */
export default function CompanyPage(props: CompanyPageProps) {
  const { id = '' } = useParams<{ id: string }>();
  // Another company is another page: the machine starts again.
  return <CompanyView key={id} companyId={id} {...props} />;
}
