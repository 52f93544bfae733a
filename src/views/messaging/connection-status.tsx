import type { ConnectionStatus } from '../../machines/messaging/connection.machine.ts';
import { cx } from '../ui/cx.ts';

/** What each state of the connection says (with a dot whose colour only repeats the words). */
export const connectionWords: Record<ConnectionStatus, string> = {
  connecting: 'Connecting…',
  online: 'Online',
  reconnecting: 'Reconnecting…',
  offline: 'Offline — you are offline; messages will send when you are back.',
};

const dots: Record<ConnectionStatus, string> = {
  connecting: 'bg-amber-500',
  online: 'bg-brand-500',
  reconnecting: 'bg-amber-500',
  offline: 'bg-gray-400',
};

/** The realtime connection's state, announced politely when it changes. */
export function ConnectionStatusLine({
  status,
  forbidden = false,
  error = null,
  onRetry,
}: {
  status: ConnectionStatus;
  /** The account can no longer message: not "offline" but refused. */
  forbidden?: boolean;
  error?: string | null;
  onRetry?: () => void;
}) {
  const words = forbidden ? 'Offline — messaging is not available for this account right now.' : connectionWords[status];
  return (
    <div className="flex flex-wrap items-center gap-1 text-sm">
      <p role="status" aria-live="polite" className="flex items-center gap-0.5 text-muted">
        <span aria-hidden="true" className={cx('inline-block size-1 rounded-full', forbidden ? 'bg-gray-400' : dots[status])} />
        {words}
        {error ? <span className="text-danger"> {error}</span> : null}
      </p>
      {status === 'reconnecting' && onRetry && (
        <button
          type="button"
          onClick={onRetry}
          className="rounded px-0.5 text-sm font-semibold text-brand-700 underline hover:bg-black/5 dark:text-brand-300 dark:hover:bg-white/10"
        >
          Try now
        </button>
      )}
    </div>
  );
}
