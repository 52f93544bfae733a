import { ChoiceGroup } from '../ui/choice-group.tsx';
import { StepSection } from './wizard-fields.tsx';

/** Step 6: a boost puts the job first in searches. Boosts come with billing; until then the job goes without one. */
export default function BoostStep() {
  return (
    <StepSection title="Boost" description="A boost shows your job first in job seekers’ searches.">
      <ChoiceGroup<'none'>
        label="Boost"
        value="none"
        size="large"
        options={[
          { value: 'none', label: 'No boost', description: 'Your job is listed with the others, by how well it matches each search.' },
        ]}
        onChange={() => {}}
      />
      <p className="text-sm text-muted">Paid boosts are not offered yet. You can publish the job as it is.</p>
    </StepSection>
  );
}
