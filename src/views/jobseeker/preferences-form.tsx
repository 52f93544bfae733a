import { useEffect, useRef } from 'react';
import { Field, Label, Description, Switch } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { MAX_PREFERRED_LOCATIONS, ProfileMessages, salaryTypes } from '../../contract/jobseeker.ts';
import { SuggestionMessages } from '../../contract/suggestions.ts';
import {
  selectCanAddPlace,
  selectCanSubmit,
  selectFieldErrors,
  selectPayFlags,
  type PreferenceField,
  type preferencesMachine,
} from '../../machines/jobseeker/preferences.machine.ts';
import type { locationSearchMachine } from '../../machines/location/location-search.machine.ts';
import { LocationSearch } from '../location/location-search.view.tsx';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { TextField } from '../ui/field.tsx';
import { SelectField } from '../ui/select-field.tsx';
import { SupplementalPayBoxes } from '../ui/supplemental-pay-boxes.tsx';

export type PreferencesActor = ActorRefFrom<typeof preferencesMachine>;

const salaryTypeOptions = salaryTypes.map((t) => ({ value: t, label: t }));

/** The places chosen, each removable, and the search that adds one more. */
function PreferredPlaces({ actor, searchLogic }: { actor: PreferencesActor; searchLogic?: typeof locationSearchMachine | undefined }) {
  const locations = useSelector(actor, (s) => s.context.locations);
  const locationError = useSelector(actor, (s) => s.context.locationError);
  const canAdd = useSelector(actor, selectCanAddPlace);
  const listRef = useRef<HTMLUListElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const removeButtons = () => [...(listRef.current?.querySelectorAll('button') ?? [])];

  // The place that fills the list disables the search: the focus stays in the list, on its last place.
  const couldAdd = useRef(canAdd);
  useEffect(() => {
    const active = document.activeElement;
    if (couldAdd.current && !canAdd && (active === searchRef.current || active === document.body)) removeButtons().at(-1)?.focus();
    couldAdd.current = canAdd;
  }, [canAdd]);

  function remove(index: number, name: string) {
    // The focus goes to the next place, else the one before, else the search, never to the page.
    const buttons = removeButtons();
    const next = buttons[index + 1] ?? buttons[index - 1];
    actor.send({ type: 'location.remove', name });
    (next ?? searchRef.current)?.focus();
  }

  return (
    <section aria-labelledby="places-title" className="flex flex-col gap-1">
      <h2 id="places-title" className="text-lg font-semibold">
        Preferred locations
      </h2>
      {locations.length > 0 ? (
        <ul ref={listRef} aria-labelledby="places-title" className="flex flex-wrap gap-1">
          {locations.map((place, i) => (
            <li
              key={place.name}
              className="flex items-center gap-0.5 rounded-full border border-line bg-surface-raised py-0.5 pl-1.5 pr-0.5 text-sm"
            >
              <span>{place.name}</span>
              <button
                type="button"
                aria-label={`Remove ${place.name}`}
                onClick={() => remove(i, place.name)}
                className="rounded-full px-0.5 leading-none text-muted hover:bg-black/5 hover:text-ink focus-visible:outline focus-visible:outline-3 focus-visible:outline-brand-500 dark:hover:bg-white/10"
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">No places chosen yet.</p>
      )}
      <LocationSearch
        label="Add a place"
        logic={searchLogic}
        inputRef={searchRef}
        disabled={!canAdd}
        clearOnSelect
        hint={canAdd ? `Up to ${MAX_PREFERRED_LOCATIONS} cities or ZIP codes.` : ProfileMessages.locations}
        error={locationError}
        onSelect={(location) => actor.send({ type: 'location.add', location })}
      />
    </section>
  );
}

/** The supplemental pay boxes, ticked into the preferences. */
function PreferencesPayBoxes({ actor }: { actor: PreferencesActor }) {
  const pays = useSelector(actor, (s) => s.context.lookups.jobSupplementalPays);
  const flags = useSelector(actor, selectPayFlags);
  const error = useSelector(actor, (s) => selectFieldErrors(s).additionalCompensation);
  return (
    <SupplementalPayBoxes
      pays={pays}
      flags={flags}
      error={error}
      onToggle={(flag, checked) => {
        actor.send({ type: 'pay.toggle', flag, checked });
        actor.send({ type: 'field.blur', field: 'additionalCompensation' });
      }}
      onAll={(checked) => {
        actor.send({ type: 'pay.all', checked });
        actor.send({ type: 'field.blur', field: 'additionalCompensation' });
      }}
    />
  );
}

/** "Let employers find me": on, companies see the seeker when they match a job and may invite them. */
function FindableSwitch({ actor }: { actor: PreferencesActor }) {
  const on = useSelector(actor, (s) => s.context.values.findable !== 'false');
  return (
    <section aria-labelledby="findable-title" className="flex flex-col gap-1">
      <h2 id="findable-title" className="text-lg font-semibold">
        Visibility
      </h2>
      <Field className="flex items-start gap-1.5">
        <Switch
          checked={on}
          onChange={(checked) => actor.send({ type: 'field.change', field: 'findable', value: String(checked) })}
          className="group relative mt-0.25 inline-flex h-3 w-5 shrink-0 cursor-pointer items-center rounded-full border border-line bg-surface-raised transition-colors focus-visible:outline focus-visible:outline-3 focus-visible:outline-brand-500 data-[checked]:border-brand-700 data-[checked]:bg-brand-700 dark:data-[checked]:border-brand-300 dark:data-[checked]:bg-brand-300"
        >
          <span
            aria-hidden="true"
            className="inline-block size-2 translate-x-0.5 rounded-full bg-ink/60 transition-transform group-data-[checked]:translate-x-[1.35rem] group-data-[checked]:bg-white dark:group-data-[checked]:bg-brand-950"
          />
        </Switch>
        <div className="flex flex-col">
          <Label className="font-medium">
            {SuggestionMessages.findableLabel} <span className="text-sm font-semibold text-muted">({on ? 'On' : 'Off'})</span>
          </Label>
          <Description className="text-sm text-muted">{SuggestionMessages.findableHint}</Description>
        </div>
      </Field>
    </section>
  );
}

/**
 * The preferences form, on a machine that has loaded them. In its own chunk: its listboxes need
 * code the page does not, which loads while the preferences do.
 */
export default function PreferencesForm({ actor, searchLogic }: { actor: PreferencesActor; searchLogic?: typeof locationSearchMachine }) {
  const values = useSelector(actor, (s) => s.context.values);
  const fieldErrors = useSelector(actor, selectFieldErrors);
  const lookups = useSelector(actor, (s) => s.context.lookups);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const error = useSelector(actor, (s) => s.context.error);
  const message = useSelector(actor, (s) => s.context.message);
  const saving = useSelector(actor, (s) => s.matches('saving'));

  const change = (field: PreferenceField) => (value: string | number | null) =>
    actor.send({ type: 'field.change', field, value: value == null ? '' : String(value) });
  const blur = (field: PreferenceField) => () => actor.send({ type: 'field.blur', field });
  const idOf = (value: string) => (value === '' ? null : Number(value));

  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'form.submit' });
      }}
    >
      <PreferredPlaces actor={actor} searchLogic={searchLogic} />

      <section aria-labelledby="work-title" className="flex flex-col gap-1">
        <h2 id="work-title" className="text-lg font-semibold">
          Kind of work
        </h2>
        <div className="grid gap-2 sm:grid-cols-2">
          <SelectField
            label="Employment type"
            value={idOf(values.employmentType)}
            options={lookups.jobTypes.map((t) => ({ value: t.id, label: t.name }))}
            placeholder="Any"
            clearable
            error={fieldErrors.employmentType}
            onChange={change('employmentType')}
            onBlur={blur('employmentType')}
          />
          <SelectField
            label="Schedule"
            value={idOf(values.scheduleType)}
            options={lookups.jobSchedules.map((t) => ({ value: t.id, label: t.name }))}
            placeholder="Any"
            clearable
            error={fieldErrors.scheduleType}
            onChange={change('scheduleType')}
            onBlur={blur('scheduleType')}
          />
        </div>
      </section>

      <section aria-labelledby="pay-title" className="flex flex-col gap-1">
        <h2 id="pay-title" className="text-lg font-semibold">
          Pay
        </h2>
        <div className="grid gap-2 sm:grid-cols-2">
          <TextField
            label="Desired pay (USD)"
            name="salary"
            inputMode="decimal"
            autoComplete="off"
            value={values.salary}
            error={fieldErrors.salary}
            onChange={(e) => change('salary')(e.target.value)}
            onBlur={blur('salary')}
          />
          <SelectField
            label="Pay period"
            value={values.salaryType === '' ? null : values.salaryType}
            options={salaryTypeOptions}
            placeholder="Not given"
            clearable
            error={fieldErrors.salaryType}
            onChange={change('salaryType')}
            onBlur={blur('salaryType')}
          />
        </div>
        <PreferencesPayBoxes actor={actor} />
      </section>

      <FindableSwitch actor={actor} />

      {error && <Alert tone="error">{error}</Alert>}
      {message && !error && <Alert tone="success">{message}</Alert>}
      <div className="flex justify-end">
        <Button type="submit" busy={saving} disabled={!canSubmit}>
          Save
        </Button>
      </div>
    </form>
  );
}
