import type { ReactNode } from 'react';

// What both the field and its lazily loaded controls (select-controls.tsx) share.

export interface Option<T> {
  value: T;
  label: string;
  /** The heading a combobox lists this option under (a skill's category). */
  group?: string;
}

export interface SelectFieldProps<T extends string | number> {
  label: string;
  value: T | null;
  onChange: (value: T | null) => void;
  options: ReadonlyArray<Option<T>>;
  placeholder?: string;
  clearable?: boolean;
  error?: string | undefined;
  hint?: ReactNode;
  onBlur?: () => void;
  className?: string;
}

export interface ComboboxFieldProps<T extends string | number> {
  label: string;
  /** The choice shown: its value (null for typed text) and label. */
  value: Option<T | null> | null;
  onChange: (choice: Option<T | null> | null) => void;
  options: ReadonlyArray<Option<T>>;
  onQueryChange?: (query: string) => void;
  searching?: boolean;
  allowTyped?: boolean;
  placeholder?: string;
  emptyText?: string;
  disabled?: boolean;
  error?: string | undefined;
  hint?: ReactNode;
  onBlur?: () => void;
  className?: string;
}

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}+#]+/u)
    .filter(Boolean);

/** Options where every word typed begins a word of the label, case aside; at most `limit` of them. */
export function filterOptions<T>(options: ReadonlyArray<Option<T>>, query: string, limit = 50): Option<T>[] {
  const typed = wordsOf(query);
  const out: Option<T>[] = [];
  for (const o of options) {
    const words = wordsOf(o.label);
    if (typed.every((t) => words.some((w) => w.startsWith(t)))) out.push(o);
    if (out.length >= limit) break;
  }
  return out;
}
