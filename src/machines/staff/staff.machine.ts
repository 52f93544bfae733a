import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../contract/account.ts';
import type { Recruiter } from '../../contract/staff.ts';
import { staffService } from '../../services/staff.ts';
import { messagesOf } from '../form.ts';

/** What the employer can do to one row of the staff list. */
export type StaffAction = 'activate' | 'deactivate' | 'resend' | 'revoke' | 'delete';

export interface StaffContext {
  recruiters: Recruiter[];
  /** Why the list could not be read (e.g. "Invalid recruiter data received"). */
  loadError: string | null;
  /** What the last change said. */
  notice: string | null;
  /** Why the last change failed. */
  actionError: string | null;
  /** The row an open dialog or a running action is about. */
  target: Recruiter | null;
  action: StaffAction | null;
}

export type StaffEvent =
  | { type: 'staff.retry' }
  | { type: 'invite.open' }
  | { type: 'edit.open'; email: string }
  | { type: 'dialog.close' }
  | { type: 'invite.done'; recruiter: Recruiter; message: string }
  | { type: 'edit.done'; recruiter: Recruiter; message: string }
  | { type: 'recruiter.activate'; email: string }
  | { type: 'recruiter.deactivate'; email: string }
  | { type: 'invitation.resend'; email: string }
  /** Delete and revoke ask first. */
  | { type: 'recruiter.delete'; email: string }
  | { type: 'invitation.revoke'; email: string }
  | { type: 'confirm.accept' };

/** An action's answer: the row as it now is, or none when it left the list. */
export interface ActionResult {
  recruiter: Recruiter | null;
  message: string;
}

/** Which rows each action applies to. */
const actionApplies: Record<StaffAction, (r: Recruiter) => boolean> = {
  activate: (r) => r.status === 'inactive',
  deactivate: (r) => r.status === 'active',
  resend: (r) => r.status === 'invited',
  revoke: (r) => r.status === 'invited',
  delete: (r) => r.status !== 'invited',
};

const eventAction: Record<string, StaffAction> = {
  'recruiter.activate': 'activate',
  'recruiter.deactivate': 'deactivate',
  'invitation.resend': 'resend',
  'invitation.revoke': 'revoke',
  'recruiter.delete': 'delete',
};

const rowOf = (context: StaffContext, email: string) => context.recruiters.find((r) => r.email === email) ?? null;

/**
 * The list with `recruiter` in its place: a person replaces their row; an invitation, new or sent
 * again, goes first among the invitations, as the server orders them.
 */
export function upsert(list: Recruiter[], recruiter: Recruiter): Recruiter[] {
  const at = list.findIndex((r) => r.email === recruiter.email);
  if (recruiter.status !== 'invited' && at >= 0) return list.map((r, i) => (i === at ? recruiter : r));
  const rest = list.filter((r) => r.email !== recruiter.email);
  const firstInvitation = rest.findIndex((r) => r.status === 'invited');
  const index = firstInvitation < 0 ? rest.length : firstInvitation;
  return [...rest.slice(0, index), recruiter, ...rest.slice(index)];
}

/**
 * The staff page (spec 2 §2 /user/staff): the company's recruiters and invitations, an invite
 * dialog, an edit dialog, and the row actions; delete and revoke wait for a confirmation.
 */
