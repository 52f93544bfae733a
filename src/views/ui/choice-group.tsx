import { Description, Field, Label, Radio, RadioGroup } from '@headlessui/react';
import { useId, type ReactNode } from 'react';
import { cx } from './cx.ts';

export interface ChoiceOption<T> {
  value: T;
  label: ReactNode;
  /** A line under the label, for larger choices such as a role. */
  description?: ReactNode;
}

/**
 * A segmented single choice (radio group): arrow keys move between the options, the chosen one is
 * filled. `size="large"` lays the options out as cards.
 */
export function ChoiceGroup<T extends string | number>({
  label,
  value,
  onChange,
  options,
  error,
  size = 'small',
  columns = 2,
  className,
}: {
  label: string;
  value: T | null;
  onChange: (value: T) => void;
  options: ReadonlyArray<ChoiceOption<T>>;
  error?: string | undefined;
  size?: 'small' | 'large';
  /** Options side by side in the small size. */
  columns?: 2 | 3;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cx('flex flex-col gap-0.5', className)}>
      {/* The group is named with aria-label: Headless UI sets its own aria-labelledby from labels inside it. */}
      <span aria-hidden="true" className="text-sm font-medium">
        {label}
      </span>
      <RadioGroup
        aria-label={label}
        // Nothing chosen yet is null, which the group shows as no option checked.
        value={value as T}
        onChange={onChange}
        aria-invalid={error ? true : undefined}
        className={cx(
          'grid gap-1',
          size === 'large'
            ? 'grid-cols-1 sm:grid-cols-2'
            : cx(columns === 3 ? 'grid-cols-3' : 'grid-cols-2', 'rounded border border-line p-0.5'),
        )}
      >
        {options.map((option) => (
          // Each option in its own Field, so its label and description name it and not the group.
          <Field key={String(option.value)} className="flex">
            <Radio
              value={option.value}
              className={cx(
                'w-full cursor-pointer rounded text-center font-semibold outline-none transition-colors',
                'data-focus:outline data-focus:outline-3 data-focus:outline-offset-1 data-focus:outline-brand-500',
                'data-checked:bg-brand-700 data-checked:text-white',
                size === 'large'
                  ? 'border border-line p-2 text-left hover:border-brand-500 data-checked:border-brand-700'
                  : 'px-1 py-0.5 text-sm text-ink hover:bg-black/5 dark:hover:bg-white/10 data-checked:hover:bg-brand-700',
              )}
            >
              <Label className={cx('block cursor-pointer', size === 'large' && 'uppercase tracking-wide')}>{option.label}</Label>
              {option.description && (
                <Description className="mt-0.5 block text-sm font-normal opacity-90">{option.description}</Description>
              )}
            </Radio>
          </Field>
        ))}
      </RadioGroup>
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
