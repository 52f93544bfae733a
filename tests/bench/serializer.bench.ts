import { bench, describe } from 'vitest';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../src/contract/envelope.ts';
import { searchPageSchema } from '../../src/contract/search.ts';
import { ok } from '../../server/http/envelope.ts';
import { serializerCompiler } from '../../server/http/serializer.ts';
import { GROUP, itemsFrom, pinOf, pinsOf, searchPage } from '../support/search-data.ts';

// A search's first page as the busiest call answers it: 20 jobs and the map's pins.
const schema = envelopeOf(searchPageSchema);
const answer = ok(searchPage(itemsFrom(1, 20), 1000, 1, pinsOf([...Array.from({ length: 40 }, (_, i) => pinOf(i + 1)), GROUP])), 200);
const route = { schema, method: 'POST', url: '/api/JobSeeker/enhanced-search', httpStatus: '200' };
const ours = serializerCompiler(route as never);
const zods = zodSerializerCompiler(route as never);

describe('writing a search page of 20 jobs with pins', () => {
  bench('one-pass writer from the contract', () => {
    ours(answer);
  });
  bench("zod's serializer (checked copy, then JSON.stringify)", () => {
    zods(answer);
  });
});
