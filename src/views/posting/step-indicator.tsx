import { STEP_TITLES, wizardSteps, type WizardStep } from '../../contract/posting.ts';
import { cx } from '../ui/cx.ts';

/** "Step 3 of 7: Pay and benefits". */
export const stepLabel = (step: WizardStep) => `Step ${wizardSteps.indexOf(step) + 1} of ${wizardSteps.length}: ${STEP_TITLES[step]}`;

/**
 * The wizard's steps in order: the current one marked for assistive technology, the completed ones
 * ticked, and those the author may open now as buttons.
 */
export function StepIndicator({
  current,
  completed,
  reachable,
  disabled = false,
  onOpen,
}: {
  current: WizardStep;
  completed: readonly WizardStep[];
  reachable: readonly WizardStep[];
  disabled?: boolean;
  onOpen: (step: WizardStep) => void;
}) {
  return (
    <nav aria-label="Job post steps">
      <ol className="flex flex-wrap gap-1">
        {wizardSteps.map((step, i) => {
          const isCurrent = step === current;
          const done = completed.includes(step);
          const open = !isCurrent && !disabled && reachable.includes(step);
          const body = (
            <>
              <span
                aria-hidden="true"
                className={cx(
                  'inline-flex size-3 shrink-0 items-center justify-center rounded-full border text-xs font-bold',
                  isCurrent
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : done
                      ? 'border-brand-700 text-brand-700 dark:border-brand-300 dark:text-brand-300'
                      : 'border-line text-muted',
                )}
              >
                {done && !isCurrent ? '✓' : i + 1}
              </span>
              <span>{STEP_TITLES[step]}</span>
              {done && <span className="sr-only"> (completed)</span>}
            </>
          );
          return (
            <li key={step} aria-current={isCurrent ? 'step' : undefined}>
              {open ? (
                <button
                  type="button"
                  onClick={() => onOpen(step)}
                  className="inline-flex items-center gap-0.5 rounded px-1 py-0.5 text-sm text-ink underline-offset-2 hover:bg-black/5 hover:underline focus-visible:outline focus-visible:outline-3 focus-visible:outline-brand-500 dark:hover:bg-white/10"
                >
                  {body}
                </button>
              ) : (
                <span className={cx('inline-flex items-center gap-0.5 px-1 py-0.5 text-sm', isCurrent ? 'font-semibold' : 'text-muted')}>
                  {body}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
