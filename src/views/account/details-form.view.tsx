import { useEffect, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { toast } from '../ui/toast.tsx';
import { SessionContext } from '../../app/session.tsx';
import type { DetailsForm as DetailsFormLogic, DetailsMachine, DetailsSnapshot } from '../../machines/details-form.machine.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { fieldBinder } from '../ui/field-binding.ts';
import { LoadFailed, Loading } from '../ui/load-state.tsx';

/** Whose name the navigation shows: every user's details have one. */
interface Named {
  firstName: string;
  lastName: string;
}

export interface DetailsFormProps<P extends Named, F extends string> {
  /** The form's machine and selectors (src/machines/details-form.machine.ts). */
  details: DetailsFormLogic<P, F>;
  /** The machine with its actors provided (stories and tests stub them). */
  logic?: DetailsMachine<P, F>;
  snapshot?: DetailsSnapshot<P, F>;
  /** What the spinner says while the details are read, e.g. "Loading your profile…". */
  loadingLabel: string;
  /** What a failed read says; without it, the reason the machine kept. */
  loadFailedMessage?: string;
  /** Whether the last save's message shows; the page may say more itself (a pending email). */
  showsMessage?: (profile: P | null) => boolean;
  /** The page's fields and what it shows of the details, given the binding of each field. */
  children: (form: { bind: ReturnType<typeof fieldBinder<F>>; profile: P | null }) => ReactNode;
}

/**
 * A user's own details as a form: read (or why not, with a retry), edited with the rules shown
 * where the user left a field, saved with Save. A save is toasted, and the navigation greets the
 * user by the name just saved.
 */
export function DetailsForm<P extends Named, F extends string>({
  details,
  logic,
  snapshot,
  loadingLabel,
  loadFailedMessage,
  showsMessage = () => true,
  children,
}: DetailsFormProps<P, F>) {
  const actor = useActorRef(logic ?? details.machine, snapshot ? { snapshot } : {});
  const session = SessionContext.useActorRef();
  const values = useSelector(actor, (s) => s.context.values);
  const fieldErrors = useSelector(actor, details.selectFieldErrors);
  const canSubmit = useSelector(actor, details.selectCanSubmit);
  const profile = useSelector(actor, (s) => s.context.profile);
  const error = useSelector(actor, (s) => s.context.error);
  const loadError = useSelector(actor, (s) => s.context.loadError);
  const message = useSelector(actor, (s) => s.context.message);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const saving = useSelector(actor, (s) => s.matches('saving'));
  const bind = fieldBinder<F>(actor.send, values, fieldErrors);

  useEffect(() => {
    const sub = actor.on('profile.saved', ({ profile: saved, message: said }) => {
      toast.success(said, { id: said });
      // The navigation greets the user by the name just saved.
      session.send({ type: 'session.userUpdated', user: { firstName: saved.firstName, lastName: saved.lastName } });
    });
    return () => sub.unsubscribe();
  }, [actor, session]);

  if (loading) return <Loading label={loadingLabel} />;
  if (loadFailed)
    return <LoadFailed message={loadFailedMessage ?? loadError ?? ''} onRetry={() => actor.send({ type: 'profile.retry' })} />;

  return (
    <form
      noValidate
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'form.submit' });
      }}
    >
      {children({ bind, profile })}
      {error && <Alert tone="error">{error}</Alert>}
      {message && !error && showsMessage(profile) && <Alert tone="success">{message}</Alert>}
      <div className="flex justify-end">
        <Button type="submit" busy={saving} disabled={!canSubmit}>
          Save
        </Button>
      </div>
    </form>
  );
}
