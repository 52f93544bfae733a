import { lazy, Suspense, useCallback, useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import dayjs from 'dayjs';
import type { SnapshotFrom } from 'xstate';
import { useSession } from '../../app/session.tsx';
import { StaffMessages, type Recruiter, type RecruiterStatus } from '../../contract/staff.ts';
import { readablePhone } from '../../lib/phone.ts';
import type { editRecruiterMachine, EditedRecruiter } from '../../machines/staff/edit-recruiter.machine.ts';
import type { Invited, inviteMachine } from '../../machines/staff/invite.machine.ts';
import { selectBusyEmail, selectDialog, staffMachine, type StaffAction } from '../../machines/staff/staff.machine.ts';
import NotFoundPage from '../errors/not-found.view.tsx';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { cx } from '../ui/cx.ts';
import { LoadFailed, Loading } from '../ui/load-state.tsx';

type Logic = typeof staffMachine;

export interface StaffPageProps {
  /** The machines with their actors provided (stories and tests stub them). */
  logic?: Logic;
  snapshot?: SnapshotFrom<Logic>;
  inviteLogic?: typeof inviteMachine;
  editLogic?: typeof editRecruiterMachine;
}

/** Display dates are MM-DD-YYYY (spec 2 §9). */
const date = (iso: string | null) => (iso ? dayjs(iso).format('MM-DD-YYYY') : '');

const statusLabel: Record<RecruiterStatus, string> = { invited: 'Invited', active: 'Active', inactive: 'Inactive' };
const statusClass: Record<RecruiterStatus, string> = {
  invited: 'border-sky-600/40 bg-sky-50 text-sky-900 dark:bg-sky-950 dark:text-sky-100',
  active: 'border-brand-600/40 bg-brand-50 text-brand-800 dark:bg-brand-900/60 dark:text-brand-100',
  inactive: 'border-line bg-surface-raised text-muted',
};

export function StatusChip({ status }: { status: RecruiterStatus }) {
  return (
    <span className={cx('inline-block rounded-full border px-1 py-0.25 text-xs font-semibold whitespace-nowrap', statusClass[status])}>
      {statusLabel[status]}
    </span>
  );
}

const actionEvent = {
  activate: 'recruiter.activate',
  deactivate: 'recruiter.deactivate',
  resend: 'invitation.resend',
  revoke: 'invitation.revoke',
  delete: 'recruiter.delete',
} as const;

/** Loaded after the page shows: the menu (and its positioning) and the dialogs are not needed to read the list. */
const loadRowActions = () => import('./row-actions.view.tsx');
const loadInviteDialog = () => import('./invite-dialog.view.tsx');
const loadEditDialog = () => import('./edit-recruiter-dialog.view.tsx');
const loadConfirmDialog = () => import('./confirm-dialog.view.tsx');
const RowActions = lazy(() => loadRowActions().then((m) => ({ default: m.RowActions })));
const InviteDialog = lazy(() => loadInviteDialog().then((m) => ({ default: m.InviteDialog })));
const EditRecruiterDialog = lazy(() => loadEditDialog().then((m) => ({ default: m.EditRecruiterDialog })));
const ConfirmDialog = lazy(() => loadConfirmDialog().then((m) => ({ default: m.ConfirmDialog })));

/** Stands in for a row's menu button while its code arrives. */
function ActionsPlaceholder({ who }: { who: string }) {
  return (
    <button
      type="button"
      disabled
      aria-label={`Actions for ${who} (loading)`}
      className="inline-flex min-h-5 items-center gap-0.5 rounded border border-line px-1 py-0.5 text-sm font-semibold opacity-60"
    >
      Actions
      <span aria-hidden="true">▾</span>
    </button>
  );
}

function RecruiterRow({
  recruiter,
  busy,
  onEdit,
  onAction,
}: {
  recruiter: Recruiter;
  busy: boolean;
  onEdit: () => void;
  onAction: (a: StaffAction) => void;
}) {
  return (
    <tr className="border-t border-line align-top">
      <th scope="row" className="px-1 py-1 text-left font-semibold">
        {recruiter.name || <span className="font-normal text-muted">No name yet</span>}
        <div className="text-sm font-normal text-muted break-all">{recruiter.email}</div>
      </th>
      <td className="px-1 py-1 text-sm">{recruiter.jobTitle ?? <span className="text-muted">—</span>}</td>
      <td className="px-1 py-1 text-sm whitespace-nowrap">
        {readablePhone(recruiter.phoneNumber) || <span className="text-muted">—</span>}
      </td>
      <td className="px-1 py-1 text-sm">
        <StatusChip status={recruiter.status} />
        {recruiter.status === 'invited' && (
          <div className="mt-0.5 text-xs text-muted">
            Sent {date(recruiter.sentAt)}
            <br />
            {recruiter.expired ? (
              <span className="font-semibold text-danger">Expired {date(recruiter.expiresAt)}</span>
            ) : (
              <>Expires {date(recruiter.expiresAt)}</>
            )}
          </div>
        )}
      </td>
      <td className="px-1 py-1 text-right">
        <Suspense fallback={<ActionsPlaceholder who={recruiter.name || recruiter.email} />}>
          <RowActions recruiter={recruiter} busy={busy} onEdit={onEdit} onAction={onAction} />
        </Suspense>
      </td>
    </tr>
  );
}

/** The employer's staff: recruiters and invitations, with their actions. */
export function StaffManager({ logic, snapshot, inviteLogic, editLogic }: StaffPageProps) {
  const actor = useActorRef(logic ?? staffMachine, snapshot ? { snapshot } : {});
  const recruiters = useSelector(actor, (s) => s.context.recruiters);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const loadError = useSelector(actor, (s) => (s.matches('loadFailed') ? s.context.loadError : null));
  const notice = useSelector(actor, (s) => s.context.notice);
  const actionError = useSelector(actor, (s) => s.context.actionError);
  const busyEmail = useSelector(actor, selectBusyEmail);
  const dialog = useSelector(actor, selectDialog);
  const target = useSelector(actor, (s) => s.context.target);
  const action = useSelector(actor, (s) => s.context.action);
  const close = useCallback(() => actor.send({ type: 'dialog.close' }), [actor]);
  const invited = useCallback(({ recruiter, message }: Invited) => actor.send({ type: 'invite.done', recruiter, message }), [actor]);
  const saved = useCallback(({ recruiter, message }: EditedRecruiter) => actor.send({ type: 'edit.done', recruiter, message }), [actor]);
  useEffect(() => {
    // Fetched while the list loads, so the menus and dialogs are there when the employer reaches for them.
    for (const load of [loadRowActions, loadInviteDialog, loadEditDialog, loadConfirmDialog]) load().catch(() => undefined);
  }, []);

  if (loading) return <Loading label="Loading your staff…" />;
  if (loadError !== null) return <LoadFailed message={loadError} onRetry={() => actor.send({ type: 'staff.retry' })} />;

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-1">
        <p className="text-muted">Recruiters post jobs and manage applicants for your company. Invite them by email.</p>
        <Button onClick={() => actor.send({ type: 'invite.open' })}>Invite recruiter</Button>
      </div>
      {notice && <Alert tone="success">{notice}</Alert>}
      {actionError && <Alert tone="error">{actionError}</Alert>}
      {recruiters.length === 0 ? (
        <p className="rounded border border-dashed border-line p-3 text-center text-muted">
          No recruiters yet. Invite one to share the hiring work.
        </p>
      ) : (
        <div className="overflow-x-auto rounded border border-line">
          <table className="w-full min-w-[40rem] border-collapse">
            <caption className="sr-only">Recruiters and invitations</caption>
            <thead className="bg-surface-raised text-left text-sm">
              <tr>
                <th scope="col" className="px-1 py-1">
                  Name
                </th>
                <th scope="col" className="px-1 py-1">
                  Job title
                </th>
                <th scope="col" className="px-1 py-1">
                  Phone
                </th>
                <th scope="col" className="px-1 py-1">
                  Status
                </th>
                <th scope="col" className="px-1 py-1 text-right">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {recruiters.map((r) => (
                <RecruiterRow
                  key={r.email}
                  recruiter={r}
                  busy={busyEmail === r.email}
                  onEdit={() => actor.send({ type: 'edit.open', email: r.email })}
                  onAction={(a) => actor.send({ type: actionEvent[a], email: r.email })}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Suspense fallback={null}>
        {dialog === 'invite' && <InviteDialog logic={inviteLogic} onClose={close} onInvited={invited} />}
        {dialog === 'edit' && target && <EditRecruiterDialog logic={editLogic} recruiter={target} onClose={close} onSaved={saved} />}
        {dialog === 'confirm' && target && action && (
          <ConfirmDialog recruiter={target} action={action} onCancel={close} onConfirm={() => actor.send({ type: 'confirm.accept' })} />
        )}
      </Suspense>
    </div>
  );
}

/** /user/staff: the employer's staff page; a recruiter is told who manages staff. */
export default function StaffPage(props: StaffPageProps) {
  const { role } = useSession();
  if (role !== 'Employer' && role !== 'Recruiter') return <NotFoundPage />;
  return (
    <section className="mx-auto flex max-w-5xl flex-col gap-2 px-2 py-4" aria-labelledby="page-title">
      <h1 id="page-title" className="text-3xl font-bold">
        Staff
      </h1>
      {role === 'Employer' ? <StaffManager {...props} /> : <Alert tone="info">{StaffMessages.employerOnly}</Alert>}
    </section>
  );
}
