import { useEffect, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useReturnPath } from '../../app/return-path.tsx';
import { Link, useLocation, useSearch } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import { SessionContext } from '../../app/session.tsx';
import {
  selectBusy,
  selectCompletion,
  socialCallbackMachine,
  type SocialCallbackInput,
} from '../../machines/account/social-callback.machine.ts';
import { AuthCard } from '../ui/auth-card.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { ServerErrors } from './server-errors.view.tsx';
import { SocialCompletionForm } from './social-completion.view.tsx';

export interface GoogleLandingPageProps {
  /** The machine with its actors provided (stories and tests stub them). */
  logic?: typeof socialCallbackMachine;
  /** Starts the machine in this state instead of the initial one. */
  snapshot?: SnapshotFrom<typeof socialCallbackMachine>;
}

/** Route /landing/google: Google sends the browser back here with `code` and `state`. */
export default function GoogleLandingPage({ logic, snapshot }: GoogleLandingPageProps) {
  const search = useSearch();
  const returnPath = useReturnPath();
  // Read once: the machine exchanges the code of the address the browser arrived at.
  const [input] = useState<SocialCallbackInput>(() => {
    const params = new URLSearchParams(search);
    return { code: params.get('code'), state: params.get('state'), next: returnPath.take() };
  });
  const actor = useActorRef(logic ?? socialCallbackMachine, { input, ...(snapshot ? { snapshot } : {}) });
  const session = SessionContext.useActorRef();
  const [, navigate] = useLocation();

  const busy = useSelector(actor, selectBusy);
  const completion = useSelector(actor, selectCompletion);
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const errors = useSelector(actor, (s) => s.context.errors);

  useEffect(() => {
    // The session first, so the page the user lands on sees them signed in.
    const subs = [
      actor.on('signedIn', (e) => session.send({ type: 'session.signedIn', data: e.data })),
      actor.on('navigate', (e) => navigate(e.to, { replace: true })),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [actor, session, navigate]);

  if (completion) return <SocialCompletionForm actor={completion} />;

  if (failed) {
    return (
      <AuthCard title="Sign in with Google">
        <ServerErrors errors={errors} />
        <p className="mt-2 text-center text-sm">
          <Link href="/login" className="font-semibold">
            Back to Login
          </Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Sign in with Google">
      <div className="flex flex-col items-center gap-1 py-3" aria-busy={busy}>
        <Spinner label="Signing you in with Google" />
        <p className="text-sm text-muted">Signing you in with Google…</p>
      </div>
    </AuthCard>
  );
}
