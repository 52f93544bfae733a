import { assign, fromPromise, setup } from 'xstate';
import { shellService } from '../../services/shell.ts';

export interface AppConfig {
  supportEmail: string;
  googleSignIn: boolean;
  mapsApiKey: string | null;
  devMailbox: boolean;
}

/** Used until the server's settings arrive, or if they cannot be read. */
export const DEFAULT_APP_CONFIG: AppConfig = {
  supportEmail: 'support@jobmarketplace.local',
  googleSignIn: false,
  mapsApiKey: null,
  devMailbox: false,
};

export type AppConfigEvent = { type: 'config.load' };

/**
 * Loads the public settings (support address, integrations) once, the first time a screen asks for
 * them: pages that show none of them (the home page) make no call and download no schema for it.
 */
export const appConfigMachine = setup({
  types: { context: {} as { config: AppConfig }, events: {} as AppConfigEvent },
  actors: {
    load: fromPromise<AppConfig>(async ({ signal }) => (await shellService.config(signal)).data),
  },
}).createMachine({
  id: 'appConfig',
  context: { config: DEFAULT_APP_CONFIG },
  initial: 'idle',
  states: {
    // Not asked for yet: not known either.
    idle: {
      tags: ['loading'],
      on: { 'config.load': { target: 'loading' } },
    },
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'ready', actions: assign({ config: ({ event }) => event.output }) },
        onError: { target: 'ready' },
      },
    },
    ready: {},
  },
});
