import { useLayoutEffect, useMemo, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import { MAX_SKILLS, ProfileMessages } from '../../contract/jobseeker.ts';
import { selectAtLimit, selectChoices, selectSkills, selectSuggested, skillsMachine } from '../../machines/jobseeker/skills.machine.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { cx } from '../ui/cx.ts';
import { LoadFailed, Loading } from '../ui/load-state.tsx';
import { ComboboxField, type Option } from '../ui/select-field.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { JobSeekerSettings } from './settings-layout.tsx';

type Logic = typeof skillsMachine;

function Cross() {
  return (
    <svg width="14" height="14" viewBox="0 0 20 20" aria-hidden="true" fill="currentColor">
      <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4z" />
    </svg>
  );
}

function Plus() {
  return (
    <svg width="14" height="14" viewBox="0 0 20 20" aria-hidden="true" fill="currentColor">
      <path d="M10 4a1 1 0 0 1 1 1v4h4a1 1 0 1 1 0 2h-4v4a1 1 0 1 1-2 0v-4H5a1 1 0 1 1 0-2h4V5a1 1 0 0 1 1-1z" />
    </svg>
  );
}

/**
 * Where focus goes when the button that had it leaves the page (its skill removed or added): the
 * button now in its place in the same list, else the one before it, else `fallback()`.
 */
function useFocusAfterLeaving(fallback: () => HTMLElement | null | undefined) {
  const pending = useRef<{ list: HTMLElement; index: number } | null>(null);
  useLayoutEffect(() => {
    const target = pending.current;
    if (!target) return;
    pending.current = null;
    const buttons = target.list.isConnected ? [...target.list.querySelectorAll<HTMLButtonElement>('button:not(:disabled)')] : [];
    (buttons[Math.min(target.index, buttons.length - 1)] ?? fallback())?.focus();
  });
  return (button: HTMLElement) => {
    const list = button.closest('ul');
    if (!list) return;
    pending.current = { list, index: [...list.querySelectorAll('button')].indexOf(button as HTMLButtonElement) };
  };
}

/** The job seeker's skills: the list, a picker from the skills lookup, and what the résumé mentions. */
export function JobSeekerSkillsEditor({ logic, snapshot }: { logic?: Logic; snapshot?: SnapshotFrom<Logic> }) {
  const actor = useActorRef(logic ?? skillsMachine, snapshot ? { snapshot } : {});
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const skills = useSelector(actor, selectSkills);
  const taxonomy = useSelector(actor, selectChoices);
  const suggested = useSelector(actor, selectSuggested);
  const atLimit = useSelector(actor, selectAtLimit);
  const error = useSelector(actor, (s) => s.context.error);
  const choices = useMemo(() => taxonomy.map((k): Option<number> => ({ value: k.id, label: k.name, group: k.category })), [taxonomy]);

  const picker = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const leaving = useFocusAfterLeaving(() => {
    const input = picker.current?.querySelector('input');
    return input && !input.disabled ? input : list.current;
  });

  if (loading) return <Loading label="Loading your skills…" />;
  if (loadFailed) return <LoadFailed message="Your skills could not be loaded." onRetry={() => actor.send({ type: 'skills.retry' })} />;

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <p className="text-sm text-muted" aria-live="polite">
          {skills.length} of {MAX_SKILLS} skills
        </p>
        {skills.length === 0 && <p>No skills yet. Add the ones you have from the list below.</p>}
        <ul ref={list} tabIndex={-1} aria-label="Your skills" className="flex flex-wrap gap-1 outline-none">
          {skills.map((skill) => (
            <li
              key={skill.id}
              aria-busy={skill.pending || undefined}
              className={cx(
                'inline-flex items-center gap-0.5 rounded-full border py-0.5 pr-0.5 pl-1.5 text-sm',
                skill.pending ? 'border-dashed border-brand-500 text-muted' : 'border-line bg-surface-raised',
              )}
            >
              {skill.name}
              {skill.pending && (
                <>
                  <Spinner size={12} />
                  <span className="sr-only"> (saving)</span>
                </>
              )}
              <button
                type="button"
                aria-label={`Remove ${skill.name}`}
                className="inline-flex size-3 items-center justify-center rounded-full text-muted hover:bg-black/10 hover:text-ink dark:hover:bg-white/10"
                onClick={(e) => {
                  leaving(e.currentTarget);
                  actor.send({ type: 'skill.remove', id: skill.id });
                }}
              >
                <Cross />
              </button>
            </li>
          ))}
        </ul>
      </div>

      <div ref={picker} className="flex max-w-xl flex-col gap-1">
        <ComboboxField
          label="Add a skill"
          value={null}
          onChange={(choice) => {
            if (typeof choice?.value === 'number') actor.send({ type: 'skill.add', id: choice.value });
          }}
          options={choices}
          placeholder="Type a skill, e.g. Forklift operation"
          emptyText="No skill by that name"
          disabled={atLimit}
          hint={atLimit ? ProfileMessages.skillLimit : 'Each skill is saved as soon as you pick it.'}
        />
        {error && <Alert tone="error">{error}</Alert>}
      </div>

      {suggested === 'noResume' && (
        <p className="text-sm text-muted">
          No résumé yet? <Link href="/user/settings/documents">Upload your résumé</Link> and we will suggest the skills it mentions.
        </p>
      )}
      {Array.isArray(suggested) && suggested.length > 0 && (
        <section aria-labelledby="found-in-resume" className="flex flex-col gap-1">
          <h2 id="found-in-resume" className="text-lg font-semibold">
            Found in your résumé
          </h2>
          <p className="text-sm text-muted">Your newest résumé mentions these skills. Add the ones you have.</p>
          <ul aria-labelledby="found-in-resume" className="flex flex-wrap gap-1">
            {suggested.map((skill) => (
              <li key={skill.id}>
                <Button
                  variant="secondary"
                  className="rounded-full px-1.5 py-0.5"
                  disabled={atLimit}
                  aria-label={`Add ${skill.name}`}
                  onClick={(e) => {
                    leaving(e.currentTarget);
                    actor.send({ type: 'skill.add', id: skill.id });
                  }}
                >
                  <Plus />
                  {skill.name}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** /user/settings/skills. */
export default function SkillsSettingsPage({ logic, snapshot }: { logic?: Logic; snapshot?: SnapshotFrom<Logic> }) {
  return (
    <JobSeekerSettings title="Skills" intro={`Employers search by skills. List the ones you have, up to ${MAX_SKILLS}.`}>
      <JobSeekerSkillsEditor logic={logic} snapshot={snapshot} />
    </JobSeekerSettings>
  );
}
