import * as ep from '../contract/employer.ts';
import type { ModifyEmployerInput } from '../contract/employer.ts';
import { call } from './http.ts';

type Signal = AbortSignal | undefined;

/** The employer's own details (spec 2 §7 GetEmployer, ModifyEmployer). */
export const employerService = {
  employer: (signal?: Signal) => call(ep.getEmployer, {}, { signal }),
  modifyEmployer: (body: ModifyEmployerInput, signal?: Signal) => call(ep.modifyEmployer, { body }, { signal }),
};
