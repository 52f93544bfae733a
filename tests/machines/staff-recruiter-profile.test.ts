import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventObject } from 'xstate';
import { AccountMessages } from '../../src/contract/account.ts';
import { StaffMessages, type RecruiterProfile } from '../../src/contract/staff.ts';
import { recruiterProfile, selectFieldErrors } from '../../src/machines/staff/recruiter-profile.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { loadedDetails, stubbedDetails, walkDetailsForm } from '../support/client/details-form.ts';
import { flush } from '../support/client/model.ts';

type Saved = { profile: RecruiterProfile; message: string };

const stored: RecruiterProfile = {
  email: 'casey@example.com',
  firstName: 'Casey',
  lastName: 'Nguyen',
  jobTitle: 'Talent Partner',
  phoneNumber: '+15035550123',
  company: { id: 'c-1', name: 'Northwind Traders' },
};
const renamed: Saved = { profile: { ...stored, firstName: 'Cass' }, message: StaffMessages.profileSaved };
const invalidData = new ApiError('invalid-response', 200, StaffMessages.invalidData);
const badPhone = new ApiError('client', 400, StaffMessages.phone, [StaffMessages.phone], { phoneNumber: StaffMessages.phone });
const failed = new ApiError('server', 500, 'Something went wrong!!!');

const modelEvents = [
  { type: 'xstate.done.actor.load', output: stored },
  { type: 'xstate.error.actor.load', error: invalidData },
  { type: 'profile.retry' },
  { type: 'field.change', field: 'firstName', value: '' },
  { type: 'field.change', field: 'firstName', value: 'Cass' },
  { type: 'field.blur', field: 'firstName' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.save', output: renamed },
  { type: 'xstate.error.actor.save', error: badPhone },
  { type: 'xstate.error.actor.save', error: failed },
] as unknown as EventObject[];

describe('recruiter profile machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  walkDetailsForm(recruiterProfile, modelEvents);
});

describe('recruiter profile rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('says "Invalid recruiter data received" when the answer does not fit, and reads again on retry', async () => {
    const sut = stubbedDetails(recruiterProfile);
    sut.server.pending.load!.reject(invalidData);
    await flush();
    expect(sut.actor.getSnapshot().context.loadError).toBe('Invalid recruiter data received');
    sut.actor.send({ type: 'profile.retry' });
    await flush();
    expect(sut.server.loads).toBe(2);
    expect(sut.actor.getSnapshot().context.loadError).toBeNull();
  });

  it('fills the form from the details and saves what was typed, then announces it', async () => {
    const sut = await loadedDetails(recruiterProfile, stored);
    expect(sut.actor.getSnapshot().context.values).toEqual({
      firstName: 'Casey',
      lastName: 'Nguyen',
      jobTitle: 'Talent Partner',
      phoneNumber: '(503) 555-0123',
    });
    sut.actor.send({ type: 'field.change', field: 'firstName', value: 'Cass' });
    sut.actor.send({ type: 'form.submit' });
    await flush();
    expect(sut.server.saves).toEqual([
      { firstName: 'Cass', lastName: 'Nguyen', jobTitle: 'Talent Partner', phoneNumber: '(503) 555-0123' },
    ]);
    sut.server.pending.save!.resolve(renamed as never);
    await flush();
    expect(sut.emitted).toEqual([{ type: 'profile.saved', ...renamed }]);
    expect(sut.actor.getSnapshot().context.message).toBe(StaffMessages.profileSaved);
  });

  it('puts a field’s refusal next to it and a general one in the alert', async () => {
    const sut = await loadedDetails(recruiterProfile, stored);
    sut.actor.send({ type: 'form.submit' });
    await flush();
    sut.server.pending.save!.reject(badPhone);
    await flush();
    expect(selectFieldErrors(sut.actor.getSnapshot()).phoneNumber).toBe(StaffMessages.phone);
    sut.actor.send({ type: 'form.submit' });
    await flush();
    sut.server.pending.save!.reject(new TypeError('Failed to fetch'));
    await flush();
    expect(sut.actor.getSnapshot().context.error).toBe(AccountMessages.generic);
  });
});
