import { Suspense, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { FieldErrors } from '../../machines/form.ts';
import { selectDialog, type EntriesActor, type EntriesSnapshot } from '../../machines/jobseeker/entries.machine.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { fieldBinder } from '../ui/field-binding.ts';
import { Loading } from '../ui/load-state.tsx';
import { Modal } from '../ui/modal.tsx';
import type { DialogForm, SectionCopy } from './entries-types.ts';

/**
 * The two dialogs of a list section: add or edit an entry with the section's fields, and confirm
 * a delete. Loaded apart from the page, as nobody needs them before the list shows.
 */
export default function EntryDialogs<E extends { id: string }, F extends string>({
  actor,
  selectFieldErrors,
  selectCanSubmit,
  copy,
  describe,
  renderFields,
  dialogSize,
}: {
  actor: EntriesActor<E, F>;
  selectFieldErrors: (s: EntriesSnapshot<E, F>) => FieldErrors<F>;
  selectCanSubmit: (s: EntriesSnapshot<E, F>) => boolean;
  copy: SectionCopy;
  describe: (entry: E) => string;
  renderFields: (form: DialogForm<F>) => ReactNode;
  dialogSize?: 'md' | 'lg' | undefined;
}) {
  const dialog = useSelector(actor, selectDialog);
  const confirming = useSelector(actor, (s) => s.hasTag('confirm'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const error = useSelector(actor, (s) => s.context.error);
  const removing = useSelector(actor, (s) => s.context.removing);
  const values = useSelector(actor, (s) => s.context.values);
  const errors = useSelector(actor, selectFieldErrors);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const lookups = useSelector(actor, (s) => s.context.lookups);
  const found = useSelector(actor, (s) => s.context.found);
  const searching = useSelector(actor, (s) => s.hasTag('searching'));

  const form: DialogForm<F> | null = lookups && {
    values,
    errors,
    bind: fieldBinder(actor.send, values, errors),
    change: (field, value) => actor.send({ type: 'field.change', field, value }),
    blur: (field) => actor.send({ type: 'field.blur', field }),
    lookups,
    found,
    searching,
    search: (query) => actor.send({ type: 'search.query', query }),
  };

  return (
    <>
      <Modal
        open={dialog !== null}
        onClose={() => actor.send({ type: 'dialog.close' })}
        title={dialog === 'edit' ? copy.editTitle : copy.addTitle}
        size={dialogSize}
      >
        <form
          noValidate
          className="flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'form.submit' });
          }}
        >
          {/* Nothing changes while the entry is on its way to the server. */}
          <fieldset disabled={busy} className="flex min-w-0 flex-col gap-2">
            <Suspense fallback={<Loading label="Loading the form…" />}>{form && renderFields(form)}</Suspense>
          </fieldset>
          {error && <Alert tone="error">{error}</Alert>}
          <div className="flex justify-end gap-1">
            <Button variant="ghost" disabled={busy} onClick={() => actor.send({ type: 'dialog.close' })}>
              Cancel
            </Button>
            <Button type="submit" busy={busy} disabled={!canSubmit}>
              Save
            </Button>
          </div>
        </form>
      </Modal>

      <Modal open={confirming} onClose={() => actor.send({ type: 'delete.cancel' })} title={copy.deleteTitle}>
        <div className="flex flex-col gap-2">
          {removing && <p>{describe(removing)} will be removed from your profile.</p>}
          {error && <Alert tone="error">{error}</Alert>}
          <div className="flex justify-end gap-1">
            <Button variant="ghost" disabled={busy} onClick={() => actor.send({ type: 'delete.cancel' })}>
              Cancel
            </Button>
            <Button variant="danger" busy={busy} onClick={() => actor.send({ type: 'delete.confirm' })}>
              Delete
            </Button>
          </div>
        </div>
      </Modal>
    </>
  );
}
