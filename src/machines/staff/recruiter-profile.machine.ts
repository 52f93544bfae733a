import { recruiterDetailsSchema, StaffMessages, type RecruiterProfile } from '../../contract/staff.ts';
import { staffService } from '../../services/staff.ts';
import { defineDetailsForm } from '../details-form.machine.ts';
import { detailFields, detailValuesOf } from './edit-recruiter.machine.ts';

/**
 * The recruiter's own details (spec 2 §7 GetRecruiter, UpdateRecruiter): loaded, edited with the
 * contract's rules, saved; a save tells the session (the name in the navigation). An answer that
 * does not fit the contract says so ("Invalid recruiter data received").
 */
export const recruiterProfile = defineDetailsForm({
  id: 'recruiterProfile',
  fields: detailFields,
  schema: recruiterDetailsSchema,
  valuesOf: (p: RecruiterProfile) => detailValuesOf(p),
  savedMessage: StaffMessages.profileSaved,
  services: {
    load: (signal) => staffService.recruiter(signal),
    save: (values, signal) => staffService.updateRecruiter(values, signal),
  },
});

export const { machine: recruiterProfileMachine, selectFieldErrors, selectCanSubmit } = recruiterProfile;
