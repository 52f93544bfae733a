import type { JobSeekerProfile } from '../../contract/account.ts';
import { ProfileMessages } from '../../contract/jobseeker.ts';
import { updateProfileSchema } from '../../contract/jobseeker-profile.ts';
import { readablePhone } from '../../lib/phone.ts';
import { jobSeekerProfileService } from '../../services/jobseeker-profile.ts';
import { defineDetailsForm } from '../details-form.machine.ts';

export const profileFields = ['firstName', 'lastName', 'email', 'phoneNumber'] as const;
export type ProfileField = (typeof profileFields)[number];

/**
 * The job seeker's personal details (spec 2 §3 "Job seeker profile"): loaded, edited with the
 * contract's rules, saved; a save tells the completion meter and the session (the name in the
 * navigation).
 */
export const jobSeekerProfile = defineDetailsForm({
  id: 'jobSeekerProfile',
  fields: profileFields,
  schema: updateProfileSchema,
  valuesOf: (p: JobSeekerProfile) => ({
    firstName: p.firstName,
    lastName: p.lastName,
    // A pending change shows what the user asked for; the current address stays in force meanwhile.
    email: p.pendingEmail ?? p.email,
    phoneNumber: readablePhone(p.phoneNumber),
  }),
  savedMessage: ProfileMessages.profileSaved,
  countsToCompletion: true,
  services: {
    load: (signal) => jobSeekerProfileService.profile(signal),
    save: (values, signal) => jobSeekerProfileService.updateProfile(values, signal),
  },
});

export const { machine: profileMachine, selectFieldErrors, selectCanSubmit } = jobSeekerProfile;
