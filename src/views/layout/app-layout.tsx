import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useMachine } from '@xstate/react';
import { Link, useLocation } from 'wouter';
import { useSession } from '../../app/session.tsx';
import { useTheme } from '../../app/theme.tsx';
import { useUnread } from '../../app/unread.ts';
import { profileCompletionMachine, selectPercentage } from '../../machines/account/profile-completion.machine.ts';
import { selectPhotoSource, userPhotoMachine } from '../../machines/account/user-photo.machine.ts';
import { PUBLIC_PAGES } from '../../lib/public-site.ts';
import { canMessage } from './nav-items.ts';
import { TopNav } from './top-nav.view.tsx';

/** Starts the tab's realtime messaging connection for a user; answers how to end it. */
export type ConnectMessaging = (user: { id: string; role: 'JobSeeker' | 'Employer' | 'Recruiter' }) => () => void;

/** The connection loads after sign-in (its own chunk), so the first page downloads none of it. */
export const connectMessagingLazily: ConnectMessaging = ({ id, role }) => {
  let ended = false;
  const runtime = import('../../machines/messaging/connection-runtime.ts');
  runtime.then((m) => !ended && m.startConnection(id, role === 'JobSeeker' ? 'seeker' : 'staff')).catch(() => undefined);
  return () => {
    ended = true;
    runtime.then((m) => m.stopConnection()).catch(() => undefined);
  };
};

// Dialogs load only when they are about to open, so the first page downloads none of their code.
const ChangePasswordDialog = lazy(() => import('../account/change-password.view.tsx').then((m) => ({ default: m.ChangePasswordDialog })));
const LocationGate = lazy(() => import('../location/location-modal.view.tsx').then((m) => ({ default: m.LocationGate })));

/** What the navigation shows a job seeker: how complete the profile is, and the photo. */
function JobSeekerNav({
  completionLogic,
  photoLogic,
  children,
}: {
  completionLogic: typeof profileCompletionMachine;
  photoLogic: typeof userPhotoMachine;
  children: (percentage: number | null, photo: string | null) => ReactNode;
}) {
  const [completion] = useMachine(completionLogic);
  const [photo] = useMachine(photoLogic);
  return <>{children(selectPercentage(completion), selectPhotoSource(photo))}</>;
}

/** The footer reaches every public page (the contact form among them). */
const footerLinks = [{ label: 'Browse Jobs', href: '/jobs' }, ...PUBLIC_PAGES.map((p) => ({ label: p.title, href: p.path }))];

/**
 * Pages where asking for the location would interrupt a task: account flows, back office, errors,
 * and a job's own page, which a visitor arriving from a search engine or a shared link came to read
 * (a dialog over it on arrival hides what they came for); the next page that lists jobs asks.
 */
const NO_LOCATION_PROMPT =
  /^\/(login|register|forget-password|reset-password|change-password|verify-email|business-validation|landing|back-office|error-|jobs\/[^/]+)/;

/** Location matters to job seekers and visitors looking for work, not to employers or admins. */
function wantsLocation(role: string | null, path: string) {
  return (role === null || role === 'JobSeeker') && !NO_LOCATION_PROMPT.test(path);
}

/** The frame of every page: navigation, main content and footer. */
export function AppLayout({
  children,
  completionLogic = profileCompletionMachine,
  photoLogic = userPhotoMachine,
  connectMessaging = connectMessagingLazily,
}: {
  children: ReactNode;
  /** The job seeker's profile completion, swappable in tests and stories. */
  completionLogic?: typeof profileCompletionMachine;
  /** The job seeker's photo in the user menu, swappable in tests and stories. */
  photoLogic?: typeof userPhotoMachine;
  /** Starts the messaging connection that feeds the unread badge; swappable in tests and stories. */
  connectMessaging?: ConnectMessaging;
}) {
  const session = useSession();
  const theme = useTheme();
  const [changingPassword, setChangingPassword] = useState(false);
  const [path] = useLocation();
  // A session that ends while the dialog is open must not reopen it at the next sign-in.
  useEffect(() => {
    if (!session.signedIn) setChangingPassword(false);
  }, [session.signedIn]);

  const unread = useUnread();
  const userId = session.signedIn ? (session.user?.id ?? null) : null;
  const role = session.role;
  useEffect(() => {
    if (!userId || !canMessage(role)) return undefined;
    return connectMessaging({ id: userId, role });
  }, [userId, role, connectMessaging]);

  const nav = (percentage: number | null, photo: string | null) => (
    <TopNav
      user={session.user}
      profilePercentage={percentage}
      photo={photo}
      unread={unread}
      themeMode={theme.mode}
      onThemeChange={theme.setMode}
      onChangePassword={() => setChangingPassword(true)}
      onLogout={() => session.send({ type: 'session.logout' })}
    />
  );

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-1 focus:top-1 focus:z-50 focus:rounded focus:bg-surface focus:p-1"
      >
        Skip to content
      </a>
      {session.role === 'JobSeeker' ? (
        // Keyed by user so a new sign-in fetches its own percentage and photo.
        <JobSeekerNav key={session.user?.id} completionLogic={completionLogic} photoLogic={photoLogic}>
          {nav}
        </JobSeekerNav>
      ) : (
        nav(null, null)
      )}
      <main id="main" className="flex-1">
        {children}
      </main>
      <footer className="border-t border-line px-2 py-2 text-sm text-muted">
        <div className="mx-auto flex max-w-7xl flex-wrap items-baseline gap-2">
          <span>© {new Date().getFullYear()} Job Marketplace</span>
          <nav aria-label="Site">
            <ul className="flex flex-wrap gap-x-2 gap-y-1">
              {footerLinks.map((l) => (
                <li key={l.href}>
                  <Link href={l.href}>{l.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </footer>
      <Suspense fallback={null}>{!session.restoring && wantsLocation(session.role, path) && <LocationGate />}</Suspense>
      <Suspense fallback={null}>
        {session.signedIn && changingPassword && <ChangePasswordDialog open onClose={() => setChangingPassword(false)} />}
      </Suspense>
    </div>
  );
}
