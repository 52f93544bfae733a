import { useMemo } from 'react';
import { useSelector } from '@xstate/react';
import { compensationTypes, DEFAULT_CURRENCY, payRates, type CompensationType, type PayRate } from '../../contract/posting.ts';
import { selectPayRangeReason } from '../../machines/posting/wizard.machine.ts';
import { Alert } from '../ui/alert.tsx';
import { Checkbox } from '../ui/field.tsx';
import { SelectField } from '../ui/select-field.tsx';
import { SupplementalPayBoxes } from '../ui/supplemental-pay-boxes.tsx';
import { CheckboxList, StepSection, useField, WizardNumberField, type WizardActor } from './wizard-fields.tsx';

const compensationNames: Record<CompensationType, string> = {
  Range: 'A range',
  Exact: 'An exact amount',
  Starting: 'Starting at',
  Maximum: 'Up to',
};
const rateNames: Record<PayRate, string> = {
  Hourly: 'Per hour',
  Daily: 'Per day',
  Weekly: 'Per week',
  Monthly: 'Per month',
  Yearly: 'Per year',
};

/** Why this job's place needs a pay range, while it does. */
function PayTransparency({ actor }: { actor: WizardActor }) {
  const reason = useSelector(actor, selectPayRangeReason);
  if (!reason) return null;
  return <Alert tone="info">{reason}</Alert>;
}

/** Step 3: the pay, how it is shown, benefits and supplemental pay. */
export default function PayStep({ actor }: { actor: WizardActor }) {
  const type = useField(actor, 'payDetails.compensationType');
  const rate = useField(actor, 'payDetails.rate');
  const competitive = useField(actor, 'payDetails.isCompetitiveSalary');
  const benefits = useField(actor, 'payDetails.benefits');
  const supplemental = useField(actor, 'payDetails.supplementalPay');
  const lookups = useSelector(actor, (s) => s.context.lookups);
  const typeOptions = useMemo(() => compensationTypes.map((t) => ({ value: t, label: compensationNames[t] })), []);
  const rateOptions = useMemo(() => payRates.map((r) => ({ value: r, label: rateNames[r] })), []);

  return (
    <div className="flex flex-col gap-3">
      <StepSection title="Pay" description={`Amounts are in US dollars (${DEFAULT_CURRENCY}).`}>
        <PayTransparency actor={actor} />
        <div className="grid gap-2 sm:grid-cols-2">
          <SelectField<CompensationType>
            label="Show pay as"
            value={type.value}
            options={typeOptions}
            error={type.error}
            onChange={(v) => v && type.choose(v)}
          />
          <SelectField<PayRate>
            label="Pay period"
            value={rate.value}
            options={rateOptions}
            placeholder="Choose a period"
            clearable
            error={rate.error}
            onChange={(v) => rate.choose(v)}
          />
          <WizardNumberField actor={actor} field="payDetails.minSalary" label="Minimum pay (USD)" decimals hint="0 when not given." />
          <WizardNumberField actor={actor} field="payDetails.maxSalary" label="Maximum pay (USD)" decimals hint="0 when not given." />
        </div>
        <Checkbox
          label="Competitive salary (the pay is discussed with each candidate)"
          checked={competitive.value}
          disabled={competitive.disabled}
          error={competitive.error}
          onChange={(e) => competitive.choose(e.target.checked)}
        />
      </StepSection>
      <StepSection title="Benefits">
        <CheckboxList
          legend="Benefits"
          options={lookups.jobBenefits}
          value={benefits.value}
          onChange={(next) => benefits.choose(next)}
          error={benefits.error}
          disabled={benefits.disabled}
        />
      </StepSection>
      <StepSection title="Supplemental pay">
        <SupplementalPayBoxes
          pays={lookups.jobSupplementalPays}
          flags={supplemental.value}
          error={supplemental.error}
          disabled={supplemental.disabled}
          onToggle={(flag, checked) => {
            actor.send({ type: 'pay.toggle', flag, checked });
            actor.send({ type: 'field.blur', field: 'payDetails.supplementalPay' });
          }}
          onAll={(checked) => {
            actor.send({ type: 'pay.all', checked });
            actor.send({ type: 'field.blur', field: 'payDetails.supplementalPay' });
          }}
        />
      </StepSection>
    </div>
  );
}
