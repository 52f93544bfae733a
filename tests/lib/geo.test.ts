import { describe, expect, it } from 'vitest';
import { haversineMiles } from '../../src/lib/geo.ts';

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
