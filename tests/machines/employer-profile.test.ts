import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventObject } from 'xstate';
import { AccountMessages } from '../../src/contract/account.ts';
import { CompanyMessages } from '../../src/contract/company.ts';
import type { Employer } from '../../src/contract/employer.ts';
import { ProfileMessages } from '../../src/contract/jobseeker.ts';
import { employerProfile, selectFieldErrors } from '../../src/machines/company/employer-profile.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import { sampleEmployer } from '../../src/views/company/stories-support.tsx';
import { loadedDetails, walkDetailsForm } from '../support/client/details-form.ts';
import { flush } from '../support/client/model.ts';

type Saved = { profile: Employer; message: string };

const renamed: Saved = { profile: { ...sampleEmployer, firstName: 'Robyn' }, message: CompanyMessages.employerSaved };
const badPhone = new ApiError('client', 400, ProfileMessages.phone, [ProfileMessages.phone], { phoneNumber: ProfileMessages.phone });

const modelEvents = [
  { type: 'xstate.done.actor.load', output: sampleEmployer },
  { type: 'xstate.error.actor.load', error: new ApiError('server', 500, 'Something went wrong!!!') },
  { type: 'profile.retry' },
  { type: 'field.change', field: 'firstName', value: '' },
  { type: 'field.change', field: 'phoneNumber', value: '' },
  { type: 'field.change', field: 'phoneNumber', value: '555-01' },
  { type: 'field.blur', field: 'phoneNumber' },
  { type: 'form.submit' },
  { type: 'xstate.done.actor.save', output: renamed },
  { type: 'xstate.error.actor.save', error: badPhone },
  { type: 'xstate.error.actor.save', error: new TypeError('Failed to fetch') },
] as unknown as EventObject[];

describe('employer profile machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  walkDetailsForm(employerProfile, modelEvents);
});

describe('employer profile rules', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fills the form with the phone as people write it; an empty phone is allowed; the session hears of a save', async () => {
    const sut = await loadedDetails(employerProfile, sampleEmployer);
    expect(sut.actor.getSnapshot().context.values).toEqual({ firstName: 'Robin', lastName: 'Hale', phoneNumber: '(360) 555-0142' });
    sut.actor.send({ type: 'field.change', field: 'phoneNumber', value: '' });
    sut.actor.send({ type: 'form.submit' });
    await flush();
    expect(sut.server.saves).toEqual([{ firstName: 'Robin', lastName: 'Hale', phoneNumber: '' }]);
    sut.server.pending.save!.resolve(renamed as never);
    await flush();
    expect(sut.emitted).toEqual([{ type: 'profile.saved', ...renamed }]);
  });

  it('does not save an invalid name or phone', async () => {
    const sut = await loadedDetails(employerProfile, sampleEmployer);
    sut.actor.send({ type: 'field.change', field: 'lastName', value: ' ' });
    sut.actor.send({ type: 'field.change', field: 'phoneNumber', value: '555-01' });
    sut.actor.send({ type: 'form.submit' });
    await flush();
    expect(sut.server.saves).toEqual([]);
    expect(selectFieldErrors(sut.actor.getSnapshot())).toEqual({ lastName: AccountMessages.lastName, phoneNumber: ProfileMessages.phone });
  });
});
