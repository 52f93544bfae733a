import { useActorRef, useSelector } from '@xstate/react';
import { useRef } from 'react';
import { Link, useSearch } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import { AdminMessages, AUDIT_ACTION_NAMES, auditActions, type AuditAction, type AuditEntry } from '../../contract/admin.ts';
import { auditChanges, formatAuditTime } from '../../lib/audit.ts';
import {
  auditMachine,
  auditQueryOf,
  auditSearchOf,
  selectAdmin,
  selectCompany,
  selectErrors,
  selectPageCount,
  type AuditFilters,
} from '../../machines/admin/audit.machine.ts';
import { cx } from '../ui/cx.ts';
import { TextField } from '../ui/field.tsx';
import { PageSteps } from '../ui/page-steps.tsx';
import { SelectField, type Option } from '../ui/select-field.tsx';
import { BackOfficeLayout } from './back-office-layout.tsx';
import { CompanyFilterNotice, EmptyList, jobPagePath, ListSkeleton, LoadErrors, useQueryInAddress } from './office-parts.tsx';
import { BACK_OFFICE, companyPath } from './paths.ts';

type Logic = typeof auditMachine;

export interface AuditPageProps {
  /** The machine with its actors provided (stories and tests stub them). */
  logic?: Logic;
  snapshot?: SnapshotFrom<Logic>;
}

const actionOptions: Array<Option<AuditAction>> = auditActions.map((a) => ({ value: a, label: AUDIT_ACTION_NAMES[a] }));

function Target({ entry }: { entry: AuditEntry }) {
  if (entry.targetType === 'company') return <Link href={companyPath(entry.targetId)}>{entry.targetName}</Link>;
  if (entry.targetType === 'job') return <Link href={jobPagePath(entry.targetId)}>{entry.targetName}</Link>;
  return <>{entry.targetName}</>;
}

