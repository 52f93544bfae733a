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

/** Loads the public settings (support address, integrations) once at start. */
export const appConfigMachine = setup({
  types: { context: {} as { config: AppConfig } },
  actors: {
    load: fromPromise<AppConfig>(async ({ signal }) => (await shellService.config(signal)).data),
  },
}).createMachine({
  id: 'appConfig',
  context: { config: DEFAULT_APP_CONFIG },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'load',
        onDone: { target: 'ready', actions: assign({ config: ({ event }) => event.output }) },
        onError: { target: 'ready' },
      },
    },
    ready: {},
  },
});
