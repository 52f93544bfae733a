import { lazy, Suspense, useMemo } from 'react';
import { useSelector } from '@xstate/react';
import {
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  LOCATION_TYPE_NAMES,
  locationTypes,
  richTextToPlain,
  type LocationType,
} from '../../contract/posting.ts';
import { cityState } from '../../lib/places.ts';
import { US_STATES } from '../../lib/us-states.ts';
import type { locationSearchMachine } from '../../machines/location/location-search.machine.ts';
import { LocationSearch } from '../location/location-search.view.tsx';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { ChoiceGroup } from '../ui/choice-group.tsx';
import { Checkbox } from '../ui/field.tsx';
import { cleanRichText } from './rich-text.ts';
import { CheckboxList, MultiPick, StepSection, useField, WizardNumberField, WizardTextField, type WizardActor } from './wizard-fields.tsx';

const RichTextEditor = lazy(() => import('./rich-text-editor.tsx'));

const stateOptions = US_STATES.map((s) => ({ value: s.code, label: s.name }));

/** Stands in for the editor while its code arrives. */
function EditorPlaceholder({ label }: { label: string }) {
  return (
    <div className="flex flex-col gap-0.5">
      <span className="text-sm font-medium">{label}</span>
      <div className="min-h-24 rounded border border-line bg-surface px-1.5 py-1 text-muted" role="status">
        Loading the editor…
      </div>
    </div>
  );
}

