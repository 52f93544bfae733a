import { useCallback, useEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { cx } from '../ui/cx.ts';
import { useDisclosure } from '../ui/disclosure.ts';

const panelClass = 'absolute top-full z-30 mt-0.5 min-w-24 rounded border border-line bg-surface py-0.5 shadow-lg';
const alignClass = { start: 'left-0', end: 'right-0' } as const;
export type Align = keyof typeof alignClass;

/** Classes of a link or button inside a dropdown. */
export const dropdownItemClass =
  'block w-full px-2 py-1 text-left text-sm text-ink no-underline hover:bg-brand-50 hover:text-brand-800 focus-visible:bg-brand-50 focus-visible:text-brand-800 dark:hover:bg-white/10 dark:hover:text-ink dark:focus-visible:bg-white/10 dark:focus-visible:text-ink';

const itemsOf = (panel: HTMLElement | null) => Array.from(panel?.querySelectorAll<HTMLElement>('a[href], button:not([disabled])') ?? []);

/** Closes the dropdown when the pointer goes down anywhere outside it. */
function CloseOnOutsidePointer({ root, close }: { root: RefObject<HTMLDivElement | null>; close: () => void }) {
  useEffect(() => {
    const onPointerDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [root, close]);
  return null;
}

/** Moves the focus to the first item when the dropdown was opened with the arrow key. */
function FocusFirstItem({ panel, wanted }: { panel: RefObject<HTMLUListElement | null>; wanted: RefObject<boolean> }) {
  useEffect(() => {
    if (!wanted.current) return;
    wanted.current = false;
    itemsOf(panel.current)[0]?.focus();
  }, [panel, wanted]);
  return null;
}

export interface NavDropdownProps {
  /** The list's accessible name; also the button's unless `buttonLabel` is given. */
  label: string;
  /** What the button shows. */
  button: ReactNode;
  buttonLabel?: string;
  buttonClassName: string;
  align?: Align;
  /** The items, as <li> elements; `close` closes the dropdown after a choice. */
  children: (close: () => void) => ReactNode;
}

/**
 * A dropdown of the site navigation, built as a disclosure (the WAI-ARIA pattern for navigation
 * menus): a button that shows or hides a list of links and buttons. Enter or Space toggles it,
 * Arrow Down opens it at its first item, the arrows, Home and End move between items, Escape
 * closes it and returns the focus to its button; leaving it by focus or by pointer closes it.
 */
export function NavDropdown({ label, button, buttonLabel, buttonClassName, align = 'start', children }: NavDropdownProps) {
  const root = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLUListElement>(null);
  const focusFirst = useRef(false);
  const { open, close, buttonRef, buttonProps, panelProps } = useDisclosure();
  // Leaving by pointer or by focus closes it without taking the focus back.
  const dismiss = useCallback(() => close(false), [close]);

  const onKeyDown = (e: KeyboardEvent) => {
    const items = itemsOf(panel.current);
    const at = items.indexOf(document.activeElement as HTMLElement);
    const focusItem = (i: number) => {
      e.preventDefault();
      items[(i + items.length) % items.length]?.focus();
    };
    if (e.key === 'Escape' && open) {
      e.preventDefault();
      close();
    } else if (e.key === 'ArrowDown' && e.target === buttonRef.current) {
      e.preventDefault();
      if (open) items[0]?.focus();
      else {
        focusFirst.current = true;
        buttonRef.current?.click();
      }
    } else if (at >= 0 && e.key === 'ArrowDown') focusItem(at + 1);
    else if (at >= 0 && e.key === 'ArrowUp') focusItem(at - 1);
    else if (at >= 0 && e.key === 'Home') focusItem(0);
    else if (at >= 0 && e.key === 'End') focusItem(items.length - 1);
  };

  return (
    <div ref={root} className="relative">
      <div
        onKeyDown={onKeyDown}
        onBlur={(e) => {
          // Tabbing out closes it; a click elsewhere is handled by the pointer listener.
          if (open && e.relatedTarget && !root.current?.contains(e.relatedTarget as Node)) dismiss();
        }}
      >
        <button {...buttonProps} className={buttonClassName} aria-label={buttonLabel}>
          {button}
        </button>
        {open && (
          <ul {...panelProps} ref={panel} aria-label={label} className={cx(panelClass, alignClass[align])}>
            {children(() => close())}
            <FocusFirstItem panel={panel} wanted={focusFirst} />
          </ul>
        )}
        {open && <CloseOnOutsidePointer root={root} close={dismiss} />}
      </div>
    </div>
  );
}
