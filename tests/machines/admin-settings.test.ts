import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { AccountMessages } from '../../src/contract/account.ts';
import { AdminMessages } from '../../src/contract/admin.ts';
import type { AdminDetails } from '../../src/contract/admin-details.ts';
import { ProfileMessages } from '../../src/contract/jobseeker.ts';
import { adminDetails, selectFieldErrors } from '../../src/machines/admin/admin-details.machine.ts';
import {
  codeErrors,
  emailChangeMachine,
  emailErrors,
  selectEmailErrors,
  selectStep,
  type EmailChangeEmitted,
  type EmailChangeEvent,
} from '../../src/machines/admin/email-change.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { demoAdminDetails } from '../../src/views/admin/office-stories-support.ts';
import { loadedDetails, walkDetailsForm } from '../support/client/details-form.ts';
import { atomicStates, deferred, flush, modelOf, modelStates, settle, whileActorRuns } from '../support/client/model.ts';

const NEW_EMAIL = 'avery.quinn@demo.local';
const changed: AdminDetails = { ...demoAdminDetails, email: NEW_EMAIL };
const serverDown = new ApiError('server', 500, 'Something went wrong!!!');
const badPhone = new ApiError('client', 400, AdminMessages.phone, [AdminMessages.phone], { phoneNumber: AdminMessages.phone });

describe('the admin details machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  walkDetailsForm(adminDetails, [
    { type: 'xstate.done.actor.load', output: demoAdminDetails },
    { type: 'xstate.error.actor.load', error: serverDown },
    { type: 'profile.retry' },
    { type: 'field.change', field: 'lastName', value: '' },
    { type: 'field.change', field: 'lastName', value: 'Quinn-Park' },
    { type: 'field.blur', field: 'lastName' },
    { type: 'form.submit' },
    {
      type: 'xstate.done.actor.save',
      output: { profile: { ...demoAdminDetails, lastName: 'Quinn-Park' }, message: AdminMessages.detailsSaved },
    },
    { type: 'xstate.error.actor.save', error: badPhone },
    { type: 'xstate.error.actor.save', error: serverDown },
  ] as unknown as EventObject[]);
});

describe('the admin details rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fills the form with the name and a readable phone, and saves what was typed', async () => {
    const sut = await loadedDetails(adminDetails, demoAdminDetails);
    expect(sut.actor.getSnapshot().context.values).toEqual({ firstName: 'Avery', lastName: 'Quinn', phoneNumber: '(503) 555-0100' });
    sut.actor.send({ type: 'field.change', field: 'phoneNumber', value: '' });
    sut.actor.send({ type: 'form.submit' });
    await flush();
    expect(sut.server.saves).toEqual([{ firstName: 'Avery', lastName: 'Quinn', phoneNumber: '' }]);
  });

  it('checks the contract’s rules: a name of up to 100 characters, a US phone or none', async () => {
    const sut = await loadedDetails(adminDetails, demoAdminDetails);
    sut.actor.send({ type: 'field.change', field: 'firstName', value: 'x'.repeat(101) });
    sut.actor.send({ type: 'field.change', field: 'phoneNumber', value: '12' });
    sut.actor.send({ type: 'form.submit' });
    await flush();
    // The contract checks the phone with the shared phone rule, whose words are the profile's.
    expect(selectFieldErrors(sut.actor.getSnapshot())).toEqual({ firstName: AdminMessages.firstName, phoneNumber: ProfileMessages.phone });
    expect(sut.server.saves).toEqual([]);
  });
});

// ---------- the email change ----------

type Snap = SnapshotFrom<typeof emailChangeMachine>;
const codeRefused = new ApiError('client', 400, AccountMessages.otp, [AccountMessages.otp], { code: AccountMessages.otp });
const emailTaken = new ApiError('client', 400, AccountMessages.email, [AccountMessages.email], { email: AccountMessages.email });