/** The fields the action changed, behind a disclosure so the row stays short. */
function Changes({ entry }: { entry: AuditEntry }) {
  if (!entry.before && !entry.after) return <span className="text-muted">—</span>;
  const changes = auditChanges(entry.before, entry.after);
  return (
    <details className="group">
      <summary className="cursor-pointer rounded font-semibold text-brand-700 outline-none focus-visible:outline focus-visible:outline-3 focus-visible:outline-brand-500 dark:text-brand-300">
        Before → after
      </summary>
      {changes.length === 0 ? (
        <p className="mt-0.5 text-muted">Nothing changed.</p>
      ) : (
        <table className="mt-0.5 w-full border-collapse text-xs">
          <thead className="text-left">
            <tr>
              <th scope="col" className="pr-1">
                Field
              </th>
              <th scope="col" className="pr-1">
                Before
              </th>
              <th scope="col">After</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((c) => (
              <tr key={c.field} className="border-t border-line align-top">
                <th scope="row" className="pr-1 text-left font-medium">
                  {c.label}
                </th>
                <td className="pr-1 break-words text-muted">{c.before}</td>
                <td className="break-words">{c.after}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </details>
  );
}

const columns = ['When', 'Who', 'What', 'Target', 'Reason', 'Changes'] as const;

function EntryRow({ entry }: { entry: AuditEntry }) {
  const cell = 'px-1 py-1 align-top';
  return (
    <tr className="border-t border-line">
      <td className={cx(cell, 'whitespace-nowrap tabular-nums')}>
        <time dateTime={entry.at}>{formatAuditTime(entry.at)}</time>
      </td>
      <td className={cell}>
        {entry.admin.name}
        <span className="block text-xs break-all text-muted">{entry.admin.email}</span>
      </td>
      <th scope="row" className={cx(cell, 'text-left font-semibold')}>
        {AUDIT_ACTION_NAMES[entry.action]}
      </th>
      <td className={cell}>
        <Target entry={entry} />
      </td>
      <td className={cx(cell, 'max-w-xs break-words')}>{entry.reason ?? <span className="text-muted">—</span>}</td>
      <td className={cx(cell, 'min-w-48')}>
        <Changes entry={entry} />
      </td>
    </tr>
  );
}

/**
 * /back-office/audit: every administrator action, newest first: when, who, what, the target, the
 * reason and what changed. Narrowed by action, days, company (?companyId=, from the company page)
 * and administrator, 10 a page; every filter is kept in the address.
 */
export default function AuditPage({ logic, snapshot }: AuditPageProps) {
  const search = useSearch();
  const input = useRef(auditQueryOf(search)).current;
  const actor = useActorRef(logic ?? auditMachine, snapshot ? { snapshot, input } : { input });
  const query = useSelector(actor, (s) => s.context.query);
  const list = useSelector(actor, (s) => s.context.list);
  const admins = useSelector(actor, (s) => s.context.admins);
  const errors = useSelector(actor, selectErrors);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const pages = useSelector(actor, selectPageCount);
  const company = useSelector(actor, selectCompany);
  const admin = useSelector(actor, selectAdmin);

  useQueryInAddress(query, auditSearchOf, auditQueryOf, (q) => actor.send({ type: 'audit.query', query: q }));
  const filter = (change: Partial<AuditFilters>) => actor.send({ type: 'audit.filter', change });

  const adminOptions: Array<Option<string>> = admins.map((a) => ({ value: a.id, label: a.name }));
  if (admin && !admins.some((a) => a.id === admin.id)) adminOptions.push({ value: admin.id, label: 'This administrator' });
  const allCompaniesHref = (() => {
    const rest = auditSearchOf({ ...query, companyId: null, pageNumber: 1 });
    return rest ? `${BACK_OFFICE.audit}?${rest}` : BACK_OFFICE.audit;
  })();

  return (
    <BackOfficeLayout title="Audit trail">
      <p className="text-muted">
        Every action an administrator takes is kept here with who took it, why, and what it changed. The trail cannot be changed or deleted.
      </p>
      {company && <CompanyFilterNotice name={company.name} allHref={allCompaniesHref} what="The actions" />}
      <div role="search" aria-label="Audit trail filters" className="grid gap-1.5 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField<AuditAction>
          label="Action"
          value={query.action}
          options={actionOptions}
          placeholder="Any action"
          clearable
          onChange={(action) => filter({ action })}
        />
        <TextField
          label="From"
          type="date"
          value={query.from ?? ''}
          max={query.to ?? undefined}
          onChange={(e) => filter({ from: e.target.value || null })}
        />
        <TextField
          label="To"
          type="date"
          value={query.to ?? ''}
          min={query.from ?? undefined}
          onChange={(e) => filter({ to: e.target.value || null })}
        />
        <SelectField<string>
          label="Administrator"
          value={query.adminId}
          options={adminOptions}
          placeholder="Any administrator"
          clearable
          onChange={(adminId) => filter({ adminId })}
        />
      </div>
      <p aria-live="polite" className="text-sm text-muted">
        {list && !loading && errors.length === 0 ? `${list.totalCount} ${list.totalCount === 1 ? 'action' : 'actions'}` : ''}
      </p>
      {errors.length > 0 ? (
        <LoadErrors errors={errors} onRetry={() => actor.send({ type: 'audit.retry' })} />
      ) : !list ? (
        <ListSkeleton label="Loading the audit trail" />
      ) : list.entries.length === 0 && !loading ? (
        <EmptyList>{AdminMessages.noAudit}</EmptyList>
      ) : (
        <div aria-busy={loading || undefined} className={cx('flex flex-col gap-2 transition-opacity', loading && 'opacity-60')}>
          <div className="overflow-x-auto rounded border border-line">
            <table className="w-full border-collapse text-sm">
              <caption className="sr-only">Administrator actions, newest first</caption>
              <thead className="bg-surface-raised text-left">
                <tr>
                  {columns.map((c) => (
                    <th key={c} scope="col" className="px-1 py-1">
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {list.entries.map((e) => (
                  <EntryRow key={e.id} entry={e} />
                ))}
              </tbody>
            </table>
          </div>
          <PageSteps page={query.pageNumber} pages={pages} disabled={loading} onPage={(p) => actor.send({ type: 'audit.page', page: p })} />
        </div>
      )}
    </BackOfficeLayout>
  );
}
