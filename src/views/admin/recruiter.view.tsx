import { useActorRef, useSelector } from '@xstate/react';
import { Link, useParams } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import { AdminMessages } from '../../contract/admin.ts';
import { jobPostStatuses } from '../../contract/job-states.ts';
import { formatCount } from '../../lib/metrics.ts';
import { recruiterPageMachine, selectDetail, selectError, selectView } from '../../machines/admin/recruiter.machine.ts';
import { cx } from '../ui/cx.ts';
import { LoadFailed, Loading } from '../ui/load-state.tsx';
import { BoostedBadge } from '../ui/status-chip.tsx';
import { ColumnHeads, CompanyStateChip, dateOrDash, Facts, JobStatusChip, NotFound, Panel, tableClass, tdClass } from './admin-parts.tsx';
import { BackOfficeLayout } from './back-office-layout.tsx';
import { BACK_OFFICE, companyPath } from './paths.ts';

type Logic = typeof recruiterPageMachine;

export interface RecruiterPageProps {
  logic?: Logic;
  snapshot?: SnapshotFrom<Logic>;
  title?: string;
}

function RecruiterView({ recruiterId, logic, snapshot }: RecruiterPageProps & { recruiterId: string }) {
  const input = { recruiterId };
  const actor = useActorRef(logic ?? recruiterPageMachine, snapshot ? { snapshot, input } : { input });
  const view = useSelector(actor, selectView);
  const detail = useSelector(actor, selectDetail);
  const error = useSelector(actor, selectError);

  if (view === 'notFound')
    return (
      <BackOfficeLayout title="Recruiter not found">
        <NotFound message={AdminMessages.recruiterNotFound} back={BACK_OFFICE.recruiters} backLabel="Back to the recruiters" />
      </BackOfficeLayout>
    );
  if (view === 'failed')
    return (
      <BackOfficeLayout title="Recruiter">
        <LoadFailed message={error ?? ''} onRetry={() => actor.send({ type: 'recruiter.retry' })} />
      </BackOfficeLayout>
    );
  if (view === 'loading' || !detail)
    return (
      <BackOfficeLayout title="Recruiter">
        <Loading label="Loading the recruiter…" />
      </BackOfficeLayout>
    );

  const r = detail.recruiter;
  return (
    <BackOfficeLayout title={r.name}>
      <Panel title="The person">
        <Facts
          items={[
            ['Email', r.email],
            ['Phone', r.phoneNumber ?? '—'],
            ['Job title', r.jobTitle ?? '—'],
            ['Role', r.role],
            ['Status', <span className="capitalize">{r.status}</span>],
            ['Joined', dateOrDash(r.joinedAt)],
            [
              'Company',
              <span className="inline-flex flex-wrap items-center gap-1">
                <Link href={companyPath(r.company.id)} className="font-semibold">
                  {r.company.name}
                </Link>
                <CompanyStateChip state={r.company.state} />
              </span>,
            ],
            ['Invited by', detail.invitedBy ? `${detail.invitedBy.name} (${detail.invitedBy.email})` : '—'],
          ]}
        />
      </Panel>
      <Panel title="Their jobs">
        <ul aria-label="Jobs by status" className="flex flex-wrap gap-2 text-sm">
          {jobPostStatuses.map((s) => (
            <li key={s}>
              {s}: <strong className="tabular-nums">{formatCount(detail.jobCounts[s] ?? 0)}</strong>
            </li>
          ))}
        </ul>
        {detail.jobs.length === 0 ? (
          <p className="text-muted">No jobs.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className={tableClass}>
              <caption className="sr-only">Their jobs, newest first</caption>
              <ColumnHeads columns={['Job', 'Status', 'Posted', { label: 'Applications', numeric: true }]} />
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
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Panel>
    </BackOfficeLayout>
  );
}

/** /back-office/recruiters/:id: a recruiter, their company, who invited them and their jobs by status. */
export default function RecruiterPage(props: RecruiterPageProps) {
  const { id = '' } = useParams<{ id: string }>();
  return <RecruiterView key={id} recruiterId={id} {...props} />;
}
