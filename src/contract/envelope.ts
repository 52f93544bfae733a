import { z } from 'zod';
import { outcomeCodeList } from './outcome-codes.ts';

/** An outcome code. The server's API docs describe each (describeOutcomeCodes in outcome-code-meanings.ts). */
export const outcomeCodeSchema = z.enum(outcomeCodeList);

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
