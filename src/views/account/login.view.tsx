import { useEffect, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { toast } from '../ui/toast.tsx';
import { Link, useLocation, useSearch } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import { SessionContext } from '../../app/session.tsx';
import {
  loginMachine,
  selectAskingForCode,
  selectBusy,
  selectCanSubmit,
  selectCountingDown,
  selectErrors,
  selectFieldErrors,
  selectSecondsLeft,
  type LoginMode,
} from '../../machines/account/login.machine.ts';
import { Alert } from '../ui/alert.tsx';
import { AuthCard } from '../ui/auth-card.tsx';
import { Button } from '../ui/button.tsx';
import { ChoiceGroup } from '../ui/choice-group.tsx';
import { Checkbox, SecretField, TextField } from '../ui/field.tsx';
import { OrDivider } from '../ui/or-divider.tsx';
import { OtpInput } from '../ui/otp-input.tsx';
import { ServerErrors } from './server-errors.view.tsx';
import SocialButtons, { type SocialButtonsProps } from './social-buttons.view.tsx';

export interface LoginPageProps {
  /** The machine with its actors provided (stories and tests stub them). */
  logic?: typeof loginMachine;
  /** Starts the machine in this state instead of the initial one. */
  snapshot?: SnapshotFrom<typeof loginMachine>;
  /** Passed to the social buttons (their machine, for stories and tests). */
  social?: SocialButtonsProps;
}

const modes = [
  { value: 'password', label: 'Password' },
  { value: 'otp', label: 'OTP' },
] as const;

/** The sign-in screen (spec 1 §2): password or an emailed 6 digit code. */
export default function LoginPage({ logic, snapshot, social }: LoginPageProps) {
  // `?next=/jobs/…`: where to return once signed in; the machine keeps only a path of this site.
  const next = new URLSearchParams(useSearch()).get('next');
  const actor = useActorRef(logic ?? loginMachine, { input: { next }, ...(snapshot && { snapshot }) });
  const session = SessionContext.useActorRef();
  const [, navigate] = useLocation();

  const email = useSelector(actor, (s) => s.context.email);
  const password = useSelector(actor, (s) => s.context.password);
  const code = useSelector(actor, (s) => s.context.code);
  const mode = useSelector(actor, (s) => s.context.mode);
  const rememberMe = useSelector(actor, (s) => s.context.rememberMe);
  const notice = useSelector(actor, (s) => s.context.notice);
  const fieldErrors = useSelector(actor, selectFieldErrors);
  const errors = useSelector(actor, selectErrors);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const busy = useSelector(actor, selectBusy);
  const countingDown = useSelector(actor, selectCountingDown);
  const secondsLeft = useSelector(actor, selectSecondsLeft);
  const askingForCode = useSelector(actor, selectAskingForCode);

  useEffect(() => {
    // The session first, so the page the user lands on sees them signed in.
    const subs = [
      actor.on('signedIn', (e) => session.send({ type: 'session.signedIn', data: e.data })),
      // A toast outlives this page, so the message is still there on the page it leads to.
      actor.on('notify', (e) => toast.error(e.message, { id: e.message })),
      actor.on('navigate', (e) => navigate(e.to)),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [actor, session, navigate]);

  const change = (field: 'email' | 'password' | 'code', value: string) => actor.send({ type: 'field.change', field, value });
  const blur = (field: 'email' | 'password' | 'code') => actor.send({ type: 'field.blur', field });
  // Forgot password starts with the email already typed here.
  const forgotHref = email.trim() && !fieldErrors.email ? `/forget-password?email=${encodeURIComponent(email.trim())}` : '/forget-password';

  return (
    <AuthCard title="Login">
      <form
        noValidate
        className="flex flex-col gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'login.submit' });
        }}
      >
        {askingForCode ? (
          <AdminCodeStep
            email={email.trim()}
            code={code}
            notice={notice}
            error={fieldErrors.code}
            countingDown={countingDown}
            secondsLeft={secondsLeft}
            busy={busy}
            onChange={(value) => change('code', value)}
            onBlur={() => blur('code')}
            onResend={() => actor.send({ type: 'otp.request' })}
            onCancel={() => actor.send({ type: 'adminCode.cancel' })}
          />
        ) : (
          <>
            <TextField
              label="Email"
              type="email"
              name="email"
              autoComplete="username"
              required
              value={email}
              error={fieldErrors.email}
              onChange={(e) => change('email', e.target.value)}
              onBlur={() => blur('email')}
            />

            <ChoiceGroup<LoginMode>
              label="Sign in with"
              value={mode}
              options={modes}
              onChange={(next) => actor.send({ type: 'mode.change', mode: next })}
            />

            {mode === 'password' ? (
              <SecretField
                label="Password"
                what="password"
                name="password"
                autoComplete="current-password"
                required
                value={password}
                error={fieldErrors.password}
                onChange={(e) => change('password', e.target.value)}
                onBlur={() => blur('password')}
              />
            ) : (
              <div className="flex flex-col gap-1">
                <OtpInput
                  legend="One-time code"
                  value={code}
                  error={fieldErrors.code}
                  onChange={(value) => change('code', value)}
                  onBlur={() => blur('code')}
                />
                <div className="flex flex-wrap items-center gap-1">
                  <Button variant="secondary" disabled={countingDown} onClick={() => actor.send({ type: 'otp.request' })}>
                    {countingDown ? `Resend OTP in ${secondsLeft}s` : 'Send OTP'}
                  </Button>
                  <span className="text-xs text-muted">We email you a 6 digit code; it works once, for 10 minutes.</span>
                </div>
                {notice && <Alert tone="info">{notice}</Alert>}
              </div>
            )}

            <div className="flex flex-wrap items-center justify-between gap-1">
              <Checkbox
                label="Remember Me"
                name="rememberMe"
                checked={rememberMe}
                onChange={(e) => actor.send({ type: 'remember.change', value: e.target.checked })}
              />
              <Link href={forgotHref} className="text-sm font-medium">
                Forgot Password?
              </Link>
            </div>
          </>
        )}

        <ServerErrors errors={errors} />

        <Button type="submit" fullWidth busy={busy} disabled={!canSubmit}>
          Login
        </Button>
      </form>

      <OrDivider />
      <SocialButtons next={next} {...social} />

      <p className="mt-2 text-center text-sm">
        Don&apos;t have an account?{' '}
        <Link href={next ? `/register?next=${encodeURIComponent(next)}` : '/register'} className="font-semibold">
          Register
        </Link>
      </p>
    </AuthCard>
  );
}

interface AdminCodeStepProps {
  email: string;
  code: string;
  notice: string | null;
  error: string | undefined;
  countingDown: boolean;
  secondsLeft: number;
  busy: boolean;
  onChange: (value: string) => void;
  onBlur: () => void;
  onResend: () => void;
  onCancel: () => void;
}

/** A SuperAdmin's second step: the 6-digit code the server emailed after the right password. */
function AdminCodeStep({
  email,
  code,
  notice,
  error,
  countingDown,
  secondsLeft,
  busy,
  onChange,
  onBlur,
  onResend,
  onCancel,
}: AdminCodeStepProps) {
  const first = useRef<HTMLDivElement>(null);
  // The step replaces the password field: the keyboard goes to the first box.
  useEffect(() => first.current?.querySelector('input')?.focus(), []);
  return (
    <div className="flex flex-col gap-1.5" ref={first}>
      {notice && <Alert tone="info">{notice}</Alert>}
      <p className="text-sm">
        Signing in as <span className="font-semibold">{email}</span>
      </p>
      <OtpInput legend="Sign-in code" value={code} error={error} onChange={onChange} onBlur={onBlur} />
      <div className="flex flex-wrap items-center gap-1">
        <Button variant="secondary" disabled={countingDown || busy} onClick={onResend}>
          {countingDown ? `Resend code in ${secondsLeft}s` : 'Resend code'}
        </Button>
        <Button variant="ghost" disabled={busy} onClick={onCancel}>
          Use another account
        </Button>
      </div>
    </div>
  );
}
