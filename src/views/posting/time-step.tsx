import { useSelector } from '@xstate/react';
import { WorkSchedule } from '../../contract/posting.ts';
import { ChoiceGroup } from '../ui/choice-group.tsx';
import { CheckboxList, StepSection, useField, WizardNumberField, type WizardActor } from './wizard-fields.tsx';

const scheduleOptions = [
  { value: WorkSchedule.FullTime, label: 'Full time' },
  { value: WorkSchedule.PartTime, label: 'Part time' },
];

/** Step 2: full or part time, hours, how long, and the shifts. */
export default function TimeStep({ actor }: { actor: WizardActor }) {
  const schedule = useField(actor, 'timeRequirements.workSchedule');
  const shifts = useField(actor, 'timeRequirements.schedules');
  const lookups = useSelector(actor, (s) => s.context.lookups.jobSchedules);
  return (
    <div className="flex flex-col gap-3">
      <StepSection title="Hours">
        <ChoiceGroup<1 | 2>
          label="Work schedule"
          value={schedule.value}
          options={scheduleOptions}
          error={schedule.error}
          onChange={(v) => schedule.choose(v)}
          className="max-w-md"
        />
        <div className="grid gap-2 sm:grid-cols-2">
          <WizardNumberField actor={actor} field="timeRequirements.hoursPerWeek" label="Hours per week" hint="1 to 80." />
          <WizardNumberField
            actor={actor}
            field="timeRequirements.duration"
            label="Duration in months"
            hint="Leave empty for an ongoing job."
          />
        </div>
      </StepSection>
      <StepSection title="Shifts and schedule">
        <CheckboxList
          legend="Shifts and schedule"
          options={lookups}
          value={shifts.value}
          onChange={(next) => shifts.choose(next)}
          error={shifts.error}
          disabled={shifts.disabled}
        />
      </StepSection>
    </div>
  );
}
