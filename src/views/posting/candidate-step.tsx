import { useMemo } from 'react';
import { useSelector } from '@xstate/react';
import { MAX_JOB_SKILLS } from '../../contract/posting.ts';
import { HAZARDOUS_OCCUPATIONS, MINOR_APPLICANT_AGE, minorsReason } from '../../contract/posting-rules.ts';
import { selectHazardsNamed } from '../../machines/posting/wizard.machine.ts';
import { Alert } from '../ui/alert.tsx';
import { cx } from '../ui/cx.ts';
import { Checkbox } from '../ui/field.tsx';
import { SelectField } from '../ui/select-field.tsx';
import { MultiPick, StepSection, TagInput, useField, WizardNumberField, type WizardActor } from './wizard-fields.tsx';

/** Whether the job may be opened to 16 and 17 year olds: the FLSA hazardous occupations, and the poster's confirmation. */
function Minors({ actor }: { actor: WizardActor }) {
  const open = useField(actor, 'candidateRequirements.openToMinors');
  const reviewed = useField(actor, 'candidateRequirements.hazardsReviewed');
  const found = useSelector(actor, selectHazardsNamed, (a, b) => JSON.stringify(a) === JSON.stringify(b));
  const blocked = found.length > 0;
  const namedIds = new Set(found.map((f) => f.id));
  return (
    <div className="flex flex-col gap-1">
      <Checkbox
        label={`Open to applicants aged ${MINOR_APPLICANT_AGE} and 17`}
        checked={open.value}
        // A job that names a hazardous occupation cannot be opened to minors; one already open can be closed to them.
        disabled={open.disabled || (blocked && !open.value)}
        error={open.error}
        aria-describedby={blocked ? 'minors-blocked' : undefined}
        onChange={(e) => open.choose(e.target.checked)}
      />
      {blocked && !open.value && (
        <p id="minors-blocked" className="text-sm text-muted">
          {minorsReason(found)}
        </p>
      )}
      {open.value && (
        <div className="flex flex-col gap-1 rounded border border-line bg-surface-raised p-1.5">
          <h4 id="hazards-title" className="text-sm font-semibold">
            Work no one under 18 may do (federal Hazardous Occupations Orders)
          </h4>
          <ul aria-labelledby="hazards-title" className="grid gap-0.5 text-sm sm:grid-cols-2">
            {HAZARDOUS_OCCUPATIONS.map((h) => (
              <li key={h.id} className={cx('flex gap-0.5', namedIds.has(h.id) && 'font-semibold text-danger')}>
                <span aria-hidden="true">{namedIds.has(h.id) ? '✗' : '•'}</span>
                <span>
                  {h.name}
                  {namedIds.has(h.id) && <span> (named by this job)</span>}
                </span>
              </li>
            ))}
          </ul>
          <Checkbox
            label="I confirm the job involves none of the work listed above"
            checked={reviewed.value}
            disabled={reviewed.disabled}
            error={reviewed.error}
            onChange={(e) => reviewed.choose(e.target.checked)}
          />
        </div>
      )}
      {open.value && blocked && !open.error && <Alert tone="error">{minorsReason(found)}</Alert>}
    </div>
  );
}

/** Step 5: skills, tags, education, experience, and whether 16 and 17 year olds may apply. */
export default function CandidateStep({ actor }: { actor: WizardActor }) {
  const lookups = useSelector(actor, (s) => s.context.lookups);
  const skills = useField(actor, 'candidateRequirements.skills');
  const tags = useField(actor, 'candidateRequirements.tags');
  const fields = useField(actor, 'candidateRequirements.fields');
  const education = useField(actor, 'candidateRequirements.minimumEducation');
  const skillOptions = useMemo(
    () => lookups.jobSkills.map((k) => ({ value: k.id, label: k.name, group: k.category })),
    [lookups.jobSkills],
  );
  const fieldOptions = useMemo(() => lookups.fieldsOfStudy.map((f) => ({ value: f.id, label: f.name })), [lookups.fieldsOfStudy]);
  const educationOptions = useMemo(() => lookups.jobEducations.map((d) => ({ value: d.level, label: d.name })), [lookups.jobEducations]);

  return (
    <div className="flex flex-col gap-3">
      <StepSection title="Skills">
        <MultiPick<number>
          label="Skills"
          listLabel="Skills chosen"
          options={skillOptions}
          value={skills.value}
          onChange={(next) => skills.choose(next)}
          max={MAX_JOB_SKILLS}
          error={skills.error}
          disabled={skills.disabled}
          placeholder="Type a skill, e.g. Forklift operation"
          emptyText="No skill by that name"
          hint="Job seekers with these skills see the job as a match."
        />
        <TagInput
          label="Tags"
          value={tags.value}
          onChange={(next) => tags.choose(next)}
          max={10}
          error={tags.error}
          disabled={tags.disabled}
          hint="Up to 10 words or short phrases that help people find the job."
        />
      </StepSection>
      <StepSection title="Education">
        <div className="grid gap-2 sm:grid-cols-2">
          <SelectField<number>
            label="Minimum education"
            value={education.value}
            options={educationOptions}
            placeholder="None required"
            clearable
            error={education.error}
            onChange={(v) => education.choose(v)}
          />
          <WizardNumberField
            actor={actor}
            field="candidateRequirements.minimumGPA"
            label="Minimum GPA"
            decimals
            hint="0 to 4; leave empty for none."
          />
        </div>
        <MultiPick<number>
          label="Fields of study"
          listLabel="Fields of study chosen"
          options={fieldOptions}
          value={fields.value}
          onChange={(next) => fields.choose(next)}
          max={10}
          error={fields.error}
          disabled={fields.disabled}
          placeholder="Type a field, e.g. Business"
          emptyText="No field of study by that name"
        />
      </StepSection>
      <StepSection title="Experience" description="In whole years; leave the maximum empty or 0 for no experience needed.">
        <div className="grid gap-2 sm:grid-cols-2">
          <WizardNumberField actor={actor} field="candidateRequirements.minExperience" label="Minimum years of experience" />
          <WizardNumberField actor={actor} field="candidateRequirements.maxExperience" label="Maximum years of experience" />
        </div>
      </StepSection>
      <StepSection title="Young applicants">
        <Minors actor={actor} />
      </StepSection>
    </div>
  );
}
