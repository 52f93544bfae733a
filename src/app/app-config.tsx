import { createActorContext } from '@xstate/react';
import { appConfigMachine } from '../machines/app/app-config.machine.ts';

export const AppConfigContext = createActorContext(appConfigMachine);

export function useAppConfig() {
  return AppConfigContext.useSelector((s) => s.context.config);
}
