import { useMemo } from 'react';
import { useSelector } from '@xstate/react';
import { MAX_INDUSTRIES } from '../../contract/posting.ts';
import { MultiPick, StepSection, useField, type WizardActor } from './wizard-fields.tsx';

/** Step 4: the industries the job belongs to, one to three. */
export default function IndustryStep({ actor }: { actor: WizardActor }) {
  const industries = useField(actor, 'categorization.industries');
  const lookups = useSelector(actor, (s) => s.context.lookups.industries);
  const options = useMemo(() => lookups.map((i) => ({ value: i.id, label: i.name })), [lookups]);
  return (
    <StepSection title="Industry" description="Job seekers filter jobs by industry.">
      <MultiPick<number>
        label="Industry"
        listLabel="Industries chosen"
        options={options}
        value={industries.value}
        onChange={(next) => industries.choose(next)}
        max={MAX_INDUSTRIES}
        error={industries.error}
        disabled={industries.disabled}
        placeholder="Type an industry, e.g. Retail"
        emptyText="No industry by that name"
        hint={`Choose one to ${MAX_INDUSTRIES}.`}
      />
    </StepSection>
  );
}
