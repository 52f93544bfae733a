import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CloseButton } from './close-button.tsx';
import { cx } from './cx.ts';

export interface NativeModalProps {
  open: boolean;
  /** Escape, the close button, a click outside, or the phone's back gesture. */
  onClose: () => void;
  title: string;
  children: ReactNode;
  size?: 'md' | 'lg';
  className?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog on the browser's own `<dialog>`: the browser keeps the page behind it inert and
 * the dialog on top, so it needs no component library, and the location prompt of a first visit
 * costs little to download. It looks and behaves as `Modal` does. It cannot host Headless UI's
 * listboxes and comboboxes, which open in a portal the browser would make inert: forms with those
 * use `Modal`.
 */
export function NativeModal(props: NativeModalProps) {
  if (!props.open || typeof document === 'undefined') return null;
  // At the end of the page, as Headless UI's dialogs are, so nothing around the opener styles it.
  return createPortal(<OpenDialog {...props} />, document.body);
}

function OpenDialog({ onClose, title, children, size = 'md', className }: NativeModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const pressedOutside = useRef(false);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  // The content mounts once the dialog shows: a field inside cannot take the focus while it is hidden.
  const [shown, setShown] = useState(false);

  useLayoutEffect(() => {
    const element = dialog.current!;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    let leaving = false;
    const closedByBrowser = () => {
      if (!leaving) onCloseRef.current();
    };
    element.addEventListener('close', closedByBrowser);
    element.showModal();
    setShown(true);
    return () => {
      leaving = true;
      element.removeEventListener('close', closedByBrowser);
      if (element.open) element.close();
      // The dialog leaves with the page's state, not by its own closing: the focus goes back by hand.
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  useEffect(() => {
    if (!shown) return;
    const element = dialog.current!;
    // The first control takes the focus, unless a field inside asked for it.
    if (!element.contains(document.activeElement) || document.activeElement === element) {
      element.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    }
  }, [shown]);

  const outside = (e: { target: EventTarget }) => !panel.current?.contains(e.target as Node);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      className="fixed inset-0 m-0 size-full max-h-none max-w-none overflow-y-auto bg-transparent p-0 text-ink backdrop:bg-black/50"
      onKeyDown={(e) => {
        // Handled here rather than by the browser, so a list inside can keep Escape for itself.
        if (e.key === 'Escape' && !e.defaultPrevented) {
          e.preventDefault();
          onClose();
        }
      }}
      onCancel={(e) => {
        // Other close requests (a phone's back gesture): the page decides, through onClose.
        e.preventDefault();
        onClose();
      }}
      onPointerDown={(e) => (pressedOutside.current = outside(e))}
      onClick={(e) => {
        // A click outside the panel closes it; a press that starts inside (selecting text) does not.
        if (pressedOutside.current && outside(e)) onClose();
        pressedOutside.current = false;
      }}
    >
      <div className="flex min-h-full items-center justify-center p-2">
        <div ref={panel} className={cx('w-full rounded bg-surface p-3 shadow-xl', size === 'lg' ? 'max-w-2xl' : 'max-w-md', className)}>
          <div className="mb-2 flex items-start justify-between gap-2">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            <CloseButton onClick={onClose} label="Close dialog" />
          </div>
          {shown && children}
        </div>
      </div>
    </dialog>
  );
}
