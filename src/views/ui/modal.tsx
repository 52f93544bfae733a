import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';
import { CloseButton } from './close-button.tsx';
import { cx } from './cx.ts';

/** A modal dialog (Headless UI's): it hosts the listboxes and comboboxes that open in a portal. */
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
