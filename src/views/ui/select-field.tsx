import { startTransition, useDeferredValue, useEffect, useId, useState, type ReactNode } from 'react';
import { useHydrating } from '../../app/hydration.ts';
import { cx } from './cx.ts';
import type { ComboboxFieldProps, SelectFieldProps } from './select-options.ts';

export { filterOptions, type ComboboxFieldProps, type Option, type SelectFieldProps } from './select-options.ts';

/*
 * The listbox and combobox bring Headless UI's positioning code, about a fifth of a settings
 * page's download. They load the first time this module is used, beside the page's own data,
 * so no page waits for them before it starts; until then a field of the same size shows.
 */
type Controls = typeof import('./select-controls.tsx');
let controls: Controls | null = null;
let loading: Promise<Controls> | null = null;
/** Starts loading the controls (a page may call it early); resolves once they are in. */
export function loadControls(): Promise<Controls> {
  loading ??= import('./select-controls.tsx').then((m) => (controls = m));
  return loading;
}
void loadControls();

function useControls(): Controls | null {
  // A prerendered page has the placeholder in its HTML, so the page's takeover renders it too even
  // when the controls arrived first. They replace it right after, in a render that yields to input:
  // a page's listboxes take a phone tens of milliseconds to draw, too long for one task.
  const hydrating = useDeferredValue(useHydrating());
  const [loaded, setLoaded] = useState(controls);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    void loadControls().then((m) => live && startTransition(() => setLoaded(m)));
    return () => {
      live = false;
    };
  }, [loaded]);
  return hydrating ? null : loaded;
}

/** The field's frame while its control loads: same label and size, nothing to operate yet. */
function Placeholder({ label, text, hint, className }: { label: string; text: string; hint?: ReactNode; className?: string | undefined }) {
  const id = useId();
  return (
    <div className={cx('flex flex-col gap-0.5', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        disabled
        value={text}
        readOnly
        className="min-h-5 w-full rounded border border-line bg-surface px-1.5 py-1 text-base text-muted"
      />
      {hint && <p className="text-xs text-muted">{hint}</p>}
    </div>
  );
}

/**
 * One choice from a short fixed list (a Headless UI listbox): job types, schedules, degrees, pay
 * periods. `placeholder` names the empty choice; with `clearable` the user can go back to it.
 */
export function SelectField<T extends string | number>(props: SelectFieldProps<T>) {
  const loaded = useControls();
  if (!loaded) {
    const chosen = props.options.find((o) => o.value === props.value);
    return (
      <Placeholder label={props.label} text={chosen?.label ?? props.placeholder ?? ''} hint={props.hint} className={props.className} />
    );
  }
  return <loaded.SelectField {...props} />;
}

/**
 * One choice found by typing (a Headless UI combobox): skills, fields of study, universities.
 * Given `options` it filters them itself; given `onQueryChange` the caller searches and passes the
 * answer in `options`. With `allowTyped` what was typed can be kept as it is (a school not in the
 * list), reported as a choice whose value is null. Options with a `group` are listed under its
 * heading.
 */
export function ComboboxField<T extends string | number>(props: ComboboxFieldProps<T>) {
  const loaded = useControls();
  if (!loaded) return <Placeholder label={props.label} text={props.value?.label ?? ''} hint={props.hint} className={props.className} />;
  return <loaded.ComboboxField {...props} />;
}
