import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import type { Recruiter } from '../../contract/staff.ts';
import {
  editRecruiterMachine,
  selectCanSave,
  selectEditErrors,
  type EditedRecruiter,
} from '../../machines/staff/edit-recruiter.machine.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { fieldBinder } from '../ui/field-binding.ts';
import { Modal } from '../ui/modal.tsx';
import { DetailFields } from './detail-fields.view.tsx';

export interface EditRecruiterDialogProps {
  recruiter: Recruiter;
  onClose: () => void;
  onSaved: (saved: EditedRecruiter) => void;
  /** The machine with its actors provided (stories and tests stub them). */
  logic?: typeof editRecruiterMachine;
  snapshot?: SnapshotFrom<typeof editRecruiterMachine>;
}

/** The employer edits a recruiter's name, job title and phone; the email names them and stays. */
export function EditRecruiterDialog({ recruiter, onClose, onSaved, logic, snapshot }: EditRecruiterDialogProps) {
  const actor = useActorRef(logic ?? editRecruiterMachine, snapshot ? { snapshot, input: recruiter } : { input: recruiter });
  const values = useSelector(actor, (s) => s.context.values);
  const errors = useSelector(actor, selectEditErrors);
  const canSubmit = useSelector(actor, selectCanSave);
  const saving = useSelector(actor, (s) => s.hasTag('busy'));
  const error = useSelector(actor, (s) => s.context.error);
  const bind = fieldBinder(actor.send, values, errors);

  useEffect(() => {
    const sub = actor.on('recruiter.saved', ({ type: _, ...saved }) => onSaved(saved));
    return () => sub.unsubscribe();
  }, [actor, onSaved]);

  return (
    <Modal open onClose={onClose} title="Edit recruiter">
      <form
        noValidate
        className="flex flex-col gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'form.submit' });
        }}
      >
        <p className="text-sm text-muted">{recruiter.email}</p>
        <DetailFields bind={bind} />
        {error && <Alert tone="error">{error}</Alert>}
        <div className="flex justify-end gap-1">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={saving} disabled={!canSubmit}>
            Save
          </Button>
        </div>
      </form>
    </Modal>
  );
}
