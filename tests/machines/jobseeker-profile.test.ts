import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventObject } from 'xstate';
import { AccountMessages, type JobSeekerProfile } from '../../src/contract/account.ts';
import { ProfileMessages } from '../../src/contract/jobseeker.ts';
import { jobSeekerProfile, selectFieldErrors } from '../../src/machines/jobseeker/profile.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { profileChanges } from '../../src/services/profile-changes.ts';
import { loadedDetails, walkDetailsForm } from '../support/client/details-form.ts';
import { flush } from '../support/client/model.ts';

type Saved = { profile: JobSeekerProfile; message: string };

const stored: JobSeekerProfile = {
  firstName: 'Maria',
  lastName: 'Lopez',
  email: 'maria@example.com',
  pendingEmail: null,
  phoneNumber: '+15035550123',
  dateOfBirth: '1996-02-03',
};
const renamed: Saved = { profile: { ...stored, firstName: 'Mara' }, message: ProfileMessages.profileSaved };
const moving: Saved = {
  profile: { ...stored, pendingEmail: 'mara@example.org' },
  message: ProfileMessages.emailChangeSent('mara@example.org'),
};
const taken = new ApiError('client', 409, ProfileMessages.emailTaken, [ProfileMessages.emailTaken]);
const badPhone = new ApiError('client', 400, ProfileMessages.phone, [ProfileMessages.phone], { phoneNumber: ProfileMessages.phone });

const modelEvents = [
  { type: 'xstate.done.actor.load', output: stored },
  { type: 'xstate.error.actor.load', error: new ApiError('server', 500, 'Something went wrong!!!') },
  { type: 'profile.retry' },
  { type: 'field.change', field: 'firstName', value: '' },
  { type: 'field.change', field: 'firstName', value: 'Mara' },
  { type: 'field.change', field: 'phoneNumber', value: '555-01' },
  { type: 'field.blur', field: 'firstName' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.save', output: renamed },
  { type: 'xstate.done.actor.save', output: moving },
  { type: 'xstate.error.actor.save', error: taken },
  { type: 'xstate.error.actor.save', error: badPhone },
] as unknown as EventObject[];

describe('job seeker profile machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  walkDetailsForm(jobSeekerProfile, modelEvents);
});

describe('job seeker profile rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const loaded = () => loadedDetails(jobSeekerProfile, stored);

  it('fills the form from the profile; a pending email shows what the user asked for', async () => {
    const sut = await loaded();
    expect(sut.actor.getSnapshot().context.values).toEqual({
      firstName: 'Maria',
      lastName: 'Lopez',
      email: 'maria@example.com',
      phoneNumber: '(503) 555-0123',
    });
    sut.actor.send({ type: 'form.submit' });
    await flush();
    sut.server.pending.save!.resolve(moving as never);
    await flush();
    expect(sut.actor.getSnapshot().context.values.email).toBe('mara@example.org');
    expect(sut.actor.getSnapshot().context.message).toBe(ProfileMessages.emailChangeSent('mara@example.org'));
  });

  it('saves what was typed, then tells the completion meter and whoever shows the name', async () => {
    const sut = await loaded();
    let changes = 0;
    const stop = profileChanges.subscribe(() => changes++);
    sut.actor.send({ type: 'field.change', field: 'firstName', value: 'Mara' });
    sut.actor.send({ type: 'form.submit' });
    await flush();
    expect(sut.server.saves).toEqual([{ firstName: 'Mara', lastName: 'Lopez', email: 'maria@example.com', phoneNumber: '(503) 555-0123' }]);
    expect(changes).toBe(0);
    sut.server.pending.save!.resolve(renamed as never);
    await flush();
    expect(changes).toBe(1);
    expect(sut.emitted).toEqual([{ type: 'profile.saved', ...renamed }]);
    stop();
  });

  it('does not save while a rule is unmet, and shows every unmet rule on submit', async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'field.change', field: 'phoneNumber', value: '555-01' });
    sut.actor.send({ type: 'field.change', field: 'lastName', value: ' ' });
    sut.actor.send({ type: 'form.submit' });
    await flush();
    expect(sut.server.saves).toEqual([]);
    expect(selectFieldErrors(sut.actor.getSnapshot())).toEqual({ lastName: ProfileMessages.lastName, phoneNumber: ProfileMessages.phone });
  });

  it("puts the server's word on a field next to it, and the rest in the alert", async () => {
    const sut = await loaded();
    sut.actor.send({ type: 'form.submit' });
    await flush();
    sut.server.pending.save!.reject(badPhone);
    await flush();
    expect(selectFieldErrors(sut.actor.getSnapshot()).phoneNumber).toBe(ProfileMessages.phone);
    expect(sut.actor.getSnapshot().context.error).toBeNull();
    sut.actor.send({ type: 'form.submit' });
    await flush();
    sut.server.pending.save!.reject(new TypeError('Failed to fetch'));
    await flush();
    expect(sut.actor.getSnapshot().context.error).toBe(AccountMessages.generic);
  });
});
