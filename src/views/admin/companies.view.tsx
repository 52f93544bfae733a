import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import {
  AdminMessages,
  COMPANY_SORT_NAMES,
  COMPANY_STATE_NAMES,
  companySorts,
  companyStates,
  type CompanySort,
} from '../../contract/admin.ts';
import { formatCount } from '../../lib/metrics.ts';
import {
  companiesMachine,
  companyQueryOf,
  searchOfCompanyQuery,
  selectEmpty,
  selectError,
  selectPageCount,
  selectQuery,
  selectTinError,
  type CompanyStateFilter,
} from '../../machines/admin/companies.machine.ts';
import { cx } from '../ui/cx.ts';
import { TextField } from '../ui/field.tsx';
import { LoadFailed, Loading } from '../ui/load-state.tsx';
import { PageSteps } from '../ui/page-steps.tsx';
import { SelectField, type Option } from '../ui/select-field.tsx';
import { CompanyStateChip, dateOrDash, maskedTin, tableClass, tdClass, thClass } from './admin-parts.tsx';
import { BackOfficeLayout } from './back-office-layout.tsx';
import { companyPath } from './paths.ts';

type Logic = typeof companiesMachine;

const stateOptions: ReadonlyArray<Option<CompanyStateFilter>> = [
  { value: 'all', label: 'All' },
  ...companyStates.map((s) => ({ value: s, label: COMPANY_STATE_NAMES[s] })),
];
const sortOptions: ReadonlyArray<Option<CompanySort>> = companySorts.map((s) => ({ value: s, label: COMPANY_SORT_NAMES[s] }));

export interface CompaniesPageProps {
  logic?: Logic;
  snapshot?: SnapshotFrom<Logic>;
  title?: string;
}

/**
 * /back-office/company: every company, found by name, legal name, an owner's email or the TIN's
 * last four digits, filtered by state and sorted, 10 a page. The address holds the list (search,
 * TIN, state, sort, page), so a link or Back returns to the same list; Blacklisted is one of the
 * states (CompanyListing's filter).
 */
