import { useState, useEffect, type ReactNode } from 'react';
import { createActorContext } from '@xstate/react';
import { useLocation } from 'wouter';
import { sessionMachine, selectIsRestoring, selectIsSignedIn, selectRole, selectUser } from '../machines/account/session.machine.ts';
import { configureHttp } from '../services/http.ts';
import { useHydrating } from './hydration.ts';
import { toast } from '../views/ui/toast.tsx';

/** The one long-lived session actor at the root. */
export const SessionContext = createActorContext(sessionMachine);

/** Sends every 401 to the session, shows server and network failures as toasts, and follows the session's navigation. */
function SessionBridge() {
  const actor = SessionContext.useActorRef();
  const [, navigate] = useLocation();
  // Configured during the first render, before any child can make a call.
  useState(() =>
    configureHttp({
      getToken: () => actor.getSnapshot().context.session?.token ?? null,
      onUnauthorized: () => actor.send({ type: 'session.expired' }),
      notify: (message) => toast.error(message, { id: message }),
    }),
  );
  useEffect(() => {
    const sub = actor.on('navigate', (e) => navigate(e.to));
    return () => sub.unsubscribe();
  }, [actor, navigate]);
  return null;
}

export function SessionProvider({ children, logic }: { children: ReactNode; logic?: typeof sessionMachine }) {
  return (
    <SessionContext.Provider logic={logic}>
      <SessionBridge />
      {children}
    </SessionContext.Provider>
  );
}

export function useSession() {
  const user = SessionContext.useSelector(selectUser);
  const role = SessionContext.useSelector(selectRole);
  const signedIn = SessionContext.useSelector(selectIsSignedIn);
  const restoring = SessionContext.useSelector(selectIsRestoring);
  const actor = SessionContext.useActorRef();
  return { user, role, signedIn, restoring, send: actor.send };
}

/**
 * Who a public page is drawn for. While the browser takes over HTML drawn for a visitor: a visitor.
 * While the stored session is read (only a browser keeping a sign-in reads one; the session machine
 * starts signed out in any other): nobody yet (`waiting`), so the page asks for nothing twice.
 */
export function usePageReader() {
  const session = useSession();
  const hydrating = useHydrating();
  const asVisitor = hydrating || session.restoring;
  return {
    waiting: !hydrating && session.restoring,
    role: asVisitor ? null : session.role,
    signedIn: !asVisitor && session.signedIn,
    user: asVisitor ? null : session.user,
  };
}
