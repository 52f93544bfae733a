import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelopeOf } from '../../src/contract/envelope.ts';
import { searchPageSchema } from '../../src/contract/search.ts';
import { jobPostListItemSchema } from '../../src/contract/posting.ts';
import { ok } from '../../server/http/envelope.ts';
import { ResponseShapeError, writeJson } from '../../server/http/serializer.ts';
import { GROUP, itemsFrom, pinOf, pinsOf, searchItem, searchPage } from '../support/search-data.ts';

/** What zod's own serializer wrote: the checked copy, then JSON.stringify. */
const byZod = (schema: z.ZodType, value: unknown) => JSON.stringify(z.encode(schema, value));

describe('the answer writer', () => {
  it('writes a search page exactly as zod did, saved, remote and boosted jobs and the map included', () => {
    const items = [
      ...itemsFrom(1, 18),
      searchItem(19, { distanceMiles: null, isRemote: true, userActions: { isSaved: true } }),
      searchItem(20, { isBoosted: true }),
    ];
    const page = searchPage(items, 1234, 1, pinsOf([pinOf(1), GROUP]));
    const schema = envelopeOf(searchPageSchema);
    const answer = ok(page, 200);
    expect(writeJson(schema, answer)).toBe(byZod(schema, answer));
    expect(JSON.parse(writeJson(schema, answer))).toEqual(answer);
  });

  it('writes only the keys the contract names, so nothing internal leaves the server', () => {
    const schema = z.object({ name: z.string(), company: z.object({ id: z.string() }) });
    const written = writeJson(schema, { name: 'Nurse', passwordHash: 'x', company: { id: 'c1', stripeSecret: 'sk' } });
    expect(written).toBe('{"name":"Nurse","company":{"id":"c1"}}');
  });

  it('leaves out absent optional values and writes null for nullable ones', () => {
    const schema = z.object({ a: z.string().optional(), b: z.number().nullable(), c: z.unknown().optional(), d: z.boolean() });
    expect(writeJson(schema, { b: null, d: false })).toBe('{"b":null,"d":false}');
    expect(writeJson(schema, { a: 'x', b: 2.5, c: { any: [1] }, d: true })).toBe('{"a":"x","b":2.5,"c":{"any":[1]},"d":true}');
  });

  it('escapes strings as JSON does', () => {
    const text = 'line "one"\n\\ </script> \u2028 ✓';
    expect(JSON.parse(writeJson(z.object({ text: z.string() }), { text }))).toEqual({ text });
  });

  it('refuses an answer that does not match, naming where', () => {
    const schema = z.object({ items: z.array(z.object({ count: z.number().int(), kind: z.enum(['a', 'b']) })) });
    expect(() =>
      writeJson(schema, {
        items: [
          { count: 1, kind: 'a' },
          { count: 1.5, kind: 'a' },
        ],
      }),
    ).toThrow(new ResponseShapeError('/items/1/count'));
    expect(() => writeJson(schema, { items: [{ count: 1, kind: 'c' }] })).toThrow(ResponseShapeError);
    expect(() => writeJson(schema, { items: [{ kind: 'a' }] })).toThrow(ResponseShapeError);
    expect(() => writeJson(schema, { items: 'none' })).toThrow(ResponseShapeError);
    expect(() => writeJson(z.object({ n: z.number() }), { n: Number.NaN })).toThrow(ResponseShapeError);
    expect(() => writeJson(z.object({ s: z.string() }), { s: 5 })).toThrow(ResponseShapeError);
    expect(() => writeJson(z.object({ b: z.boolean() }), { b: 'true' })).toThrow(ResponseShapeError);
  });

  it("runs the schema's own checks: bounds, lengths and refinements", () => {
    const schema = envelopeOf(searchPageSchema);
    const page = (cluster: object) => ok(searchPage(itemsFrom(1, 2), 2, 1, { zoom: 13, clusters: [cluster as never], total: 2 }), 200);
    // A cluster names its job exactly when it holds one job (a refinement of the map's contract).
    expect(() => writeJson(schema, page({ ...GROUP, jobId: 'job-1' }))).toThrow(new ResponseShapeError('/data/pins/clusters/0'));
    expect(() => writeJson(schema, page({ ...GROUP, latitude: 91 }))).toThrow(new ResponseShapeError('/data/pins/clusters/0/latitude'));
    expect(() => writeJson(schema, page({ ...GROUP, count: 0 }))).toThrow(ResponseShapeError);
    expect(() => writeJson(schema, page({ ...GROUP, id: '' }))).toThrow(ResponseShapeError);
    expect(writeJson(z.object({ name: z.string().trim().max(3) }), { name: '  abc ' })).toBe('{"name":"abc"}');
  });

  it('checks formats, bounds, lengths, unions, records and strict objects as zod does', () => {
    const schema = z.object({
      at: z.iso.datetime(),
      email: z.email(),
      score: z.number().min(0).max(10),
      either: z.union([z.string(), z.number()]),
      byField: z.record(z.string(), z.string()),
      tags: z.array(z.string()).max(2),
      strict: z.strictObject({ x: z.number() }),
    });
    const good = {
      at: '2026-01-02T03:04:05.000Z',
      email: 'a@b.co',
      score: 3,
      either: 4,
      byField: { name: 'Required' },
      tags: ['x'],
      strict: { x: 1 },
    };
    expect(writeJson(schema, good)).toBe(byZod(schema, good));
    for (const bad of [
      { at: 'yesterday' },
      { email: 'nope' },
      { score: 11 },
      { either: true },
      { byField: { a: 1 } },
      { tags: ['a', 'b', 'c'] },
      { strict: { x: 1, y: 2 } },
    ]) {
      expect(() => writeJson(schema, { ...good, ...bad })).toThrow(ResponseShapeError);
    }
  });

  it('writes every job list item field the contract has', () => {
    const item = searchItem(7);
    const written = JSON.parse(writeJson(jobPostListItemSchema, item)) as Record<string, unknown>;
    expect(Object.keys(written).sort()).toEqual(
      Object.keys(jobPostListItemSchema.shape)
        .filter((k) => (item as Record<string, unknown>)[k] !== undefined)
        .sort(),
    );
  });
});
