import { assign, fromPromise, setup } from 'xstate';
import type { PublicCompany } from '../../contract/company.ts';
import { companyService } from '../../services/company.ts';
import { codeOf } from '../../services/http.ts';

/** A company's public page: found, not found (or not shown: blacklisted, inactive), or not loaded. */
export const publicCompanyMachine = setup({
  types: {
    context: {} as { id: string; company: PublicCompany | null },
    events: {} as { type: 'company.retry' },
    input: {} as { id: string },
  },
  actors: {
    load: fromPromise<PublicCompany, { id: string }>(
      async ({ input, signal }) => (await companyService.publicCompany(input.id, signal)).data,
    ),
  },
  guards: {
    // No such company (company.notFound), or an id no company can have (request.invalid).
    notFound: (_, { error }: { error: unknown }) => {
      const code = codeOf(error);
      return code === 'company.notFound' || code === 'request.invalid';
    },
  },
}).createMachine({
  id: 'publicCompany',
  context: ({ input }) => ({ id: input.id, company: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'loaded', actions: assign({ company: ({ event }) => event.output }) },
        onError: [
          { guard: { type: 'notFound', params: ({ event }) => ({ error: event.error }) }, target: 'notFound' },
          { target: 'failed' },
        ],
      },
    },
    loaded: {},
    notFound: {},
    failed: { tags: ['error'], on: { 'company.retry': 'loading' } },
  },
});
