import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { toast } from '../ui/toast.tsx';
import type { FieldErrors } from '../../machines/form.ts';
import { selectDialog, type EntriesActor, type EntriesSnapshot } from '../../machines/jobseeker/entries.machine.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { LoadFailed, Loading } from '../ui/load-state.tsx';
import type { DialogForm, SectionCopy } from './entries-types.ts';

const loadDialogs = () => import('./entry-dialogs.tsx');
// Typed as the module's component, so the section's generics reach it.
const EntryDialogs = lazy(loadDialogs) as unknown as typeof import('./entry-dialogs.tsx').default;

/**
 * A profile section that is a list of entries: loading or failed, the list (or the empty state),
 * the add and edit dialog with the section's fields, and the delete confirmation. Every button of
 * an entry is named with what it acts on.
 */
export function EntriesSection<E extends { id: string }, F extends string>({
  actor,
  selectFieldErrors,
  selectCanSubmit,
  copy,
  describe,
  renderEntry,
  renderFields,
  numbered = false,
  empty,
  dialogSize,
  preload,
}: {
  actor: EntriesActor<E, F>;
  selectFieldErrors: (s: EntriesSnapshot<E, F>) => FieldErrors<F>;
  selectCanSubmit: (s: EntriesSnapshot<E, F>) => boolean;
  copy: SectionCopy;
  /** The entry in a few words, e.g. "Bachelor's degree, Portland State University". */
  describe: (entry: E) => string;
  renderEntry: (entry: E) => ReactNode;
  renderFields: (form: DialogForm<F>) => ReactNode;
  /** Entries numbered from 1 (spec 1 §3). */
  numbered?: boolean;
  /** Shown under the empty state, e.g. the "no work experience yet" switch. */
  empty?: ReactNode;
  dialogSize?: 'md' | 'lg';
  /** Loads the section's dialog fields ahead of the first dialog. */
  preload?: () => Promise<unknown>;
}) {
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const entries = useSelector(actor, (s) => s.context.entries);
  const dialog = useSelector(actor, selectDialog);
  const confirming = useSelector(actor, (s) => s.hasTag('confirm'));
  const error = useSelector(actor, (s) => s.context.error);
  const listFailed = useSelector(actor, (s) => s.matches({ list: 'failed' }));
  const lookups = useSelector(actor, (s) => s.context.lookups);

  useEffect(() => {
    const sub = actor.on('entries.changed', ({ message }) => toast.success(message));
    return () => sub.unsubscribe();
  }, [actor]);

  // The dialogs and their fields load apart from the page; fetch them once the list shows, so the
  // first Add or Edit opens at once.
  const shown = !loading && !loadFailed;
  useEffect(() => {
    if (!shown) return;
    void loadDialogs();
    void preload?.();
  }, [shown, preload]);

  if (loading) return <Loading label={copy.loading} />;
  if (loadFailed || !lookups) return <LoadFailed message={copy.loadFailed} onRetry={() => actor.send({ type: 'entries.retry' })} />;

  const List = numbered ? 'ol' : 'ul';

  return (
    <div className="flex flex-col gap-2">
      <div className="flex justify-end">
        <Button onClick={() => actor.send({ type: 'entry.add' })}>{copy.add}</Button>
      </div>
      {listFailed && error && <Alert tone="error">{error}</Alert>}
      {entries.length === 0 ? (
        <div className="flex flex-col gap-1 rounded border border-dashed border-line p-3">
          <p className="text-muted">{copy.empty}</p>
          {empty}
        </div>
      ) : (
        <List aria-label={copy.list} className="flex flex-col gap-1.5">
          {entries.map((entry, i) => (
            <li key={entry.id} className="flex items-start gap-1.5 rounded border border-line bg-surface p-2">
              {numbered && <span className="min-w-2 font-semibold tabular-nums text-muted">{i + 1}.</span>}
              <div className="min-w-0 flex-1">{renderEntry(entry)}</div>
              <div className="flex shrink-0 gap-0.5">
                <Button
                  variant="ghost"
                  aria-label={`Edit ${describe(entry)}`}
                  onClick={() => actor.send({ type: 'entry.edit', id: entry.id })}
                >
                  Edit
                </Button>
                <Button
                  variant="ghost"
                  aria-label={`Delete ${describe(entry)}`}
                  onClick={() => actor.send({ type: 'entry.delete', id: entry.id })}
                >
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </List>
      )}

      {(dialog !== null || confirming) && (
        <Suspense fallback={null}>
          <EntryDialogs
            actor={actor}
            selectFieldErrors={selectFieldErrors}
            selectCanSubmit={selectCanSubmit}
            copy={copy}
            describe={describe}
            renderFields={renderFields}
            dialogSize={dialogSize}
          />
        </Suspense>
      )}
    </div>
  );
}