/** The description, with the writer's suggestion beside it until taken or dismissed. */
function Description({ actor }: { actor: WizardActor }) {
  const f = useField(actor, 'jobDetails.description');
  const suggestion = useSelector(actor, (s) => s.context.suggestion);
  const writing = useSelector(actor, (s) => s.hasTag('writing'));
  const writerError = useSelector(actor, (s) => s.context.writerError);
  const html = f.value ?? '';
  const length = useMemo(() => richTextToPlain(html).length, [html]);
  const shownSuggestion = useMemo(() => (suggestion ? cleanRichText(suggestion) : ''), [suggestion]);
  const label = 'Job description';

  return (
    <div className="flex flex-col gap-1">
      <div className={suggestion ? 'grid gap-2 lg:grid-cols-2' : 'flex flex-col'}>
        <Suspense fallback={<EditorPlaceholder label={label} />}>
          <RichTextEditor
            label={label}
            value={html}
            onChange={(next) => f.set(next === '' ? null : next)}
            onBlur={f.leave}
            error={f.error}
            disabled={f.disabled}
            hint={`What the job is, what the person will do, and what you offer: at least ${DESCRIPTION_MIN} characters.`}
            footer={
              <p className="text-xs text-muted">
                {length.toLocaleString('en-US')} / {DESCRIPTION_MAX.toLocaleString('en-US')} characters
              </p>
            }
          />
        </Suspense>
        {suggestion && (
          <section
            aria-labelledby="suggested-description"
            className="flex flex-col gap-1 rounded border border-brand-500/40 bg-brand-50 p-1.5 dark:bg-brand-900/30"
          >
            <h4 id="suggested-description" className="text-sm font-semibold">
              Suggested description
            </h4>
            <p className="text-xs text-muted">Written from this draft’s details. Your own text stays unless you choose to use this one.</p>
            <div
              className="max-h-[50vh] overflow-y-auto rounded bg-surface px-1.5 py-1 [&_a]:text-link [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-3 [&_p]:my-0.5 [&_ul]:list-disc [&_ul]:pl-3"
              // Kept to the description's tags before it is shown.
              dangerouslySetInnerHTML={{ __html: shownSuggestion }}
            />
            <div className="flex flex-wrap gap-1">
              <Button onClick={() => actor.send({ type: 'ai.use' })} disabled={f.disabled}>
                Use this description
              </Button>
              <Button variant="ghost" onClick={() => actor.send({ type: 'ai.dismiss' })}>
                Dismiss
              </Button>
            </div>
          </section>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-1">
        <Button
          variant="secondary"
          busy={writing}
          disabled={f.disabled || suggestion !== null}
          onClick={() => actor.send({ type: 'ai.write' })}
        >
          Write a description for me
        </Button>
        {writing && (
          <span className="text-sm text-muted" role="status">
            Writing a description from your draft…
          </span>
        )}
      </div>
      {writerError && <Alert tone="error">{writerError}</Alert>}
    </div>
  );
}

/** Where the job is done: on-site and hybrid jobs need an address, remote jobs name the states they are open to. */
function Place({ actor, locationLogic }: { actor: WizardActor; locationLogic?: typeof locationSearchMachine | undefined }) {
  const type = useField(actor, 'jobDetails.locationType');
  const address = useField(actor, 'jobDetails.address');
  const geo = useSelector(actor, (s) => s.context.data.jobDetails.geoLocation);
  const remote = useField(actor, 'jobDetails.remoteStates');
  return (
    <div className="flex flex-col gap-2">
      <ChoiceGroup<LocationType>
        label="Where the work is done"
        value={type.value}
        columns={3}
        options={locationTypes.map((t) => ({ value: t, label: LOCATION_TYPE_NAMES[t] }))}
        error={type.error}
        onChange={(v) => type.choose(v)}
      />
      {type.value !== 'remote' && (
        <div className="flex flex-col gap-0.5">
          {/* Remounted when the place changes, so its text shows the place chosen. */}
          <LocationSearch
            key={geo?.address ?? 'none'}
            label="Job address"
            logic={locationLogic}
            placeholder="Search a city or ZIP code"
            initialText={geo?.address ?? undefined}
            error={address.error}
            disabled={address.disabled}
            hint={
              geo
                ? undefined
                : type.value === null
                  ? 'Choose where the work is done first, or search the place now.'
                  : 'Choose the place from the list; job seekers see its city and state.'
            }
            onSelect={(location) => actor.send({ type: 'address.pick', location })}
          />
          {geo && (
            <p className="flex flex-wrap items-center gap-1 text-sm text-muted">
              Job seekers see {cityState(geo) || geo.address}.
              <Button
                variant="ghost"
                className="min-h-0 px-1 py-0.5"
                disabled={address.disabled}
                onClick={() => actor.send({ type: 'address.clear' })}
              >
                Remove address
              </Button>
            </p>
          )}
        </div>
      )}
      {type.value === 'remote' && (
        <MultiPick<string>
          label="States the job is open to"
          listLabel="States chosen"
          options={stateOptions}
          value={remote.value}
          onChange={(next) => remote.choose(next)}
          error={remote.error}
          disabled={remote.disabled}
          placeholder="Type a state"
          emptyText="No state by that name"
          hint={
            remote.value.length === 0
              ? 'Open to anywhere in the United States. Choose states to limit it.'
              : 'Only people in these states can apply.'
          }
        />
      )}
    </div>
  );
}

/** Step 1: what the job is, where, and what an application needs. */
export default function JobDetailsStep({ actor, locationLogic }: { actor: WizardActor; locationLogic?: typeof locationSearchMachine }) {
  const jobTypes = useSelector(actor, (s) => s.context.lookups.jobTypes);
  const positionType = useField(actor, 'jobDetails.positionType');
  const flags = [
    ['jobDetails.requiresWorkAuthorization', 'Applicants must be authorized to work in the United States'],
    ['jobDetails.offersRelocation', 'Relocation assistance is offered'],
    ['jobDetails.requiresResume', 'A résumé is required to apply'],
    ['jobDetails.requiresCoverLetter', 'A cover letter is required to apply'],
  ] as const;

  return (
    <div className="flex flex-col gap-3">
      <StepSection title="The job">
        <WizardTextField
          actor={actor}
          field="jobDetails.title"
          label="Job title"
          required
          maxLength={140}
          hint="5 to 120 characters, e.g. Warehouse Associate."
        />
        <Description actor={actor} />
        <CheckboxList
          legend="Job type"
          options={jobTypes}
          value={positionType.value}
          onChange={(next) => positionType.choose(next)}
          error={positionType.error}
          disabled={positionType.disabled}
        />
        <WizardNumberField actor={actor} field="jobDetails.numberOfHires" label="Number of people to hire" className="max-w-xs" />
      </StepSection>
      <StepSection title="Location">
        <Place actor={actor} locationLogic={locationLogic} />
      </StepSection>
      <StepSection title="Dates">
        <div className="grid gap-2 sm:grid-cols-2">
          <WizardTextField
            actor={actor}
            field="jobDetails.startJobDate"
            label="Start date"
            type="date"
            hint="Leave empty to start as soon as possible."
          />
          <WizardTextField
            actor={actor}
            field="jobDetails.validThrough"
            label="Open until"
            type="date"
            hint="Leave empty to keep the job open 30 days after publishing (at most 90)."
          />
        </div>
      </StepSection>
      <StepSection title="Applications">
        <div className="flex flex-col gap-1">
          {flags.map(([field, label]) => (
            <FlagBox key={field} actor={actor} field={field} label={label} />
          ))}
        </div>
      </StepSection>
    </div>
  );
}

function FlagBox({ actor, field, label }: { actor: WizardActor; field: Parameters<typeof useField>[1]; label: string }) {
  const f = useField(actor, field);
  return (
    <Checkbox
      label={label}
      checked={f.value === true}
      disabled={f.disabled}
      error={f.error}
      onChange={(e) => f.choose(e.target.checked as never)}
    />
  );
}
