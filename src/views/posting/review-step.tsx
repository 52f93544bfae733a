import { useMemo, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { decodeSupplementalPay, SUPPLEMENTAL_PAYS } from '../../contract/lookups.ts';
import { LOCATION_TYPE_NAMES, STEP_TITLES, WorkSchedule, type JobData, type WizardStep } from '../../contract/posting.ts';
import { MINOR_APPLICANT_AGE } from '../../contract/posting-rules.ts';
import { formatDisplayDate } from '../../lib/dates.ts';
import { formatMoney } from '../../lib/money.ts';
import { compensationLabel, experienceLabel } from '../../lib/job-display.ts';
import { cityState } from '../../lib/places.ts';
import { stateName } from '../../lib/us-states.ts';
import type { FieldErrors } from '../../machines/posting/job-data.ts';
import { selectReachable, selectReview, type WizardLookups } from '../../machines/posting/wizard.machine.ts';
import { Button } from '../ui/button.tsx';
import { cleanRichText } from './rich-text.ts';
import type { WizardActor } from './wizard-fields.tsx';

const namesOf = (ids: readonly number[], list: ReadonlyArray<{ id: number; name: string }>) =>
  ids.map((id) => list.find((x) => x.id === id)?.name ?? `#${id}`);
const listed = (names: string[], none = 'None') => (names.length ? names.join(', ') : none);
const yesNo = (v: boolean) => (v ? 'Yes' : 'No');

/** The boost chosen in the draft: its tier (by its id, read as a name), length and price when chosen; paid after publishing. */
function planLabel(plan: JobData['subscriptionPlan']): string {
  if (!plan?.tier) return 'No boost';
  const tier = plan.tier.charAt(0).toUpperCase() + plan.tier.slice(1);
  if (plan.length === null) return `${tier}, length not chosen yet`;
  const price =
    plan.price === null ? '' : `, ${formatMoney(plan.price)}${plan.discountPercentage ? ` (${plan.discountPercentage}% off)` : ''}`;
  return `${tier}, ${plan.length} days${price}: paid after publishing`;
}

type Row = [label: string, value: ReactNode];

/** What each step holds, as the job will read. */
function rowsOf(step: WizardStep, d: JobData, lookups: WizardLookups): Row[] {
  switch (step) {
    case 'jobDetails': {
      const j = d.jobDetails;
      const place =
        j.locationType === 'remote'
          ? `Remote: ${j.remoteStates.length ? j.remoteStates.map(stateName).join(', ') : 'anywhere in the United States'}`
          : `${j.locationType ? LOCATION_TYPE_NAMES[j.locationType] : 'Not chosen'}${j.geoLocation ? `: ${cityState(j.geoLocation) || j.geoLocation.address}` : ''}`;
      return [
        ['Job title', j.title],
        ['Job type', listed(namesOf(j.positionType, lookups.jobTypes), 'Not chosen')],
        ['People to hire', String(j.numberOfHires)],
        ['Location', place],
        ['Start date', j.startJobDate ? formatDisplayDate(j.startJobDate) : 'As soon as possible'],
        ['Open until', j.validThrough ? formatDisplayDate(j.validThrough) : '30 days after publishing'],
        ['Work authorization required', yesNo(j.requiresWorkAuthorization)],
        ['Relocation assistance', yesNo(j.offersRelocation)],
        ['Résumé required', yesNo(j.requiresResume)],
        ['Cover letter required', yesNo(j.requiresCoverLetter)],
        [
          'Description',
          j.description ? (
            <div
              className="[&_a]:text-link [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-3 [&_p]:my-0.5 [&_ul]:list-disc [&_ul]:pl-3"
              dangerouslySetInnerHTML={{ __html: cleanRichText(j.description) }}
            />
          ) : (
            'Not written yet'
          ),
        ],
      ];
    }
    case 'timeRequirements': {
      const t = d.timeRequirements;
      return [
        [
          'Work schedule',
          t.workSchedule === WorkSchedule.FullTime ? 'Full time' : t.workSchedule === WorkSchedule.PartTime ? 'Part time' : 'Not chosen',
        ],
        ['Hours per week', Number.isFinite(t.hoursPerWeek) ? String(t.hoursPerWeek) : 'Not given'],
        ['Duration', t.duration ? `${t.duration} ${t.duration === 1 ? 'month' : 'months'}` : 'Ongoing'],
        ['Shifts and schedule', listed(namesOf(t.schedules, lookups.jobSchedules))],
      ];
    }
    case 'payDetails': {
      const p = d.payDetails;
      const pay = compensationLabel(
        { minimumAmount: p.minSalary, maximumAmount: p.maxSalary, rate: p.rate },
        { compensationType: p.compensationType },
      );
      const supplemental = decodeSupplementalPay(p.supplementalPay).map((f) => SUPPLEMENTAL_PAYS.find((s) => s.id === f)!.name);
      return [
        ['Pay', p.isCompetitiveSalary ? `${pay === 'Unpaid' ? 'Competitive salary' : `${pay} (competitive salary)`}` : pay],
        ['Benefits', listed(namesOf(p.benefits, lookups.jobBenefits))],
        ['Supplemental pay', listed(supplemental)],
      ];
    }
    case 'categorization':
      return [['Industry', listed(namesOf(d.categorization.industries, lookups.industries), 'Not chosen')]];
    case 'candidateRequirements': {
      const c = d.candidateRequirements;
      const education = lookups.jobEducations.find((e) => e.level === c.minimumEducation)?.name;
      return [
        ['Skills', listed(namesOf(c.skills, lookups.jobSkills))],
        ['Tags', listed(c.tags)],
        ['Fields of study', listed(namesOf(c.fields, lookups.fieldsOfStudy))],
        ['Minimum education', education ?? 'None'],
        ['Minimum GPA', c.minimumGPA === null ? 'None' : String(c.minimumGPA)],
        ['Experience', experienceLabel(c.minExperience, c.maxExperience)],
        ['Young applicants', c.openToMinors ? `Welcomes applicants aged ${MINOR_APPLICANT_AGE} and up` : 'Applicants aged 18 and up'],
      ];
    }
    case 'subscriptionPlan':
      return [['Boost', planLabel(d.subscriptionPlan)]];
    case 'review':
      return [];
  }
}

function StepSummary({
  actor,
  step,
  errors,
  reachable,
}: {
  actor: WizardActor;
  step: WizardStep;
  errors: FieldErrors;
  reachable: boolean;
}) {
  const data = useSelector(actor, (s) => s.context.data);
  const lookups = useSelector(actor, (s) => s.context.lookups);
  const rows = useMemo(() => rowsOf(step, data, lookups), [step, data, lookups]);
  const messages = [...new Set(Object.values(errors))];
  const headingId = `review-${step}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-1 rounded border border-line p-1.5">
      <div className="flex items-center justify-between gap-1">
        <h3 id={headingId} className="text-lg font-semibold">
          {STEP_TITLES[step]}
        </h3>
        <Button
          variant="ghost"
          className="min-h-0 px-1 py-0.5"
          disabled={!reachable}
          aria-label={`Edit ${STEP_TITLES[step]}`}
          onClick={() => actor.send({ type: 'wizard.goto', step })}
        >
          Edit
        </Button>
      </div>
      {messages.length > 0 && (
        <ul
          aria-label={`${STEP_TITLES[step]}: still needed`}
          className="flex flex-col gap-0.5 rounded border border-danger/40 bg-danger/10 p-1 text-sm text-danger"
        >
          {messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      <dl className="grid gap-x-2 gap-y-0.5 sm:grid-cols-[minmax(10rem,auto)_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-sm font-medium text-muted">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Step 7: everything the job says, what each step still needs, and Publish. */
export default function ReviewStep({ actor }: { actor: WizardActor }) {
  const review = useSelector(actor, selectReview, (a, b) => JSON.stringify(a) === JSON.stringify(b));
  const reachable = useSelector(actor, selectReachable);
  const missing = review.filter((r) => Object.keys(r.errors).length > 0);
  return (
    <div className="flex flex-col gap-2">
      {missing.length > 0 ? (
        <p className="font-medium text-danger">
          Before publishing, finish {missing.length === 1 ? 'the step' : 'the steps'} marked below:{' '}
          {missing.map((m) => STEP_TITLES[m.step]).join(', ')}.
        </p>
      ) : (
        <p className="text-muted">Everything is in place. Check the job as job seekers will read it, then publish.</p>
      )}
      {review
        .filter((r) => r.step !== 'review')
        .map((r) => (
          <StepSummary key={r.step} actor={actor} step={r.step} errors={r.errors} reachable={reachable.includes(r.step)} />
        ))}
    </div>
  );
}
