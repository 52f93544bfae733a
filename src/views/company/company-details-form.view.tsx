import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useAppConfig } from '../../app/app-config.tsx';
import { ABOUT_MAX, COMPANY_NAME_MAX, CompanyMessages, type CompanyDetails } from '../../contract/company.ts';
import { formatDisplayDate } from '../../lib/dates.ts';
import { cityState, placeOf } from '../../lib/places.ts';
import { companyDetailsMachine, selectCanSubmit, selectFieldErrors } from '../../machines/company/company-details.machine.ts';
import type { locationSearchMachine } from '../../machines/location/location-search.machine.ts';
import { LocationSearch } from '../location/location-search.view.tsx';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { TextField } from '../ui/field.tsx';
import { fieldBinder } from '../ui/field-binding.ts';
import { SelectField } from '../ui/select-field.tsx';
import { TextAreaField } from '../ui/text-area.tsx';

type Actor = ActorRefFrom<typeof companyDetailsMachine>;

const tinName = (details: CompanyDetails) => `${details.tinKind ?? 'TIN'} ending in ${details.tinLast4}`;

/** The verified legal name and TIN: read only, with what changing them takes. */
function LegalIdentity({ details }: { details: CompanyDetails }) {
  const { supportEmail } = useAppConfig();
  return (
    <div className="flex flex-col gap-1 rounded border border-line bg-surface-raised p-1.5">
      <dl className="grid gap-1 sm:grid-cols-2">
        <div>
          <dt className="text-sm font-medium">Legal name</dt>
          <dd>{details.legalName}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium">TIN</dt>
          <dd>{tinName(details)}</dd>
        </div>
        {details.verifiedAt && (
          <div>
            <dt className="text-sm font-medium">Business verified</dt>
            <dd>{formatDisplayDate(details.verifiedAt)}</dd>
          </div>
        )}
      </dl>
      <p className="text-xs text-muted">
        {CompanyMessages.legalNameNote}{' '}
        <a href={`mailto:${supportEmail}`} className="underline">
          {supportEmail}
        </a>
      </p>
    </div>
  );
}

/** What a recruiter of the company sees: the details, without the form. */
export function CompanyDetailsReadOnly({ details }: { details: CompanyDetails }) {
  const rows: Array<[string, string]> = [
    ['Company name', details.companyName],
    ['Address', details.address ?? 'Not given'],
    ['Website', details.website ?? 'Not given'],
    ['Industry', details.industry ?? 'Not given'],
  ];
  return (
    <div className="flex flex-col gap-2">
      <dl className="grid gap-1 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm font-medium">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <div>
        <h3 className="text-sm font-medium">About</h3>
        <p className="whitespace-pre-line">{details.about ?? 'Not given'}</p>
      </div>
      <LegalIdentity details={details} />
      <Alert tone="info">Only your company’s employer can change these details.</Alert>
    </div>
  );
}

/** The employer's form: the name seekers see, the address from the location search, website, about, industry. */
export function CompanyDetailsForm({ actor, locationLogic }: { actor: Actor; locationLogic?: typeof locationSearchMachine }) {
  const values = useSelector(actor, (s) => s.context.values);
  const fieldErrors = useSelector(actor, selectFieldErrors);
  const bind = fieldBinder(actor.send, values, fieldErrors);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const details = useSelector(actor, (s) => s.context.details);
  const place = useSelector(actor, (s) => s.context.place);
  const industries = useSelector(actor, (s) => s.context.industries);
  const error = useSelector(actor, (s) => s.context.error);
  const message = useSelector(actor, (s) => s.context.message);
  const saving = useSelector(actor, (s) => s.matches('saving'));
  if (!details) return null;

  return (
    <form
      noValidate
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'form.submit' });
      }}
    >
      <TextField
        label="Company name"
        required
        maxLength={COMPANY_NAME_MAX + 20}
        hint="The name job seekers see on your jobs and your company page."
        {...bind('companyName')}
      />
      <LegalIdentity details={details} />
      <div className="flex flex-col gap-0.5">
        {/* Remounted when the place changes, so its text shows the place chosen. */}
        <LocationSearch
          key={place?.address ?? 'none'}
          label="Address"
          logic={locationLogic}
          placeholder="Search a city or ZIP code"
          initialText={place?.address}
          onSelect={(result) => actor.send({ type: 'address.pick', place: placeOf(result) })}
        />
        {place ? (
          <p className="flex flex-wrap items-center gap-1 text-sm text-muted">
            Job seekers see {cityState(place) || place.address}.
            <Button variant="ghost" className="min-h-0 px-1 py-0.5" onClick={() => actor.send({ type: 'address.clear' })}>
              Remove address
            </Button>
          </p>
        ) : (
          <p className="text-xs text-muted">Choose a place from the list; job seekers see its city and state.</p>
        )}
        {fieldErrors.address && (
          <p className="text-sm text-danger" role="alert">
            {fieldErrors.address}
          </p>
        )}
      </div>
      <TextField
        label="Website"
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://example.com"
        hint="A secure address (https). We add https:// when you leave it out."
        {...bind('website')}
      />
      <TextAreaField
        label="About the company"
        rows={5}
        maxChars={ABOUT_MAX}
        hint="What job seekers should know about working with you."
        {...bind('about')}
      />
      <SelectField
        label="Industry"
        value={values.industryId ? Number(values.industryId) : null}
        onChange={(id) => {
          actor.send({ type: 'field.change', field: 'industryId', value: id === null ? '' : String(id) });
          actor.send({ type: 'field.blur', field: 'industryId' });
        }}
        options={industries.map((i) => ({ value: i.id, label: i.name }))}
        placeholder="Choose an industry"
        clearable
        error={fieldErrors.industryId}
      />
      {error && <Alert tone="error">{error}</Alert>}
      {message && !error && <Alert tone="success">{message}</Alert>}
      <div className="flex justify-end">
        <Button type="submit" busy={saving} disabled={!canSubmit}>
          Save details
        </Button>
      </div>
    </form>
  );
}
