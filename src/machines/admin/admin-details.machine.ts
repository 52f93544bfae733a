import { AdminMessages } from '../../contract/admin.ts';
import { updateAdminDetailsSchema, type AdminDetails } from '../../contract/admin-details.ts';
import { readablePhone } from '../../lib/phone.ts';
import { adminDetailsService } from '../../services/admin-details.ts';
import { defineDetailsForm } from '../details-form.machine.ts';

export const adminDetailFields = ['firstName', 'lastName', 'phoneNumber'] as const;
export type AdminDetailField = (typeof adminDetailFields)[number];

/** The administrator's details as the form shows them. */
export const adminDetailValuesOf = (d: AdminDetails): Record<AdminDetailField, string> => ({
  firstName: d.firstName,
  lastName: d.lastName,
  phoneNumber: readablePhone(d.phoneNumber),
});

/**
 * The SuperAdmin's own details (GET GetAdminDetails, POST UpdateAdminDetails): first name, last
 * name and phone, checked with the contract's rules, saved; a save tells the session (the name in
 * the navigation).
 */
export const adminDetails = defineDetailsForm({
  id: 'adminDetails',
  fields: adminDetailFields,
  schema: updateAdminDetailsSchema,
  valuesOf: adminDetailValuesOf,
  savedMessage: AdminMessages.detailsSaved,
  services: {
    load: (signal) => adminDetailsService.details({ signal }),
    save: async (values, signal) => {
      const res = await adminDetailsService.updateDetails(values, { signal });
      return { data: res.data.details, message: res.data.message || res.message };
    },
  },
});

export const { machine: adminDetailsMachine, selectFieldErrors, selectCanSubmit } = adminDetails;
