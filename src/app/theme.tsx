import { createActorContext } from '@xstate/react';
import { themeMachine } from '../machines/app/theme.machine.ts';

export type { ThemeMode } from '../services/theme-store.ts';

export const ThemeContext = createActorContext(themeMachine);

export function useTheme() {
  const mode = ThemeContext.useSelector((s) => s.context.mode);
  const actor = ThemeContext.useActorRef();
  return { mode, setMode: (m: typeof mode) => actor.send({ type: 'theme.set', mode: m }) };
}