function startEmail() {
  const server = {
    requests: [] as string[],
    confirms: [] as Array<{ email: string; code: string }>,
    pending: {} as Record<string, ReturnType<typeof deferred<never>> | undefined>,
  };
  const hold = (id: string) => {
    const d = deferred<never>();
    server.pending[id] = d;
    return d.promise;
  };
  const machine = emailChangeMachine.provide({
    actors: {
      load: fromPromise<AdminDetails>(() => hold('load')),
      request: fromPromise<string, { email: string }>(({ input }) => {
        server.requests.push(input.email);
        return hold('request');
      }),
      confirm: fromPromise<{ details: AdminDetails; message: string }, { email: string; code: string }>(({ input }) => {
        server.confirms.push(input);
        return hold('confirm');
      }),
    },
  });
  const emitted: EmailChangeEmitted[] = [];
  const actor = createActor(machine);
  actor.on('email.changed', (e) => emitted.push(e));
  actor.start();
  return { actor, server, emitted };
}
type EmailSut = ReturnType<typeof startEmail>;

async function exec(sut: EmailSut, event: EventObject) {
  if (!settle(sut.server.pending, event)) sut.actor.send(event as EmailChangeEvent);
  await flush();
}

/** What the admin sees: the step, the email in use, what is typed, every message, and whether it is busy. */
const emailView = (s: Snap) =>
  JSON.stringify({
    value: s.value,
    step: selectStep(s),
    current: s.context.details?.email ?? null,
    email: s.context.email,
    code: s.context.code,
    sentTo: s.context.sentTo,
    errors: selectEmailErrors(s),
    error: s.context.error,
    loadError: s.context.loadError,
    message: s.context.message,
    busy: s.hasTag('busy'),
  });

const emailEvents = [
  { type: 'xstate.done.actor.load', output: demoAdminDetails },
  { type: 'xstate.done.actor.load', output: { ...demoAdminDetails, pendingEmail: NEW_EMAIL } },
  { type: 'xstate.error.actor.load', error: serverDown },
  { type: 'email.retry' },
  { type: 'email.change', value: NEW_EMAIL },
  { type: 'email.change', value: demoAdminDetails.email },
  { type: 'email.submit' },
  { type: 'xstate.done.actor.request', output: AdminMessages.emailCodeSent(NEW_EMAIL) },
  { type: 'xstate.error.actor.request', error: emailTaken },
  { type: 'xstate.error.actor.request', error: serverDown },
  { type: 'code.change', value: '381904' },
  { type: 'code.change', value: '38' },
  { type: 'code.submit' },
  { type: 'code.resend' },
  { type: 'email.restart' },
  { type: 'xstate.done.actor.confirm', output: { details: changed, message: AdminMessages.emailChanged } },
  { type: 'xstate.error.actor.confirm', error: codeRefused },
] as unknown as EventObject[];

describe('the email change machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = modelOf(emailChangeMachine, { events: emailEvents, serializeState: emailView, filterEvents: whileActorRuns });
  const states = modelStates(model);

  it('reaches every state of the chart and tries every event', () => {
    expect([...new Set(states.flatMap((s) => atomicStates(s.state.value)))].sort()).toEqual([
      'awaitingCode',
      'confirming',
      'entering',
      'loadFailed',
      'loading',
      'requesting',
    ]);
    expect(new Set(states.flatMap((s) => s.transitions.map((t) => t.event.type)))).toEqual(new Set(emailEvents.map((e) => e.type)));
  });

  it.each(states.map((s) => [s.key, s] as const))('%s', async (_key, s) => {
    const check = async (path: EventObject[], expected: Snap) => {
      const sut = startEmail();
      for (const event of path.slice(0, -1)) await exec(sut, event);
      const asked = { requests: sut.server.requests.length, confirms: sut.server.confirms.length };
      const before = sut.actor.getSnapshot();
      const last = path.at(-1);
      if (last) await exec(sut, last);
      const now = sut.actor.getSnapshot();
      expect(emailView(now)).toBe(emailView(expected));
      // A code is asked for exactly when requesting starts, and a change confirmed exactly when confirming starts.
      if (last) {
        const requested = !before.matches('requesting') && now.matches('requesting');
        const confirmed = !before.matches('confirming') && now.matches('confirming');
        expect(sut.server.requests.length - asked.requests).toBe(requested ? 1 : 0);
        expect(sut.server.confirms.length - asked.confirms).toBe(confirmed ? 1 : 0);
        if (requested) expect(sut.server.requests.at(-1)).toBe(now.context.email.trim());
        if (confirmed) expect(sut.server.confirms.at(-1)).toEqual({ email: now.context.sentTo, code: now.context.code });
      }
      sut.actor.stop();
    };
    await check(s.path, s.state);
    for (const t of s.transitions) await check([...s.path, t.event], t.next);
  });
});

