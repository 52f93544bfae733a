import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';
import { cx } from './cx.ts';

export function Modal({
  open,
  onClose,
  title,
  children,
  size = 'md',
  className,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** `lg` for a longer form laid out in columns. */
  size?: 'md' | 'lg';
  className?: string;
}) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-40">
      <div className="fixed inset-0 bg-black/50" aria-hidden="true" />
      {/* A dialog taller than the window scrolls with the page behind it held still. */}
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-center justify-center p-2">
          <DialogPanel className={cx('w-full rounded bg-surface p-3 shadow-xl', size === 'lg' ? 'max-w-2xl' : 'max-w-md', className)}>
            <div className="mb-2 flex items-start justify-between gap-2">
              <DialogTitle className="text-lg font-semibold">{title}</DialogTitle>
              <CloseButton onClick={onClose} label="Close dialog" />
            </div>
            {children}
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}

export function CloseButton({ onClick, label = 'Close' }: { onClick: () => void; label?: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="rounded p-0.5 text-muted hover:bg-black/5 hover:text-ink dark:hover:bg-white/10"
    >
      <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" fill="currentColor">
        <path d="M5.3 4.3a1 1 0 0 0-1 1.4L8.6 10l-4.3 4.3a1 1 0 1 0 1.4 1.4L10 11.4l4.3 4.3a1 1 0 0 0 1.4-1.4L11.4 10l4.3-4.3a1 1 0 0 0-1.4-1.4L10 8.6 5.7 4.3a1 1 0 0 0-.4-.1z" />
      </svg>
    </button>
  );
}
