import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { homeFor, signedInLoginRedirect, type Role } from '../contract/roles.ts';
import { LoadingOverlay } from '../views/ui/loading-overlay.tsx';
import { useSession } from './session.tsx';

/** /user/* needs a signed-in user. */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const { signedIn, restoring } = useSession();
  if (restoring) return <LoadingOverlay open />;
  if (!signedIn) return <Redirect to="~/login" replace />;
  return <>{children}</>;
}

/**
 * A page for some roles only (/back-office/* for SuperAdmin, the job lists and posting for a
 * company's staff); other signed-in users go to their own home.
 */
export function RequireRole({ role, children }: { role: Role | readonly Role[]; children: ReactNode }) {
  const session = useSession();
  const allowed: readonly Role[] = typeof role === 'string' ? [role] : role;
  if (session.restoring) return <LoadingOverlay open />;
  if (!session.signedIn) return <Redirect to="~/login" replace />;
  if (!session.role || !allowed.includes(session.role)) return <Redirect to={`~${homeFor(session.role)}`} replace />;
  return <>{children}</>;
}

/** Sign-in and registration pages send a signed-in user where spec 1 §4 says. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { signedIn, restoring, role } = useSession();
  if (restoring) return <LoadingOverlay open />;
  if (signedIn) return <Redirect to={signedInLoginRedirect(role)} replace />;
  return <>{children}</>;
}
