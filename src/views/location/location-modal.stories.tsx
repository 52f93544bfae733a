import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import {
  locationPermissionMachine,
  type LocationPermissionContext,
  type PermissionCheck,
} from '../../machines/location/location-permission.machine.ts';
import { geolocationMessages, type Coordinates, type GeolocationFailure } from '../../services/geolocation.ts';
import { LocationGate } from './location-modal.view.tsx';
import { storySearchLogic } from './location-stories-support.ts';

/** A first visit: the browser would ask, nothing is stored; the position comes after a second. */
const logic = locationPermissionMachine.provide({
  actors: {
    check: fromPromise<PermissionCheck>(async () => ({ browser: 'prompt', record: null, location: null })),
    geolocate: fromPromise<Coordinates>(
      () => new Promise((resolve) => setTimeout(() => resolve({ lat: 45.6387, lng: -122.6615, accuracy: 20 }), 1000)),
    ),
  },
});

const searchLogic = storySearchLogic;

type Permission = 'prompt' | 'denied' | 'unsupported';
type Modal = 'closed' | 'intro' | 'locating' | 'search';

const at = (permission: Permission, modal: Modal, context: Partial<LocationPermissionContext> = {}) =>
  logic.resolveState({
    value: { permission, modal },
    context: { permission, location: null, record: null, error: null, ...context },
  });

type LocationSnapshot = ReturnType<typeof at>;

const failed = (reason: GeolocationFailure, permission: Permission = 'prompt', modal: Modal = 'intro') =>
  at(permission, modal, { error: geolocationMessages[reason] });

const meta = {
  title: 'Location/Location modal',
  component: LocationGate,
  // The machines are not story args (they cannot be serialised); a story's state is a parameter.
  render: (args, { parameters }) => (
    <LocationGate {...args} logic={logic} searchLogic={searchLogic} snapshot={parameters.snapshot as LocationSnapshot | undefined} />
  ),
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof LocationGate>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Starts unknown, reads the permission, then asks: try each action. */
export const FirstVisit: Story = {};

/** prompt / intro: the four actions (Back is in the manual step). */
export const Intro: Story = { parameters: { snapshot: at('prompt', 'intro') } };

export const IntroDark: Story = { ...Intro, globals: { theme: 'dark' } };

/** prompt / locating: waiting for the browser's answer. */
export const Locating: Story = { parameters: { snapshot: at('prompt', 'locating') } };

/** prompt / search: Enter Location Manually, with Back and Continue Without Location. */
export const ManualSearch: Story = { parameters: { snapshot: at('prompt', 'search') } };

/** denied / intro: the user refused in the browser prompt. */
export const Denied: Story = { parameters: { snapshot: failed('denied', 'denied') } };

/** denied / search: entering a place after refusing. */
export const DeniedThenManual: Story = { parameters: { snapshot: failed('denied', 'denied', 'search') } };

/** prompt / intro after the position could not be found. */
export const Unavailable: Story = { parameters: { snapshot: failed('unavailable') } };

/** prompt / intro after the 10 s timeout. */
export const TimedOut: Story = { parameters: { snapshot: failed('timeout') } };

/** prompt / intro after an error the browser did not name. */
export const UnknownError: Story = { parameters: { snapshot: failed('unknown') } };

/** unsupported / intro: the browser has no geolocation. */
export const Unsupported: Story = { parameters: { snapshot: failed('unsupported', 'unsupported') } };

/** closed: granted, denied or skipped within 24 hours, or a place is known: nothing shows. */
export const NotAsked: Story = { parameters: { snapshot: at('prompt', 'closed') } };
