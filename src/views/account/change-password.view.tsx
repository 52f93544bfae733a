import { useEffect, useEffectEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { toast } from '../ui/toast.tsx';
import type { SnapshotFrom } from 'xstate';
import { Link } from 'wouter';
import { SessionContext, useSession } from '../../app/session.tsx';
import { AccountMessages } from '../../contract/account.ts';
import {
  changePasswordMachine,
  selectCanSubmit,
  selectError,
  selectFieldErrors,
  type ChangePasswordField,
} from '../../machines/account/change-password.machine.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { SecretField } from '../ui/field.tsx';
import { fieldBinder } from '../ui/field-binding.ts';
import { Modal } from '../ui/modal.tsx';

type Logic = typeof changePasswordMachine;
type Start = SnapshotFrom<Logic>;

const fields: Array<{ field: ChangePasswordField; label: string; what: string; autoComplete: string }> = [
  { field: 'oldPassword', label: 'Old Password', what: 'old password', autoComplete: 'current-password' },
  { field: 'newPassword', label: 'New Password', what: 'new password', autoComplete: 'new-password' },
  { field: 'retypePassword', label: 'Retype New Password', what: 'retyped new password', autoComplete: 'new-password' },
];

/** The change-password form, in the navigation's modal and on its own page. */
function ChangePasswordForm({
  logic,
  snapshot,
  onDone,
  onCancel,
}: {
  logic?: Logic | undefined;
  snapshot?: Start | undefined;
  onDone?: () => void;
  onCancel?: () => void;
}) {
  const session = SessionContext.useActorRef();
  const { signedIn } = useSession();
  const actor = useActorRef(logic ?? changePasswordMachine, { input: { session, signedIn }, ...(snapshot && { snapshot }) });
  const values = useSelector(actor, (s) => s.context.values);
  const fieldErrors = useSelector(actor, selectFieldErrors);
  const bind = fieldBinder(actor.send, values, fieldErrors);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const busy = useSelector(actor, (s) => s.hasTag('loading'));
  const error = useSelector(actor, selectError);
  const signedOut = useSelector(actor, (s) => s.matches('signedOut'));
  const changed = useSelector(actor, (s) => s.matches('changed'));

  useEffect(() => {
    actor.send({ type: 'session.changed', signedIn });
  }, [actor, signedIn]);

  const notify = useEffectEvent((message: string) => {
    toast.success(message);
    onDone?.();
  });
  useEffect(() => {
    const sub = actor.on('notify', (e) => notify(e.message));
    return () => sub.unsubscribe();
  }, [actor]);

  if (signedOut) {
    return (
      <div className="flex flex-col gap-2">
        <Alert tone="error">{error}</Alert>
        <p className="text-sm">
          <Link href="~/login">Login</Link>
        </p>
      </div>
    );
  }

  if (changed) return <Alert tone="success">{AccountMessages.passwordChangedSignIn}</Alert>;

  return (
    <form
      noValidate
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'form.submit' });
      }}
    >
      {fields.map(({ field, label, what, autoComplete }, i) => (
        <SecretField
          key={field}
          label={label}
          what={what}
          autoComplete={autoComplete}
          required
          // A dialog opens with the focus on its first field.
          data-autofocus={i === 0 || undefined}
          {...bind(field)}
        />
      ))}
      <p className="text-sm text-muted">After the change you will be signed out everywhere and log in again with the new password.</p>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex justify-end gap-1">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" busy={busy} disabled={!canSubmit}>
          Change Password
        </Button>
      </div>
    </form>
  );
}

export interface ChangePasswordDialogProps {
  open: boolean;
  onClose: () => void;
  /** A prepared machine (stubbed actors) for stories and tests. */
  logic?: Logic;
  /** Starts the form in a given state (stories). */
  snapshot?: Start;
}

/** The Change Password modal opened from the navigation's user menu; each opening starts a fresh form. */
export function ChangePasswordDialog({ open, onClose, logic, snapshot }: ChangePasswordDialogProps) {
  return (
    <Modal open={open} onClose={onClose} title="Change Password">
      <ChangePasswordForm logic={logic} snapshot={snapshot} onDone={onClose} onCancel={onClose} />
    </Modal>
  );
}

/** /change-password and /user/settings/change-password. */
export default function ChangePasswordPage({ logic, snapshot }: { logic?: Logic; snapshot?: Start }) {
  return (
    <div className="flex justify-center px-2 py-4">
      <section aria-labelledby="change-password-title" className="w-full max-w-md rounded border border-line bg-surface p-3 shadow-sm">
        <h1 id="change-password-title" className="mb-2 text-2xl font-bold">
          Change Password
        </h1>
        <ChangePasswordForm logic={logic} snapshot={snapshot} />
      </section>
    </div>
  );
}
