import { assign, fromPromise, setup } from 'xstate';
import { JobAlertMessages, type AlertFrequency } from '../../contract/job-alerts.ts';
import { ApiError } from '../../services/http.ts';
import { jobAlertsService } from '../../services/job-alerts.ts';
import { errorsOf } from '../account/api-errors.ts';

export interface ConfirmAlertContext {
  token: string;
  /** How often the confirmed alert is sent. */
  frequency: AlertFrequency | null;
  errors: string[];
}

/** A link the server does not know (used, unknown or malformed) reads as invalid; anything else in its own words. */
const failureOf = (error: unknown): string[] =>
  error instanceof ApiError && (error.status === 400 || error.status === 404) ? [JobAlertMessages.confirmLinkInvalid] : errorsOf(error);

/**
 * Confirming a job alert from the link of its mail (`/job-alerts/confirm?token=`, double opt-in):
 * one call, then the alert's frequency or why the link cannot be used. A link without a token is
 * refused here, without a call.
 */
export const confirmAlertMachine = setup({
  types: {
    context: {} as ConfirmAlertContext,
    input: {} as { token?: string | null },
  },
  actors: {
    confirm: fromPromise<AlertFrequency, { token: string }>(
      async ({ input, signal }) => (await jobAlertsService.confirm(input.token, signal)).data.frequency,
    ),
  },
}).createMachine({
  id: 'confirmAlert',
  context: ({ input }) => ({ token: input.token?.trim() ?? '', frequency: null, errors: [] }),
  initial: 'checking',
  states: {
    checking: {
      always: [
        { guard: ({ context }) => context.token.length > 0, target: 'confirming' },
        { target: 'failure', actions: assign({ errors: [JobAlertMessages.confirmLinkInvalid] }) },
      ],
    },
    confirming: {
      tags: ['loading'],
      invoke: {
        id: 'confirm',
        src: 'confirm',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'success', actions: assign({ frequency: ({ event }) => event.output }) },
        onError: { target: 'failure', actions: assign({ errors: ({ event }) => failureOf(event.error) }) },
      },
    },
    success: { type: 'final', tags: ['success'] },
    failure: { type: 'final', tags: ['error'] },
  },
});
