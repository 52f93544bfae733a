import type { AllLookups } from '../../contract/lookups.ts';
import type { FieldErrors } from '../../machines/form.ts';
import type { Choice } from '../../machines/jobseeker/entries.machine.ts';
import type { fieldBinder } from '../ui/field-binding.ts';

// Shared by the section and its lazily loaded dialogs (entry-dialogs.tsx).

/** What a section's dialog fields need: the values, the errors to show, and a way to change them. */
export interface DialogForm<F extends string> {
  values: Record<F, string>;
  errors: FieldErrors<F>;
  bind: ReturnType<typeof fieldBinder<F>>;
  change(field: F, value: string): void;
  blur(field: F): void;
  lookups: AllLookups;
  /** The search's answer for the text typed last, and whether a search is on its way. */
  found: Choice[];
  searching: boolean;
  search(query: string): void;
}

export interface SectionCopy {
  loading: string;
  loadFailed: string;
  /** The list's accessible name. */
  list: string;
  empty: string;
  add: string;
  addTitle: string;
  editTitle: string;
  deleteTitle: string;
}