describe('the email change rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks for a valid address that is not the one in use, and a 6-digit code', () => {
    expect(emailErrors({ email: 'nope', details: demoAdminDetails })).toEqual({ email: AccountMessages.email });
    expect(emailErrors({ email: ' ADMIN@demo.local ', details: demoAdminDetails })).toEqual({ email: AdminMessages.emailSame });
    expect(emailErrors({ email: NEW_EMAIL, details: demoAdminDetails })).toEqual({});
    expect(codeErrors({ code: '12 456', sentTo: NEW_EMAIL })).toEqual({ code: AccountMessages.otp });
    expect(codeErrors({ code: '123456', sentTo: NEW_EMAIL })).toEqual({});
  });

  it('sends a code to the new address, confirms it with the code, shows the new email and tells the page', async () => {
    const sut = startEmail();
    await exec(sut, { type: 'xstate.done.actor.load', output: demoAdminDetails } as EventObject);
    await exec(sut, { type: 'email.change', value: ` ${NEW_EMAIL} ` } as EventObject);
    await exec(sut, { type: 'email.submit' });
    expect(sut.server.requests).toEqual([NEW_EMAIL]);
    await exec(sut, { type: 'xstate.done.actor.request', output: AdminMessages.emailCodeSent(NEW_EMAIL) } as EventObject);
    expect(selectStep(sut.actor.getSnapshot())).toBe('code');
    expect(sut.actor.getSnapshot().context.message).toBe(AdminMessages.emailCodeSent(NEW_EMAIL));
    await exec(sut, { type: 'code.change', value: '381904' } as EventObject);
    await exec(sut, { type: 'code.submit' });
    expect(sut.server.confirms).toEqual([{ email: NEW_EMAIL, code: '381904' }]);
    await exec(sut, {
      type: 'xstate.done.actor.confirm',
      output: { details: changed, message: AdminMessages.emailChanged },
    } as EventObject);
    const s = sut.actor.getSnapshot();
    expect(s.context.details!.email).toBe(NEW_EMAIL);
    expect(s.context.message).toBe(AdminMessages.emailChanged);
    expect(selectStep(s)).toBe('email');
    expect(sut.emitted).toEqual([{ type: 'email.changed', email: NEW_EMAIL, message: AdminMessages.emailChanged }]);
  });

  it('goes straight to the code when an address waits for one; a code sent again that fails keeps the code step', async () => {
    const sut = startEmail();
    await exec(sut, { type: 'xstate.done.actor.load', output: { ...demoAdminDetails, pendingEmail: NEW_EMAIL } } as EventObject);
    expect(sut.actor.getSnapshot().matches('awaitingCode')).toBe(true);
    await exec(sut, { type: 'code.resend' });
    expect(sut.server.requests).toEqual([NEW_EMAIL]);
    await exec(sut, { type: 'xstate.error.actor.request', error: serverDown } as EventObject);
    expect(sut.actor.getSnapshot().matches('awaitingCode')).toBe(true);
    expect(sut.actor.getSnapshot().context.error).toBe('Something went wrong!!!');
  });

  it('puts a refused code next to the code, and a refused address next to the address', async () => {
    const sut = startEmail();
    await exec(sut, { type: 'xstate.done.actor.load', output: demoAdminDetails } as EventObject);
    await exec(sut, { type: 'email.change', value: NEW_EMAIL } as EventObject);
    await exec(sut, { type: 'email.submit' });
    await exec(sut, { type: 'xstate.error.actor.request', error: emailTaken } as EventObject);
    expect(selectEmailErrors(sut.actor.getSnapshot())).toEqual({ email: AccountMessages.email });
    expect(sut.actor.getSnapshot().context.error).toBeNull();
    await exec(sut, { type: 'email.submit' });
    await exec(sut, { type: 'xstate.done.actor.request', output: 'sent' } as EventObject);
    await exec(sut, { type: 'code.change', value: '111111' } as EventObject);
    await exec(sut, { type: 'code.submit' });
    await exec(sut, { type: 'xstate.error.actor.confirm', error: codeRefused } as EventObject);
    expect(selectEmailErrors(sut.actor.getSnapshot())).toEqual({ code: AccountMessages.otp });
    await exec(sut, { type: 'code.change', value: '111112' } as EventObject);
    expect(selectEmailErrors(sut.actor.getSnapshot())).toEqual({});
  });
});
