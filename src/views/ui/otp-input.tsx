import { useId, useRef, type ClipboardEvent, type FocusEvent, type KeyboardEvent } from 'react';
import { cx } from './cx.ts';

export interface OtpInputProps {
  /** Positional digits; an empty box is a space, trailing empty boxes may be left out. */
  value: string;
  onChange: (value: string) => void;
  /** Called when focus leaves the whole group (the form marks the code as touched). */
  onBlur?: () => void;
  legend: string;
  length?: number;
  error?: string | undefined;
  disabled?: boolean;
  className?: string;
}

const toSlots = (value: string, length: number) => Array.from({ length }, (_, i) => (/\d/.test(value[i] ?? '') ? value[i]! : ''));

// Holes stay as spaces so every digit keeps its box; trailing holes are dropped.
const fromSlots = (slots: string[]) =>
  slots
    .map((s) => s || ' ')
    .join('')
    .trimEnd();

/** Six single-digit boxes for an emailed code: typing advances, backspace goes back, paste spreads. */
export function OtpInput({ value, onChange, onBlur, legend, length = 6, error, disabled, className }: OtpInputProps) {
  const id = useId();
  const refs = useRef<Array<HTMLInputElement | null>>([]);
  const slots = toSlots(value, length);

  const focus = (i: number) => {
    const box = refs.current[Math.max(0, Math.min(length - 1, i))];
    box?.focus();
    box?.select();
  };

  /** Writes digits into consecutive boxes from `start`, then focuses the box after the last one. */
  const spread = (start: number, digits: string) => {
    const next = [...slots];
    const count = Math.min(digits.length, length - start);
    for (let k = 0; k < count; k++) next[start + k] = digits[k]!;
    onChange(fromSlots(next));
    focus(start + count);
  };

  const setSlot = (i: number, digit: string) => {
    const next = [...slots];
    next[i] = digit;
    onChange(fromSlots(next));
  };

  const onKeyDown = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    switch (e.key) {
      case 'Backspace':
        e.preventDefault();
        if (slots[i]) setSlot(i, '');
        else if (i > 0) {
          setSlot(i - 1, '');
          focus(i - 1);
        }
        return;
      case 'Delete':
        e.preventDefault();
        setSlot(i, '');
        return;
      case 'ArrowLeft':
        e.preventDefault();
        focus(i - 1);
        return;
      case 'ArrowRight':
        e.preventDefault();
        focus(i + 1);
        return;
      case 'Home':
        e.preventDefault();
        focus(0);
        return;
      case 'End':
        e.preventDefault();
        focus(length - 1);
        return;
    }
    if (/^\d$/.test(e.key)) {
      e.preventDefault();
      spread(i, e.key);
    } else if (e.key.length === 1) {
      // Digits only.
      e.preventDefault();
    }
  };

  // Keyboards that do not report keys (some mobile ones) and code autofill arrive here.
  const onInput = (i: number, raw: string) => {
    const digits = raw.replace(/\D/g, '');
    if (!digits) return setSlot(i, '');
    const old = slots[i];
    if (old && digits.length === 2) return spread(i, digits.startsWith(old) ? digits[1]! : digits[0]!);
    spread(i, digits);
  };

  const onPaste = (i: number, e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    const digits = e.clipboardData.getData('text').replace(/\D/g, '');
    if (digits) spread(i, digits);
  };

  const onGroupBlur = (e: FocusEvent<HTMLFieldSetElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) onBlur?.();
  };

  return (
    <fieldset className={cx('flex flex-col gap-0.5', className)} onBlur={onGroupBlur} disabled={disabled}>
      <legend className="mb-0.5 text-sm font-medium">{legend}</legend>
      <div className="flex gap-1">
        {slots.map((digit, i) => (
          <input
            key={i}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={i === 0 ? 'one-time-code' : 'off'}
            aria-label={`Digit ${i + 1} of ${length}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            value={digit}
            onChange={(e) => onInput(i, e.target.value)}
            onKeyDown={(e) => onKeyDown(i, e)}
            onPaste={(e) => onPaste(i, e)}
            onFocus={(e) => e.target.select()}
            className={cx(
              'size-6 rounded border bg-surface text-center text-xl font-semibold text-ink',
              'focus:outline focus:outline-3 focus:outline-offset-1 focus:outline-brand-500 disabled:opacity-60',
              error ? 'border-danger' : 'border-line',
            )}
          />
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
