import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { AccountMessages } from './account.ts';
import { phoneNumberSchema } from './phone.ts';

// The employer's own details (spec 2 §7 GetEmployer, ModifyEmployer). Apart from company.ts, so the
// company pages do not load the phone number rules.

const tag = 'company';
const employer = ['Employer'] as const;

/** Empty text is "not given". */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

const personName = (message: string) => z.string({ error: message }).trim().min(1, message).max(100, message);

export const employerSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** E.164, e.g. +15035550123. */
  phoneNumber: z.string().nullable(),
  company: z.object({ id: z.string(), name: z.string() }),
});
export type Employer = z.infer<typeof employerSchema>;

export const modifyEmployerSchema = z.object({
  firstName: personName(AccountMessages.firstName),
  lastName: personName(AccountMessages.lastName),
  /** Optional; empty removes it. */
  phoneNumber: z.preprocess(blankToNull, phoneNumberSchema.nullable()).optional(),
});
export type ModifyEmployerInput = z.input<typeof modifyEmployerSchema>;

export const getEmployer = endpoint({
  method: 'GET',
  path: '/api/Employer/GetEmployer',
  auth: employer,
  tag,
  summary: "The employer's own details and company",
  response: employerSchema,
});

export const modifyEmployer = endpoint({
  method: 'POST',
  path: '/api/Employer/ModifyEmployer',
  auth: employer,
  tag,
  summary: "Change the employer's own name and phone number",
  body: modifyEmployerSchema,
  response: employerSchema,
});
