import { describe, expect, it } from 'vitest';
import { Postings } from '../../server/jobs/search-index/store.ts';

/** Each entry as its slot, rank and positions. */
function entries(p: Postings) {
  return Array.from({ length: p.length }, (_, i) => {
    const from = p.start(i);
    const to = p.end(from);
    const positions = p.positions[from] === 0xffff ? [] : [...p.positions.subarray(from, to)].map((v) => v & 0x7fff);
    return { slot: p.items[i]!, rank: p.ranks[i]!, positions };
  });
}

describe('the postings of a lexeme', () => {
  const made = () => {
    const p = new Postings();
    const want: { slot: number; rank: number; positions: number[] }[] = [];
    for (let slot = 0; slot < 100; slot++) {
      const positions = slot % 7 === 3 ? [] : Array.from({ length: 1 + (slot % 4) }, (_, j) => 1 + slot + j * 100);
      const rank = Math.fround(slot / 10);
      p.add(slot, rank, positions);
      want.push({ slot, rank, positions });
    }
    return { p, want };
  };

  it('keeps each entry’s positions, past the first blocks of entries', () => {
    const { p, want } = made();
    expect(entries(p)).toEqual(want);
    expect(p.indexOf(57)).toBe(57);
    expect(p.indexOf(100)).toBe(-1);
  });

  it('carries ranks and positions along when the slots are renumbered, dropping unmapped ones', () => {
    const { p, want } = made();
    // Reversed, and slot 10 dropped.
    const map = Uint32Array.from({ length: 100 }, (_, s) => (s === 10 ? 0xffffffff : 1000 - s));
    p.remap(map);
    const expected = want
      .filter((e) => e.slot !== 10)
      .map((e) => ({ ...e, slot: 1000 - e.slot }))
      .sort((a, b) => a.slot - b.slot);
    expect(entries(p)).toEqual(expected);
    expect(p.indexOf(1000 - 57)).toBe(expected.findIndex((e) => e.slot === 1000 - 57));
    // Still growable after.
    p.add(2000, 1, [5, 9]);
    expect(entries(p).at(-1)).toEqual({ slot: 2000, rank: 1, positions: [5, 9] });
  });
});
