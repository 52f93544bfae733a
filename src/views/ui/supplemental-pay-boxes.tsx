import { useId } from 'react';
import { SUPPLEMENTAL_PAY_ALL, SupplementalPay } from '../../contract/lookups.ts';
import { Checkbox } from './field.tsx';

/**
 * The supplemental pay boxes (spec 2 §3 bit flags): one per flag, "All of these", and "None",
 * which stands alone. `flags` is the one integer they make; the caller decides what a tick does.
 */
export function SupplementalPayBoxes({
  pays,
  flags,
  error,
  disabled = false,
  onToggle,
  onAll,
}: {
  pays: ReadonlyArray<{ id: number; name: string }>;
  flags: number;
  error?: string | undefined;
  disabled?: boolean;
  onToggle: (flag: number, checked: boolean) => void;
  onAll: (checked: boolean) => void;
}) {
  const id = useId();
  const some = pays.filter((p) => p.id !== SupplementalPay.None);
  const none = pays.find((p) => p.id === SupplementalPay.None);
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium">Supplemental pay</legend>
      <div className="grid gap-1 sm:grid-cols-2 lg:grid-cols-3">
        {some.map((p) => (
          <Checkbox
            key={p.id}
            label={p.name}
            disabled={disabled}
            checked={(flags & p.id) === p.id}
            onChange={(e) => onToggle(p.id, e.target.checked)}
          />
        ))}
      </div>
      <div className="flex flex-wrap gap-x-3 gap-y-1 border-t border-line pt-1">
        <Checkbox
          label="All of these"
          disabled={disabled}
          checked={(flags & SUPPLEMENTAL_PAY_ALL) === SUPPLEMENTAL_PAY_ALL}
          onChange={(e) => onAll(e.target.checked)}
        />
        {none && (
          <Checkbox
            label={none.name}
            disabled={disabled}
            checked={(flags & none.id) === none.id}
            onChange={(e) => onToggle(none.id, e.target.checked)}
          />
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
