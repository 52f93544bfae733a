import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import type { SessionData } from '../../contract/account.ts';
import { RegisterRole } from '../../contract/roles.ts';
import type { CompletionActor } from '../../machines/account/social-callback.machine.ts';
import {
  selectBusy,
  selectCanSubmit,
  selectFieldErrors,
  socialCompletionMachine,
  type CompletionRole,
  type SocialSignup,
} from '../../machines/account/social-completion.machine.ts';
import { AuthCard } from '../ui/auth-card.tsx';
import { Button } from '../ui/button.tsx';
import { ChoiceGroup } from '../ui/choice-group.tsx';
import { TextField } from '../ui/field.tsx';
import { fieldBinder } from '../ui/field-binding.ts';
import { Spinner } from '../ui/spinner.tsx';
import { DateOfBirthField, registerRoles, TermsCheckbox, TinField } from './registration-fields.view.tsx';
import { ServerErrors } from './server-errors.view.tsx';

/** The completion form of a new Google user (spec 1 §2), rendering the given actor. */
export function SocialCompletionForm({ actor }: { actor: CompletionActor }) {
  const signup = useSelector(actor, (s) => s.context.signup);
  const role = useSelector(actor, (s) => s.context.role);
  const businessName = useSelector(actor, (s) => s.context.businessName);
  const businessEin = useSelector(actor, (s) => s.context.businessEin);
  const dateOfBirth = useSelector(actor, (s) => s.context.dateOfBirth);
  const acceptTerms = useSelector(actor, (s) => s.context.acceptTerms);
  const errors = useSelector(actor, (s) => s.context.errors);
  const fieldErrors = useSelector(actor, selectFieldErrors);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const busy = useSelector(actor, selectBusy);
  const done = useSelector(actor, (s) => s.status === 'done');

  if (done) {
    return (
      <AuthCard title="Complete Registration">
        <div className="flex justify-center py-3">
          <Spinner label="Signing you in" />
        </div>
      </AuthCard>
    );
  }

  const text = fieldBinder(actor.send, { businessName, businessEin, dateOfBirth }, fieldErrors);
  // The youngest date of birth allowed today, as a hint to the date picker.

  return (
    <AuthCard title="Complete Registration" wide>
      <p className="mb-2 text-sm">
        Signed in with Google as <span className="font-semibold">{signup.email}</span>. Tell us a little more to finish creating your
        account.
      </p>
      <form
        noValidate
        className="flex flex-col gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'form.submit' });
        }}
      >
        <ChoiceGroup<CompletionRole>
          label="I am registering as"
          size="large"
          value={role}
          options={registerRoles}
          error={fieldErrors.role}
          onChange={(next) => actor.send({ type: 'role.change', role: next })}
        />

        {role === RegisterRole.Employer && (
          <>
            <TextField label="Business name" autoComplete="organization" required {...text('businessName')} />
            <TinField label="EIN/TIN" {...text('businessEin')} />
          </>
        )}
        {role === RegisterRole.JobSeeker && <DateOfBirthField {...text('dateOfBirth')} />}

        <TermsCheckbox
          checked={acceptTerms}
          error={fieldErrors.acceptTerms}
          onChange={(e) => actor.send({ type: 'terms.change', value: e.target.checked })}
          onBlur={() => actor.send({ type: 'field.blur', field: 'acceptTerms' })}
        />

        <ServerErrors errors={errors} />

        <Button type="submit" fullWidth busy={busy} disabled={!canSubmit}>
          Complete Registration
        </Button>
      </form>
    </AuthCard>
  );
}

function StandaloneCompletion({
  logic,
  snapshot,
  signup,
  onDone,
}: {
  logic: typeof socialCompletionMachine;
  snapshot: SnapshotFrom<typeof socialCompletionMachine> | undefined;
  signup: SocialSignup;
  onDone: ((session: SessionData) => void) | undefined;
}) {
  const actor = useActorRef(logic, { input: { signup }, ...(snapshot ? { snapshot } : {}) });
  useEffect(() => {
    const sub = actor.subscribe((s) => {
      if (s.status === 'done') onDone?.(s.output);
    });
    return () => sub.unsubscribe();
  }, [actor, onDone]);
  return <SocialCompletionForm actor={actor} />;
}

export interface SocialCompletionPageProps {
  /** The running completion actor (the Google landing page passes its child). */
  actor?: CompletionActor;
  /** Otherwise: the machine with its actors provided, started for `signup`. */
  logic?: typeof socialCompletionMachine;
  /** Starts the machine in this state instead of the initial one. */
  snapshot?: SnapshotFrom<typeof socialCompletionMachine>;
  signup?: SocialSignup;
  /** Called with the new session when the page runs its own actor. */
  onDone?: (session: SessionData) => void;
}

/** Social sign-up completion: role, business name and EIN or date of birth, terms, 'Complete Registration'. */
export default function SocialCompletionPage({ actor, logic, snapshot, signup, onDone }: SocialCompletionPageProps) {
  if (actor) return <SocialCompletionForm actor={actor} />;
  return (
    <StandaloneCompletion
      logic={logic ?? socialCompletionMachine}
      snapshot={snapshot}
      signup={signup ?? snapshot?.context.signup ?? { email: '', firstName: '', lastName: '', signupToken: '' }}
      onDone={onDone}
    />
  );
}
