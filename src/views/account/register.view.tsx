import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link, useLocation, useSearch } from 'wouter';
import { safeNextPath } from '../../lib/return-path.ts';
import type { SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../contract/account.ts';
import { RegisterRole } from '../../contract/roles.ts';
import {
  registerMachine,
  selectBusy,
  selectCanSubmit,
  selectErrors,
  selectFieldErrors,
  type RegisterField,
  type RegisterRoleCode,
  type RegisterTextField,
} from '../../machines/account/register.machine.ts';
import { Alert } from '../ui/alert.tsx';
import { AuthCard } from '../ui/auth-card.tsx';
import { Button } from '../ui/button.tsx';
import { ChoiceGroup } from '../ui/choice-group.tsx';
import { SecretField, TextField } from '../ui/field.tsx';
import { fieldBinder } from '../ui/field-binding.ts';
import { OrDivider } from '../ui/or-divider.tsx';
import { ServerErrors } from './server-errors.view.tsx';
import { DateOfBirthField, registerRoles, TermsCheckbox, TinField } from './registration-fields.view.tsx';
import SocialButtons, { type SocialButtonsProps } from './social-buttons.view.tsx';

export interface RegisterPageProps {
  /** The machine with its actors provided (stories and tests stub them). */
  logic?: typeof registerMachine;
  /** Starts the machine in this state instead of the initial one. */
  snapshot?: SnapshotFrom<typeof registerMachine>;
  /** Passed to the social buttons (their machine, for stories and tests). */
  social?: SocialButtonsProps;
}

/** Registration (spec 1 §2): the role first, then the fields that role needs. */
export default function RegisterPage({ logic, snapshot, social }: RegisterPageProps) {
  const actor = useActorRef(logic ?? registerMachine, snapshot ? { snapshot } : undefined);
  const [, navigate] = useLocation();
  // `?next=`: the page a visitor was on (a job they wanted to apply to); sign-in returns there.
  const next = safeNextPath(new URLSearchParams(useSearch()).get('next'));
  const loginHref = next ? `/login?next=${encodeURIComponent(next)}` : '/login';
  const values = useSelector(actor, (s) => s.context.values);
  const fieldErrors = useSelector(actor, selectFieldErrors);
  const errors = useSelector(actor, selectErrors);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const busy = useSelector(actor, selectBusy);
  const registered = useSelector(actor, (s) => s.matches('registered'));

  useEffect(() => {
    const sub = actor.on('navigate', (e) => navigate(e.to));
    return () => sub.unsubscribe();
  }, [actor, navigate]);

  if (registered) {
    return (
      <AuthCard title="Register">
        <Alert tone="success">{AccountMessages.registered}</Alert>
        <Button className="mt-2" fullWidth onClick={() => navigate(loginHref)}>
          Go to Login
        </Button>
      </AuthCard>
    );
  }

  const text = fieldBinder<RegisterTextField>(actor.send, values, fieldErrors);
  const blur = (field: RegisterField) => actor.send({ type: 'field.blur', field });
  // The youngest date of birth allowed today, as a hint to the date picker.

  return (
    <AuthCard title="Register" wide>
      <form
        noValidate
        className="flex flex-col gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'register.submit' });
        }}
      >
        <ChoiceGroup<RegisterRoleCode>
          label="I am registering as"
          size="large"
          value={values.role}
          options={registerRoles}
          error={fieldErrors.role}
          onChange={(role) => actor.send({ type: 'role.change', role })}
        />

        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" required {...text('firstName')} />
          <TextField label="Last name" autoComplete="family-name" required {...text('lastName')} />
        </div>
        <TextField label="Email" type="email" autoComplete="email" required {...text('email')} />
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          <SecretField
            label="Password"
            what="password"
            autoComplete="new-password"
            required
            hint="8 to 128 characters"
            {...text('password')}
          />
          <SecretField
            label="Confirm password"
            what="password confirmation"
            autoComplete="new-password"
            required
            {...text('confirmPassword')}
          />
        </div>

        {values.role === RegisterRole.Employer && (
          <>
            <TextField label="Legal business or personal name" autoComplete="organization" required {...text('companyName')} />
            <TinField label="EIN/TIN/SSN" {...text('companyTin')} />
          </>
        )}
        {values.role === RegisterRole.JobSeeker && <DateOfBirthField {...text('dateOfBirth')} />}

        <TermsCheckbox
          checked={values.acceptTerms}
          error={fieldErrors.acceptTerms}
          onChange={(e) => actor.send({ type: 'terms.change', value: e.target.checked })}
          onBlur={() => blur('acceptTerms')}
        />

        <ServerErrors errors={errors} />

        <Button type="submit" fullWidth busy={busy} disabled={!canSubmit}>
          Create Account
        </Button>
      </form>

      <OrDivider />
      <SocialButtons next={next} {...social} />

      <p className="mt-2 text-center text-sm">
        Already have an account?{' '}
        <Link href={loginHref} className="font-semibold">
          Login
        </Link>
      </p>
    </AuthCard>
  );
}
