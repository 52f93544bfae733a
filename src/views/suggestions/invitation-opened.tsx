import { useActorRef } from '@xstate/react';
import { invitationViewedMachine } from '../../machines/suggestions/invitation-viewed.machine.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** ?invite=<id> of a job's address: the invitation the seeker opened the job from, if it is one. */
export const invitationIdOf = (search: string) => {
  const id = new URLSearchParams(search).get('invite');
  return id && UUID.test(id) ? id : null;
};

/** Tells the company, once and quietly, that the seeker opened the job from its invitation. Shows nothing. */
export function InvitationOpened({ invitationId, logic }: { invitationId: string; logic?: typeof invitationViewedMachine }) {
  useActorRef(logic ?? invitationViewedMachine, { input: { invitationId } });
  return null;
}