export const staffMachine = setup({
  types: {
    context: {} as StaffContext,
    events: {} as StaffEvent,
  },
  actors: {
    load: fromPromise<Recruiter[]>(async ({ signal }) => (await staffService.list(signal)).data.recruiters),
    act: fromPromise<ActionResult, { action: StaffAction; email: string }>(async ({ input, signal }) => {
      const { action, email } = input;
      switch (action) {
        case 'activate': {
          const res = await staffService.activate(email, signal);
          return { recruiter: res.data.recruiter, message: res.message };
        }
        case 'deactivate': {
          const res = await staffService.deactivate(email, signal);
          return { recruiter: res.data.recruiter, message: res.message };
        }
        case 'resend': {
          // Inviting the same address again sends a new link; the names and title stay.
          const res = await staffService.invite({ email }, signal);
          return { recruiter: res.data.recruiter, message: res.message };
        }
        case 'revoke':
          return { recruiter: null, message: (await staffService.revoke(email, signal)).message };
        case 'delete':
          return { recruiter: null, message: (await staffService.remove(email, signal)).message };
      }
    }),
  },
  actions: {
    clearSaid: assign({ notice: null, actionError: null }),
    clearTarget: assign({ target: null, action: null }),
    /** The row and action a row event names; what the last change said is cleared. */
    aim: assign(({ context, event }) => {
      assertEvent(event, ['recruiter.activate', 'recruiter.deactivate', 'invitation.resend', 'recruiter.delete', 'invitation.revoke']);
      return { notice: null, actionError: null, target: rowOf(context, event.email), action: eventAction[event.type]! };
    }),
  },
  guards: {
    /** The event names a row its action applies to. */
    applies: ({ context, event }) => {
      const action = eventAction[event.type];
      const row = 'email' in event ? rowOf(context, event.email) : null;
      return !!action && !!row && actionApplies[action](row);
    },
    editable: ({ context, event }) => {
      const row = 'email' in event ? rowOf(context, event.email) : null;
      return !!row && row.status !== 'invited';
    },
  },
}).createMachine({
  id: 'staff',
  context: { recruiters: [], loadError: null, notice: null, actionError: null, target: null, action: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      entry: assign({ loadError: null }),
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'ready', actions: assign({ recruiters: ({ event }) => event.output }) },
        onError: {
          target: 'loadFailed',
          actions: assign({ loadError: ({ event }) => messagesOf(event.error, AccountMessages.generic)[0]! }),
        },
      },
    },
    loadFailed: {
      tags: ['error'],
      on: { 'staff.retry': 'loading' },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          entry: 'clearTarget',
          on: {
            'invite.open': { target: 'inviting', actions: 'clearSaid' },
            'edit.open': {
              guard: 'editable',
              target: 'editing',
              actions: ['clearSaid', assign({ target: ({ context, event }) => rowOf(context, event.email) })],
            },
            'recruiter.activate': { guard: 'applies', target: 'acting', actions: 'aim' },
            'recruiter.deactivate': { guard: 'applies', target: 'acting', actions: 'aim' },
            'invitation.resend': { guard: 'applies', target: 'acting', actions: 'aim' },
            'recruiter.delete': { guard: 'applies', target: 'confirming', actions: 'aim' },
            'invitation.revoke': { guard: 'applies', target: 'confirming', actions: 'aim' },
          },
        },
        inviting: {
          on: {
            'invite.done': {
              target: 'idle',
              actions: assign({
                recruiters: ({ context, event }) => upsert(context.recruiters, event.recruiter),
                notice: ({ event }) => event.message,
              }),
            },
            'dialog.close': 'idle',
          },
        },
        editing: {
          on: {
            'edit.done': {
              target: 'idle',
              actions: assign({
                recruiters: ({ context, event }) => upsert(context.recruiters, event.recruiter),
                notice: ({ event }) => event.message,
              }),
            },
            'dialog.close': 'idle',
          },
        },
        confirming: {
          on: {
            'confirm.accept': 'acting',
            'dialog.close': 'idle',
          },
        },
        acting: {
          tags: ['busy'],
          invoke: {
            id: 'act',
            src: 'act',
            input: ({ context }) => ({ action: context.action!, email: context.target!.email }),
            onDone: {
              target: 'idle',
              actions: assign({
                recruiters: ({ context, event }) =>
                  event.output.recruiter
                    ? upsert(context.recruiters, event.output.recruiter)
                    : context.recruiters.filter((r) => r.email !== context.target!.email),
                notice: ({ event }) => event.output.message,
              }),
            },
            onError: {
              target: 'idle',
              actions: assign({ actionError: ({ event }) => messagesOf(event.error, AccountMessages.generic).join(' ') }),
            },
          },
        },
      },
    },
  },
});

type Snap = SnapshotFrom<typeof staffMachine>;

export const selectBusyEmail = (s: Snap) => (s.matches({ ready: 'acting' }) ? (s.context.target?.email ?? null) : null);
export const selectDialog = (s: Snap): 'invite' | 'edit' | 'confirm' | null =>
  s.matches({ ready: 'inviting' })
    ? 'invite'
    : s.matches({ ready: 'editing' })
      ? 'edit'
      : s.matches({ ready: 'confirming' })
        ? 'confirm'
        : null;
/** The actions the menu of a row offers. */
export const actionsFor = (r: Recruiter): StaffAction[] =>
  (['deactivate', 'activate', 'resend', 'revoke', 'delete'] as const).filter((a) => actionApplies[a](r));
