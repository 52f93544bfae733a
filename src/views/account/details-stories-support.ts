import { fromPromise } from 'xstate';
import type { DetailsContext, DetailsForm, SavedDetails } from '../../machines/details-form.machine.ts';
import { after, never } from './stories-support.tsx';

/**
 * A details form for stories: `logic` reads `profile` after a moment and saves after a moment
 * (answering with `saved`), `saving` never finishes a save, and `at` starts a machine in any state
 * with `profile` read and the context changed by `c`.
 */
export function detailsStories<P, F extends string>(
  details: DetailsForm<P, F>,
  profile: P,
  saved: (values: Record<F, string>) => SavedDetails<P>,
) {
  const logic = details.machine.provide({
    actors: {
      load: fromPromise(() => after(600, profile)),
      save: fromPromise<SavedDetails<P>, Record<string, string>>(({ input }) => after(900, saved(input as Record<F, string>))),
    },
  });
  const saving = details.machine.provide({ actors: { save: fromPromise<SavedDetails<P>, Record<string, string>>(() => never()) } });
  const at = (value: string | Record<string, string>, c: Partial<DetailsContext<P, F>> = {}, machine = logic) =>
    machine.resolveState({ value, context: { ...details.loadedContext(profile), ...c } });
  return { logic, saving, at };
}
