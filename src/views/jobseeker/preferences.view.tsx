import { lazy, Suspense, useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { toast } from '../ui/toast.tsx';
import type { SnapshotFrom } from 'xstate';
import { preferencesMachine } from '../../machines/jobseeker/preferences.machine.ts';
import type { locationSearchMachine } from '../../machines/location/location-search.machine.ts';
import { LoadFailed, Loading } from '../ui/load-state.tsx';
import { JobSeekerSettings } from './settings-layout.tsx';

const PreferencesForm = lazy(() => import('./preferences-form.tsx'));

type Logic = typeof preferencesMachine;

export interface PreferencesProps {
  logic?: Logic;
  snapshot?: SnapshotFrom<Logic>;
  /** The location search's machine, for tests and stories to answer its searches. */
  searchLogic?: typeof locationSearchMachine;
}

/** Where and how the job seeker wants to work (spec 2 §3 "Preferences"): read, then the form. */
export function JobSeekerPreferences({ logic, snapshot, searchLogic }: PreferencesProps) {
  const actor = useActorRef(logic ?? preferencesMachine, snapshot ? { snapshot } : {});
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));

  useEffect(() => {
    const sub = actor.on('preferences.saved', ({ message }) => toast.success(message));
    return () => sub.unsubscribe();
  }, [actor]);

  const waiting = <Loading label="Loading your preferences…" />;
  if (loading) return waiting;
  if (loadFailed)
    return <LoadFailed message="Your preferences could not be loaded." onRetry={() => actor.send({ type: 'preferences.retry' })} />;
  return (
    <Suspense fallback={waiting}>
      <PreferencesForm actor={actor} searchLogic={searchLogic} />
    </Suspense>
  );
}

/** /user/settings/preferences. */
export default function PreferencesPage(props: PreferencesProps) {
  return (
    <JobSeekerSettings title="Preferences" intro="Where and how you would like to work.">
      <JobSeekerPreferences {...props} />
    </JobSeekerSettings>
  );
}