export default function CompaniesPage({ logic, snapshot }: CompaniesPageProps) {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const [start] = useState(() => companyQueryOf(search));
  const actor = useActorRef(logic ?? companiesMachine, snapshot ? { snapshot, input: start } : { input: start });
  const query = useSelector(actor, selectQuery);
  const typedSearch = useSelector(actor, (s) => s.context.typedSearch);
  const typedTin = useSelector(actor, (s) => s.context.typedTin);
  const companies = useSelector(actor, (s) => s.context.companies);
  const totalCount = useSelector(actor, (s) => s.context.totalCount);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const error = useSelector(actor, selectError);
  const tinError = useSelector(actor, selectTinError);
  const empty = useSelector(actor, selectEmpty);
  const pages = useSelector(actor, selectPageCount);

  // The address follows the list: a new entry per change, so Back returns to the list before;
  // and the list follows the address (Back, Forward, a link to another list).
  const queryString = searchOfCompanyQuery(query);
  const lastSearch = useRef(search);
  const synced = useRef(searchOfCompanyQuery(start));
  useEffect(() => {
    if (search === lastSearch.current) return;
    lastSearch.current = search;
    const wanted = companyQueryOf(search);
    synced.current = searchOfCompanyQuery(wanted);
    actor.send({ type: 'companies.address', query: wanted });
  }, [actor, search]);
  useEffect(() => {
    if (queryString === synced.current) return;
    synced.current = queryString;
    lastSearch.current = queryString;
    navigate(queryString ? `${path}?${queryString}` : path);
  }, [navigate, path, queryString]);

  const enter = (e: KeyboardEvent) => {
    if (e.key === 'Enter') actor.send({ type: 'companies.apply' });
  };

  return (
    <BackOfficeLayout title="Companies">
      <div role="search" aria-label="Companies" className="grid gap-1.5 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr]">
        <TextField
          label="Search companies"
          type="search"
          placeholder="Name, legal name or owner's email"
          value={typedSearch}
          maxLength={100}
          onChange={(e) => actor.send({ type: 'companies.search', text: e.target.value })}
          onKeyDown={enter}
        />
        <TextField
          label="TIN, last four digits"
          inputMode="numeric"
          autoComplete="off"
          placeholder="1234"
          value={typedTin}
          maxLength={4}
          error={tinError}
          onChange={(e) => actor.send({ type: 'companies.tin', text: e.target.value })}
          onKeyDown={enter}
        />
        <SelectField<CompanyStateFilter>
          label="State"
          value={query.status}
          options={stateOptions}
          onChange={(v) => actor.send({ type: 'companies.status', status: v ?? 'all' })}
        />
        <SelectField<CompanySort>
          label="Sort by"
          value={query.sort}
          options={sortOptions}
          onChange={(v) => actor.send({ type: 'companies.sort', sort: v ?? 'newest' })}
        />
      </div>

      <p className="text-sm text-muted" aria-live="polite">
        {!loading && error === null && totalCount > 0 ? `${formatCount(totalCount)} ${totalCount === 1 ? 'company' : 'companies'}` : ''}
      </p>

      {error !== null ? (
        <LoadFailed message={error} onRetry={() => actor.send({ type: 'companies.retry' })} />
      ) : loading && companies.length === 0 ? (
        <Loading label="Loading companies…" />
      ) : empty ? (
        <p className="rounded border border-dashed border-line p-3 text-center text-muted">{AdminMessages.noCompanies}</p>
      ) : (
        <div
          aria-busy={loading || undefined}
          className={cx('overflow-x-auto rounded border border-line transition-opacity', loading && 'opacity-60')}
        >
          <table className={tableClass}>
            <caption className="sr-only">Companies</caption>
            <thead className="bg-surface-raised">
              <tr>
                <th scope="col" className={thClass}>
                  Company
                </th>
                <th scope="col" className={thClass}>
                  State
                </th>
                <th scope="col" className={thClass}>
                  TIN
                </th>
                <th scope="col" className={thClass}>
                  Owner
                </th>
                <th scope="col" className={cx(thClass, 'text-right')}>
                  Staff
                </th>
                <th scope="col" className={cx(thClass, 'text-right')}>
                  Open jobs
                </th>
                <th scope="col" className={cx(thClass, 'text-right')}>
                  Open reports
                </th>
                <th scope="col" className={thClass}>
                  Created
                </th>
              </tr>
            </thead>
            <tbody>
              {companies.map((c) => (
                <tr key={c.id} className="border-t border-line hover:bg-surface-raised">
                  <th scope="row" className={cx(tdClass, 'text-left font-normal')}>
                    <Link href={companyPath(c.id)} className="font-semibold">
                      {c.displayName}
                    </Link>
                    {c.legalName !== c.displayName && <span className="block text-xs text-muted">{c.legalName}</span>}
                  </th>
                  <td className={tdClass}>
                    <CompanyStateChip state={c.state} />
                  </td>
                  <td className={cx(tdClass, 'whitespace-nowrap tabular-nums')}>
                    <span className="sr-only">ending </span>
                    {maskedTin(c.tinLastFour)}
                  </td>
                  <td className={tdClass}>
                    {c.owner ? (
                      <>
                        {c.owner.name}
                        <span className="block text-xs text-muted">{c.owner.email}</span>
                      </>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td className={cx(tdClass, 'text-right tabular-nums')}>{formatCount(c.staffCount)}</td>
                  <td className={cx(tdClass, 'text-right tabular-nums')}>{formatCount(c.openJobs)}</td>
                  <td className={cx(tdClass, 'text-right tabular-nums')}>{formatCount(c.openReports)}</td>
                  <td className={cx(tdClass, 'whitespace-nowrap')}>{dateOrDash(c.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {error === null && totalCount > 0 && (
        <PageSteps
          page={query.pageNumber}
          pages={pages}
          disabled={loading}
          onPage={(page) => actor.send({ type: 'companies.page', page })}
        />
      )}
    </BackOfficeLayout>
  );
}
