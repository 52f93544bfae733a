import { useEffect } from 'react';
import dayjs from 'dayjs';
import { useActorRef, useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import type { SessionData } from '../../contract/account.ts';
import { RegisterRole } from '../../contract/roles.ts';
import { MIN_JOBSEEKER_AGE } from '../../lib/dates.ts';
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
import { Checkbox, SecretField, TextField } from '../ui/field.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { ServerErrors } from './server-errors.view.tsx';

const roles = [
  { value: RegisterRole.Employer, label: 'Employer', description: 'Post jobs and hire' },
  { value: RegisterRole.JobSeeker, label: 'Job Seeker', description: 'Find and apply for jobs' },
] as const;

function NewTabLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

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

  const text = (field: 'businessName' | 'businessEin' | 'dateOfBirth', value: string) => ({
    name: field,
    value,
    error: fieldErrors[field],
    onChange: (e: { target: { value: string } }) => actor.send({ type: 'field.change', field, value: e.target.value }),
    onBlur: () => actor.send({ type: 'field.blur', field }),
  });
  // The youngest date of birth allowed today, as a hint to the date picker.
  const latestBirthDate = dayjs().subtract(MIN_JOBSEEKER_AGE, 'year').format('YYYY-MM-DD');

  return (
    <AuthCard title="Complete Registration" wide>
      <p className="mb-2 text-sm">
        Signed in with Google as <span className="font-semibold">{signup.email}</span>. Tell us a little more to finish
        creating your account.
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
          options={roles}
          error={fieldErrors.role}
          onChange={(next) => actor.send({ type: 'role.change', role: next })}
        />

        {role === RegisterRole.Employer && (
          <>
            <TextField label="Business name" autoComplete="organization" required {...text('businessName', businessName)} />
            <SecretField
              label="EIN/TIN"
              what="EIN/TIN"
              autoComplete="off"
              inputMode="numeric"
              required
              hint="Nine digits, e.g. 12-3456789. We use it only to verify your business."
              {...text('businessEin', businessEin)}
            />
          </>
        )}
        {role === RegisterRole.JobSeeker && (
          <TextField
            label="Date of birth"
            type="date"
            autoComplete="bday"
            required
            max={latestBirthDate}
            hint={`You must be at least ${MIN_JOBSEEKER_AGE} years old.`}
            {...text('dateOfBirth', dateOfBirth)}
          />
        )}

        <Checkbox
          name="acceptTerms"
          checked={acceptTerms}
          error={fieldErrors.acceptTerms}
          onChange={(e) => actor.send({ type: 'terms.change', value: e.target.checked })}
          onBlur={() => actor.send({ type: 'field.blur', field: 'acceptTerms' })}
          label={
            <>
              I agree to the <NewTabLink href="/terms-of-service">Terms of Service</NewTabLink> and the{' '}
              <NewTabLink href="/privacy-policy">Privacy Policy</NewTabLink>
            </>
          }
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
