import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { INVITATION_DAYS } from '../../contract/invitations.ts';
import { inviteMachine, selectCanInvite, selectInviteErrors, type Invited } from '../../machines/staff/invite.machine.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { TextField } from '../ui/field.tsx';
import { fieldBinder } from '../ui/field-binding.ts';
import { Modal } from '../ui/modal.tsx';

export interface InviteDialogProps {
  onClose: () => void;
  onInvited: (invited: Invited) => void;
  /** The machine with its actors provided (stories and tests stub them). */
  logic?: typeof inviteMachine;
  snapshot?: SnapshotFrom<typeof inviteMachine>;
}

/** The invite dialog: the recruiter's email, and their name and title if the employer wants. */
export function InviteDialog({ onClose, onInvited, logic, snapshot }: InviteDialogProps) {
  const actor = useActorRef(logic ?? inviteMachine, snapshot ? { snapshot } : {});
  const values = useSelector(actor, (s) => s.context.values);
  const errors = useSelector(actor, selectInviteErrors);
  const canSubmit = useSelector(actor, selectCanInvite);
  const sending = useSelector(actor, (s) => s.hasTag('busy'));
  const error = useSelector(actor, (s) => s.context.error);
  const bind = fieldBinder(actor.send, values, errors);

  useEffect(() => {
    const sub = actor.on('invitation.sent', ({ type: _, ...invited }) => onInvited(invited));
    return () => sub.unsubscribe();
  }, [actor, onInvited]);

  return (
    <Modal open onClose={onClose} title="Invite a recruiter">
      <form
        noValidate
        className="flex flex-col gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'form.submit' });
        }}
      >
        <p className="text-sm text-muted">
          We email them a link to join your company. It works for {INVITATION_DAYS} days; they choose their name and password.
        </p>
        <TextField label="Email" type="email" autoComplete="off" required data-autofocus {...bind('email')} />
        <div className="grid gap-2 sm:grid-cols-2">
          <TextField label="First name (optional)" autoComplete="off" {...bind('firstName')} />
          <TextField label="Last name (optional)" autoComplete="off" {...bind('lastName')} />
        </div>
        <TextField label="Job title (optional)" autoComplete="off" hint="e.g. Talent Partner" {...bind('jobTitle')} />
        {error && <Alert tone="error">{error}</Alert>}
        <div className="flex justify-end gap-1">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={sending} disabled={!canSubmit}>
            Send invitation
          </Button>
        </div>
      </form>
    </Modal>
  );
}
