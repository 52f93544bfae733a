import { useEffect } from 'react';
import { createActorContext } from '@xstate/react';
import { appConfigMachine } from '../machines/app/app-config.machine.ts';

export const AppConfigContext = createActorContext(appConfigMachine);

/** Asks for the settings once a screen that shows them is there (a no-op once asked). */
function useConfigLoad() {
  const actor = AppConfigContext.useActorRef();
  useEffect(() => actor.send({ type: 'config.load' }), [actor]);
}

/** The public settings: the defaults until the server's arrive. */
export function useAppConfig() {
  useConfigLoad();
  return AppConfigContext.useSelector((s) => s.context.config);
}

/** Whether the server's settings are still to come. */
export function useAppConfigLoading() {
  useConfigLoad();
  return AppConfigContext.useSelector((s) => s.hasTag('loading'));
}
