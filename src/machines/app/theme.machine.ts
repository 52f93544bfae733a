import { assign, fromCallback, setup } from 'xstate';
import { themeStore, type ThemeMode } from '../../services/theme-store.ts';

export interface ThemeContext {
  mode: ThemeMode;
  systemDark: boolean;
}

export type ThemeEvent = { type: 'theme.set'; mode: ThemeMode } | { type: 'theme.systemChanged'; dark: boolean };

export const isDark = (c: ThemeContext) => c.mode === 'dark' || (c.mode === 'system' && c.systemDark);

export const themeMachine = setup({
  types: { context: {} as ThemeContext, events: {} as ThemeEvent },
  actors: {
    watchSystem: fromCallback<ThemeEvent>(({ sendBack }) =>
      themeStore.watchSystem((dark) => sendBack({ type: 'theme.systemChanged', dark })),
    ),
  },
  actions: {
    apply: ({ context }) => themeStore.apply(isDark(context)),
    persist: ({ context }) => themeStore.write(context.mode),
  },
}).createMachine({
  id: 'theme',
  context: () => ({ mode: themeStore.read(), systemDark: themeStore.systemPrefersDark() }),
  invoke: { src: 'watchSystem' },
  entry: 'apply',
  initial: 'active',
  states: {
    active: {
      on: {
        'theme.set': { actions: [assign({ mode: ({ event }) => event.mode }), 'persist', 'apply'] },
        'theme.systemChanged': { actions: [assign({ systemDark: ({ event }) => event.dark }), 'apply'] },
      },
    },
  },
});
