import { z } from 'zod';
import { emailSchema, jobSeekerProfileSchema } from './account.ts';
import { endpoint } from './endpoint.ts';
import { ProfileMessages, requiredName } from './jobseeker.ts';
import { phoneNumberSchema } from './phone.ts';

/** The job seeker's personal details (spec 2 §3 "Job seeker profile"). */
export const updateProfileSchema = z.object({
  firstName: requiredName(ProfileMessages.firstName),
  lastName: requiredName(ProfileMessages.lastName),
  email: emailSchema,
  phoneNumber: phoneNumberSchema,
});
export type UpdateProfileRequest = z.input<typeof updateProfileSchema>;

export const updateProfile = endpoint({
  method: 'POST',
  path: '/api/Account/UpdateProfile',
  auth: ['JobSeeker'],
  tag: 'jobseeker',
  summary: 'Update name, phone and email (a new email is confirmed by a link first)',
  body: updateProfileSchema,
  response: jobSeekerProfileSchema,
});
