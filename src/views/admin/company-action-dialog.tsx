import { useSelector } from '@xstate/react';
import { REASON_MAX } from '../../contract/admin.ts';
import { selectFailure, selectReasonError, type CompanyActionActorRef } from '../../machines/admin/company-action.machine.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Modal } from '../ui/modal.tsx';
import { TextAreaField } from '../ui/text-area.tsx';
import { ACTION_COPY } from './company-action-copy.ts';

/**
 * The confirm-with-reason dialog of a company action: says plainly what the action does, asks for
 * the reason (kept in the audit trail; admins only), and sends it. Focus starts in the reason and
 * stays inside the dialog; Escape or Cancel closes it without doing anything.
 */
export function CompanyActionDialog({ actor, companyName }: { actor: CompanyActionActorRef; companyName: string }) {
  const action = useSelector(actor, (s) => s.context.action);
  const reason = useSelector(actor, (s) => s.context.reason);
  const reasonError = useSelector(actor, selectReasonError);
  const failure = useSelector(actor, selectFailure);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const copy = ACTION_COPY[action];
  const close = () => {
    if (!busy) actor.send({ type: 'dialog.close' });
  };
  return (
    <Modal open onClose={close} title={copy.title(companyName)}>
      <form
        noValidate
        aria-label={copy.title(companyName)}
        className="flex flex-col gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'action.submit' });
        }}
      >
        <p>{copy.does}</p>
        <TextAreaField
          label="Reason (required)"
          hint="Kept in the audit trail. Only administrators see it."
          value={reason}
          maxChars={REASON_MAX}
          error={reasonError}
          disabled={busy}
          data-autofocus
          onChange={(e) => actor.send({ type: 'reason.change', reason: e.target.value })}
        />
        {failure && <Alert tone="error">{failure}</Alert>}
        <div className="flex flex-wrap justify-end gap-1">
          <Button variant="secondary" disabled={busy} onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant={action === 'blacklist' || action === 'deactivate' ? 'danger' : 'primary'} busy={busy}>
            {failure ? 'Try again' : copy.confirm}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
