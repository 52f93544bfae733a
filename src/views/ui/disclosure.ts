import { useCallback, useId, useRef, useState } from 'react';

/**
 * A button that shows or hides a panel (the WAI-ARIA disclosure pattern): the button tells whether
 * it is expanded and, while it is, which panel it controls. Small enough for the top bar of every
 * page, which then loads no component library.
 */
export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  /** Hides the panel; `focusButton` returns the focus to the button (after a choice, or Escape). */
  const close = useCallback((focusButton = true) => {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  }, []);

  return {
    open,
    close,
    buttonRef,
    buttonProps: {
      ref: buttonRef,
      type: 'button' as const,
      'aria-expanded': open,
      'aria-controls': open ? panelId : undefined,
      onClick: () => setOpen((o) => !o),
    },
    panelProps: { id: panelId },
  };
}
