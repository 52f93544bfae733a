import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { UserLocation } from '../../contract/location.ts';
import {
  locationPermissionMachine,
  selectLocating,
  selectLocationError,
  selectModalOpen,
  selectModalStep,
} from '../../machines/location/location-permission.machine.ts';
import type { locationSearchMachine } from '../../machines/location/location-search.machine.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { NativeModal } from '../ui/native-modal.tsx';
import { Spinner } from '../ui/spinner.tsx';

// The search by hand, with the schemas of its call, loads when the user is about to use it: most
// first visitors allow access or go on without, and download none of it.
const loadSearch = () => import('./location-search.view.tsx');
const LocationSearch = lazy(() => loadSearch().then((m) => ({ default: m.LocationSearch })));
const preloadSearch = () => void loadSearch().catch(() => undefined);

export const LOCATION_MODAL_TITLE = 'Enable Location Access';

export interface LocationModalProps {
  actor: ActorRefFrom<typeof locationPermissionMachine>;
  /** Lets tests and stories run the manual search with stubbed actors. */
  searchLogic?: typeof locationSearchMachine;
}

/** The first-visit location modal (spec 1 §2): the four actions and the manual search step. */
export function LocationModal({ actor, searchLogic }: LocationModalProps) {
  const open = useSelector(actor, selectModalOpen);
  const step = useSelector(actor, selectModalStep);
  const locating = useSelector(actor, selectLocating);
  const error = useSelector(actor, selectLocationError);
  const skip = () => actor.send({ type: 'location.skip' });

  return (
    // Closing the dialog (Escape, the close button, outside) counts as Continue Without Location.
    <NativeModal open={open} onClose={skip} title={LOCATION_MODAL_TITLE}>
      <div className="flex flex-col gap-2">
        {error && <Alert tone="error">{error}</Alert>}
        {step === 'search' ? (
          <>
            <Suspense fallback={<Spinner label="Loading the location search" />}>
              <LocationSearch logic={searchLogic} autoFocus onSelect={(location) => actor.send({ type: 'location.select', location })} />
            </Suspense>
            <div className="flex flex-wrap justify-between gap-1">
              <Button variant="ghost" onClick={() => actor.send({ type: 'location.back' })}>
                Back
              </Button>
              <Button variant="secondary" onClick={skip}>
                Continue Without Location
              </Button>
            </div>
          </>
        ) : (
          <>
            <p className="text-sm text-muted">Share your location to see jobs near you, or enter a city, state or ZIP code instead.</p>
            <div className="flex flex-col gap-1">
              <Button fullWidth busy={locating} onClick={() => actor.send({ type: 'location.allow' })}>
                Allow Location Access
              </Button>
              <Button
                fullWidth
                variant="secondary"
                disabled={locating}
                onPointerEnter={preloadSearch}
                onFocus={preloadSearch}
                onClick={() => actor.send({ type: 'location.manual' })}
              >
                Enter Location Manually
              </Button>
              <Button fullWidth variant="ghost" onClick={skip}>
                Continue Without Location
              </Button>
            </div>
          </>
        )}
      </div>
    </NativeModal>
  );
}

export interface LocationGateProps {
  /** Called when the user allows access or picks a place; the place is already stored. */
  onLocationChange?: (location: UserLocation) => void;
  /** Lets tests and stories run the machines with stubbed actors. */
  logic?: typeof locationPermissionMachine;
  searchLogic?: typeof locationSearchMachine;
  /** Starts the machine in a given state (stories). */
  snapshot?: SnapshotFrom<typeof locationPermissionMachine>;
}

/** Mount once in the app shell: asks for the location on a first visit, when spec 1 §4 says so. */
export function LocationGate({ onLocationChange, logic = locationPermissionMachine, searchLogic, snapshot }: LocationGateProps) {
  const actor = useActorRef(logic, { snapshot });
  const onChange = useRef(onLocationChange);
  onChange.current = onLocationChange;
  useEffect(() => {
    const sub = actor.on('location.changed', (e) => onChange.current?.(e.location));
    return () => sub.unsubscribe();
  }, [actor]);
  return <LocationModal actor={actor} searchLogic={searchLogic} />;
}
