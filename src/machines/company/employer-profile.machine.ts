import { CompanyMessages } from '../../contract/company.ts';
import { modifyEmployerSchema, type Employer } from '../../contract/employer.ts';
import { readablePhone } from '../../lib/phone.ts';
import { employerService } from '../../services/employer.ts';
import { defineDetailsForm } from '../details-form.machine.ts';

export const employerFields = ['firstName', 'lastName', 'phoneNumber'] as const;
export type EmployerField = (typeof employerFields)[number];

/**
 * The employer's own details (spec 2 §7 GetEmployer, ModifyEmployer): name and phone, with the
 * contract's rules; a save tells the session (the name in the navigation).
 */
export const employerProfile = defineDetailsForm({
  id: 'employerProfile',
  fields: employerFields,
  schema: modifyEmployerSchema,
  valuesOf: (e: Employer) => ({
    firstName: e.firstName,
    lastName: e.lastName,
    phoneNumber: readablePhone(e.phoneNumber),
  }),
  savedMessage: CompanyMessages.employerSaved,
  services: {
    load: (signal) => employerService.employer(signal),
    save: (values, signal) => employerService.modifyEmployer(values, signal),
  },
});

export const { machine: employerProfileMachine, selectFieldErrors, selectCanSubmit } = employerProfile;
