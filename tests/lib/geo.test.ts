import { describe, expect, it } from 'vitest';
import { circleBounds, haversineMiles, inBox } from '../../src/lib/geo.ts';

describe('great-circle distance', () => {
  it('is zero for one point and symmetric', () => {
    expect(haversineMiles(45.628, -122.6739, 45.628, -122.6739)).toBe(0);
    expect(haversineMiles(45.628, -122.6739, 47.6062, -122.3321)).toBeCloseTo(haversineMiles(47.6062, -122.3321, 45.628, -122.6739), 9);
  });

  it('measures known distances: Vancouver WA to Seattle about 137 miles, New York to Los Angeles about 2,445', () => {
    expect(haversineMiles(45.628, -122.6739, 47.6062, -122.3321)).toBeCloseTo(137.5, 0);
    expect(haversineMiles(40.7128, -74.006, 34.0522, -118.2437)).toBeGreaterThan(2440);
    expect(haversineMiles(40.7128, -74.006, 34.0522, -118.2437)).toBeLessThan(2450);
  });
});

describe('the box around a search circle', () => {
  /** A seeded source, so a failure can be replayed. */
  function random(seed: number) {
    let s = seed >>> 0;
    return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  }

  it('holds every point within the radius, anywhere on Earth (poles and the 180th meridian too)', () => {
    const next = random(7);
    const centres = [
      [45.628, -122.6739],
      [0, 179.9],
      [0, -179.95],
      [89.5, 10],
      [-89.9, -60],
      [64.8, -147.7],
      ...Array.from({ length: 60 }, () => [next() * 180 - 90, next() * 360 - 180]),
    ] as const;
    for (const [lat, lng] of centres) {
      for (const miles of [1, 10, 25, 500]) {
        const box = circleBounds(lat, lng, miles);
        for (let i = 0; i < 400; i++) {
          const pLat = Math.max(-90, Math.min(90, lat + (next() - 0.5) * (miles / 20)));
          let pLng = lng + (next() - 0.5) * (miles / 10);
          if (pLng > 180) pLng -= 360;
          if (pLng < -180) pLng += 360;
          if (haversineMiles(lat, lng, pLat, pLng) <= miles)
            expect(inBox(box, pLat, pLng), `${lat},${lng} r${miles}: ${pLat},${pLng}`).toBe(true);
        }
      }
    }
  });

  it('is tight: its edges are the circle’s northmost, southmost and widest points', () => {
    const box = circleBounds(45.628, -122.6739, 10);
    expect(haversineMiles(45.628, -122.6739, box.north, -122.6739)).toBeCloseTo(10, 6);
    expect(haversineMiles(45.628, -122.6739, box.south, -122.6739)).toBeCloseTo(10, 6);
    // The widest longitude is reached a little north of the centre's latitude; there the distance is 10.
    const widest = (lat: number) => haversineMiles(45.628, -122.6739, lat, box.east);
    const best = Math.min(...Array.from({ length: 2001 }, (_, i) => widest(45.628 + (i - 1000) * 0.0001)));
    expect(best).toBeCloseTo(10, 3);
  });

  it('crosses the 180th meridian with its west edge east of its east edge, and takes every longitude at a pole', () => {
    const across = circleBounds(0, 179.9, 50);
    expect(across.west).toBeGreaterThan(across.east);
    expect(inBox(across, 0, -179.8)).toBe(true);
    expect(inBox(across, 0, 0)).toBe(false);
    expect(circleBounds(89.9, 0, 25)).toMatchObject({ west: -180, east: 180, north: 90 });
  });
});
