import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import { formatCount } from '../../lib/metrics.ts';
import { recruitersMachine, selectError, selectNameError, selectPageCount } from '../../machines/admin/recruiters.machine.ts';
import { cx } from '../ui/cx.ts';
import { TextField } from '../ui/field.tsx';
import { LoadFailed, Loading } from '../ui/load-state.tsx';
import { PageSteps } from '../ui/page-steps.tsx';
import { CompanyStateChip, dateOrDash, tableClass, tdClass, thClass } from './admin-parts.tsx';
import { BackOfficeLayout } from './back-office-layout.tsx';
import { companyPath, recruiterPath } from './paths.ts';

type Logic = typeof recruitersMachine;

export interface RecruitersPageProps {
  logic?: Logic;
  snapshot?: SnapshotFrom<Logic>;
  title?: string;
}

/** /back-office/recruiters: recruiters found by their company's name, 10 a page; ?company= holds the name. */
export default function RecruitersPage({ logic, snapshot }: RecruitersPageProps) {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const [input] = useState(() => ({ companyName: new URLSearchParams(search).get('company') ?? '' }));
  const actor = useActorRef(logic ?? recruitersMachine, snapshot ? { snapshot, input } : { input });
  const typed = useSelector(actor, (s) => s.context.typed);
  const query = useSelector(actor, (s) => s.context.query);
  const recruiters = useSelector(actor, (s) => s.context.recruiters);
  const totalCount = useSelector(actor, (s) => s.context.totalCount);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const error = useSelector(actor, selectError);
  const nameError = useSelector(actor, selectNameError);
  const pages = useSelector(actor, selectPageCount);
  const asked = query.companyName !== '';

  // The address keeps the name searched, so a link or a reload shows the same recruiters.
  const wanted = query.companyName ? new URLSearchParams({ company: query.companyName }).toString() : '';
  useEffect(() => {
    if (wanted !== search) navigate(wanted ? `${path}?${wanted}` : path, { replace: true });
  }, [navigate, path, search, wanted]);

  return (
    <BackOfficeLayout title="Recruiters">
      <div role="search" aria-label="Recruiters" className="max-w-xl">
        <TextField
          label="Company name"
          type="search"
          placeholder="Part of a company's name"
          value={typed}
          maxLength={120}
          error={nameError}
          onChange={(e) => actor.send({ type: 'recruiters.search', text: e.target.value })}
          onKeyDown={(e) => {
            if (e.key === 'Enter') actor.send({ type: 'recruiters.apply' });
          }}
        />
      </div>
      <p className="text-sm text-muted" aria-live="polite">
        {asked && !loading && error === null ? `${formatCount(totalCount)} ${totalCount === 1 ? 'recruiter' : 'recruiters'}` : ''}
      </p>
      {!asked ? (
        <p className="text-muted">Type a company’s name to see its recruiters.</p>
      ) : error !== null ? (
        <LoadFailed message={error} onRetry={() => actor.send({ type: 'recruiters.retry' })} />
      ) : loading && recruiters.length === 0 ? (
        <Loading label="Finding recruiters…" />
      ) : recruiters.length === 0 ? (
        <p className="rounded border border-dashed border-line p-3 text-center text-muted">No recruiters match.</p>
      ) : (
        <div aria-busy={loading || undefined} className={cx('overflow-x-auto rounded border border-line', loading && 'opacity-60')}>
          <table className={tableClass}>
            <caption className="sr-only">Recruiters</caption>
            <thead className="bg-surface-raised">
              <tr>
                <th scope="col" className={thClass}>
                  Recruiter
                </th>
                <th scope="col" className={thClass}>
                  Company
                </th>
                <th scope="col" className={thClass}>
                  Status
                </th>
                <th scope="col" className={thClass}>
                  Joined
                </th>
              </tr>
            </thead>
            <tbody>
              {recruiters.map((r) => (
                <tr key={r.id} className="border-t border-line">
                  <th scope="row" className={cx(tdClass, 'text-left font-normal')}>
                    <Link href={recruiterPath(r.id)} className="font-semibold">
                      {r.name}
                    </Link>
                    <span className="block text-xs text-muted">{r.email}</span>
                  </th>
                  <td className={tdClass}>
                    <Link href={companyPath(r.company.id)}>{r.company.name}</Link> <CompanyStateChip state={r.company.state} />
                  </td>
                  <td className={cx(tdClass, 'capitalize')}>{r.status}</td>
                  <td className={cx(tdClass, 'whitespace-nowrap')}>{dateOrDash(r.joinedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {asked && error === null && totalCount > 0 && (
        <PageSteps
          page={query.pageNumber}
          pages={pages}
          disabled={loading}
          onPage={(page) => actor.send({ type: 'recruiters.page', page })}
        />
      )}
    </BackOfficeLayout>
  );
}
