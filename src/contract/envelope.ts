import { z } from 'zod';
import { documentedCodes, outcomeCodeList, outcomeCodes } from './outcome-codes.ts';

/** An outcome code: in the OpenAPI document, the enum with each code's status and meaning (also as `x-enumDescriptions`). */
export const outcomeCodeSchema = z.enum(outcomeCodeList).meta({
  description: `The outcome, for the client to branch on (present on every refusal or outcome a client tells apart):\n${documentedCodes()}`,
  'x-enumDescriptions': Object.fromEntries(
    outcomeCodeList.map((code) => [code, `${outcomeCodes[code].status}: ${outcomeCodes[code].when}`]),
  ),
});

export const apiStateSchema = z.object({
  status: z.number().int(),
  hasError: z.boolean(),
  hasData: z.boolean(),
  /** Readable messages, one per failed field for validation errors. */
  errors: z.array(z.string()),
  /** The same messages keyed by field path, so a form can place them. */
  fieldErrors: z.record(z.string(), z.string()).optional(),
  /** What came of the request, where a client tells outcomes apart (see outcome-codes.ts). */
  code: outcomeCodeSchema.optional(),
});
export type ApiState = z.infer<typeof apiStateSchema>;

/** Every response of the API has this shape. `request` carries a follow-up the client must act on. */
export const envelopeSchema = z.object({
  data: z.unknown(),
  state: apiStateSchema,
  success: z.boolean(),
  message: z.string(),
  request: z.unknown().optional(),
});
export type Envelope<T = unknown> = Omit<z.infer<typeof envelopeSchema>, 'data'> & { data: T };

export function envelopeOf<T extends z.ZodType>(data: T) {
  return envelopeSchema.extend({ data });
}

export const GENERIC_ERROR = 'Something went wrong. Please try again.';
