import type { Recruiter } from '../../contract/staff.ts';
import type { StaffAction } from '../../machines/staff/staff.machine.ts';
import { Button } from '../ui/button.tsx';
import { Modal } from '../ui/modal.tsx';

const whoOf = (r: Recruiter) => r.name || r.email;

/** Nothing is deleted or revoked until the employer says so here. */
export function ConfirmDialog({
  recruiter,
  action,
  onCancel,
  onConfirm,
}: {
  recruiter: Recruiter;
  action: StaffAction;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const revoking = action === 'revoke';
  return (
    <Modal open onClose={onCancel} title={revoking ? 'Revoke invitation?' : 'Delete recruiter?'}>
      <p>
        {revoking
          ? `The invitation link sent to ${recruiter.email} will stop working. You can invite them again later.`
          : `${whoOf(recruiter)} (${recruiter.email}) will be signed out and can no longer sign in. Their job posts stay with the company. This cannot be undone.`}
      </p>
      <div className="mt-3 flex justify-end gap-1">
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm}>
          {revoking ? 'Revoke invitation' : 'Delete recruiter'}
        </Button>
      </div>
    </Modal>
  );
}
