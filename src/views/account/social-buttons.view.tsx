import { useActorRef, useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { googleStartMachine, selectBusy, selectMessage } from '../../machines/account/google-start.machine.ts';
import { useReturnPath } from '../../app/return-path.tsx';
import { Alert } from '../ui/alert.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { cx } from '../ui/cx.ts';

export interface SocialButtonsProps {
  /** The Google button's machine with its actors provided (stories and tests stub them). */
  logic?: typeof googleStartMachine;
  /** Starts the machine in this state instead of the initial one. */
  snapshot?: SnapshotFrom<typeof googleStartMachine>;
  className?: string;
  /** Where to return once signed in (`?next=` of the page): kept while the browser is at Google. */
  next?: string | null;
}

const buttonClass =
  'inline-flex size-6 items-center justify-center rounded-full border border-line bg-surface transition-colors hover:bg-black/5 disabled:cursor-not-allowed disabled:opacity-60 dark:hover:bg-white/10';

function GoogleMark() {
  return (
    <svg width="22" height="22" viewBox="0 0 48 48" aria-hidden="true">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34.1 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34.1 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
    </svg>
  );
}

function FacebookMark() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
      <path
        fill="#1877F2"
        d="M24 12a12 12 0 1 0-13.9 11.9v-8.4H7.1V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v3h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12z"
      />
    </svg>
  );
}

function MicrosoftMark() {
  return (
    <svg width="20" height="20" viewBox="0 0 23 23" aria-hidden="true">
      <path fill="#F35325" d="M1 1h10v10H1z" />
      <path fill="#81BC06" d="M12 1h10v10H12z" />
      <path fill="#05A6F0" d="M1 12h10v10H1z" />
      <path fill="#FFBA08" d="M12 12h10v10H12z" />
    </svg>
  );
}

/**
 * The social sign-in buttons of the login and register screens (spec 1 §2): Google asks the
 * server for its authorisation address and goes there; Facebook and Microsoft are shown and do
 * nothing.
 */
export default function SocialButtons({ logic, snapshot, className, next = null }: SocialButtonsProps) {
  const actor = useActorRef(logic ?? googleStartMachine, snapshot ? { snapshot } : undefined);
  const busy = useSelector(actor, selectBusy);
  const message = useSelector(actor, selectMessage);
  const notConfigured = useSelector(actor, (s) => s.matches('notConfigured'));
  const returnPath = useReturnPath();

  return (
    <div className={cx('flex flex-col items-center gap-1', className)}>
      <div className="flex items-center gap-1.5" role="group" aria-label="Sign in with another account">
        <button
          type="button"
          className={buttonClass}
          aria-label="Continue with Google"
          aria-busy={busy || undefined}
          disabled={busy}
          onClick={() => {
            returnPath.save(next);
            actor.send({ type: 'google.start' });
          }}
        >
          {busy ? <Spinner size={20} /> : <GoogleMark />}
        </button>
        <button type="button" className={buttonClass} aria-label="Continue with Facebook">
          <FacebookMark />
        </button>
        <button type="button" className={buttonClass} aria-label="Continue with Microsoft">
          <MicrosoftMark />
        </button>
      </div>
      {message && (
        <Alert tone={notConfigured ? 'info' : 'error'} className="w-full text-center">
          {message}
        </Alert>
      )}
    </div>
  );
}

export { SocialButtons };
