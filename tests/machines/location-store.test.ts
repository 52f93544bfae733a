import { describe, expect, it } from 'vitest';
import { toPermissionRecord, toUserLocation } from '../../src/services/location-store.ts';

// What the browser keeps can be anything (an older version's record, a hand edit): the location
// prompt reads only well formed records, with their own fields.

describe('stored permission record', () => {
  it('reads a well formed record, the choice possibly not made', () => {
    expect(toPermissionRecord({ state: 'prompt', userChoice: 'skipped', timestamp: 1700000000000 })).toEqual({
      state: 'prompt',
      userChoice: 'skipped',
      timestamp: 1700000000000,
    });
    expect(toPermissionRecord({ state: 'granted', userChoice: null, timestamp: 1, extra: true })).toEqual({
      state: 'granted',
      userChoice: null,
      timestamp: 1,
    });
  });

  it.each([
    ['not an object', 'granted'],
    ['null', null],
    ['an unknown state', { state: 'maybe', userChoice: null, timestamp: 1 }],
    ['an unknown choice', { state: 'prompt', userChoice: 'later', timestamp: 1 }],
    ['no choice at all', { state: 'prompt', timestamp: 1 }],
    ['a timestamp that is text', { state: 'prompt', userChoice: null, timestamp: '1' }],
  ])('ignores %s', (_, value) => {
    expect(toPermissionRecord(value)).toBeNull();
  });
});

describe('stored place', () => {
  it('reads a well formed place, with its radius when it has one', () => {
    expect(toUserLocation({ lat: 45.5, lng: -122.6, address: 'Portland, OR', source: 'search' })).toEqual({
      lat: 45.5,
      lng: -122.6,
      address: 'Portland, OR',
      source: 'search',
    });
    expect(toUserLocation({ lat: -90, lng: 180, address: 'Edge', source: 'default', radius: 10, note: 'x' })).toEqual({
      lat: -90,
      lng: 180,
      address: 'Edge',
      source: 'default',
      radius: 10,
    });
  });

  it.each([
    ['a latitude out of range', { lat: 91, lng: 0, address: 'x', source: 'gps' }],
    ['a longitude out of range', { lat: 0, lng: -181, address: 'x', source: 'gps' }],
    ['coordinates that are text', { lat: '45', lng: '-122', address: 'x', source: 'gps' }],
    ['no address', { lat: 45, lng: -122, source: 'gps' }],
    ['an unknown source', { lat: 45, lng: -122, address: 'x', source: 'guess' }],
    ['a radius that is text', { lat: 45, lng: -122, address: 'x', source: 'gps', radius: '10' }],
    ['an array', [45, -122]],
  ])('ignores %s', (_, value) => {
    expect(toUserLocation(value)).toBeNull();
  });
});
