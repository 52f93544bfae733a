import { describe, expect, it } from 'vitest';
import { companyDetailsInputSchema, CompanyMessages } from '../../src/contract/company.ts';
import { formatDisplayDate } from '../../src/lib/dates.ts';
import { cityState, placeOf } from '../../src/lib/places.ts';
import { normaliseWebsite } from '../../src/lib/website.ts';

describe('a company website', () => {
  it.each([
    ['example.com', 'https://example.com'],
    ['  Example.COM/  ', 'https://example.com'],
    ['https://Careers.Example.com/Jobs?team=ops#top', 'https://careers.example.com/Jobs?team=ops'],
    ['HTTPS://example.com:443/', 'https://example.com'],
    ['//example.org/about', 'https://example.org/about'],
    ['example.com:8443/x', 'https://example.com:8443/x'],
    ['bücher.example', 'https://xn--bcher-kva.example'],
  ])('%s becomes %s', (typed, url) => {
    expect(normaliseWebsite(typed)).toEqual({ ok: true, url });
  });

  it.each([
    ['http://example.com', 'insecure'],
    ['Http://example.com', 'insecure'],
    ['javascript:alert(1)', 'invalid'],
    ['JAVASCRIPT:alert(1)', 'invalid'],
    ['data:text/html,hi', 'invalid'],
    ['mailto:jobs@example.com', 'invalid'],
    ['https://user:pw@example.com', 'invalid'],
    ['https://127.0.0.1', 'invalid'],
    ['https://[::1]/', 'invalid'],
    ['localhost', 'invalid'],
    ['exa mple.com', 'invalid'],
    ['https://-bad-.com', 'invalid'],
    [`example.com/${'x'.repeat(200)}`, 'too-long'],
  ])('%s is refused as %s', (typed, problem) => {
    expect(normaliseWebsite(typed)).toEqual({ ok: false, problem });
  });

  it('is checked by the contract with the product messages, empty meaning none', () => {
    const parse = (website: string) => companyDetailsInputSchema.safeParse({ companyName: 'Hale Freight', website });
    expect(parse('').data?.website).toBeNull();
    expect(parse('hale.example.com').data?.website).toBe('https://hale.example.com');
    expect(parse('http://hale.example.com').error?.issues[0]?.message).toBe(CompanyMessages.websiteInsecure);
    expect(parse('javascript:alert(1)').error?.issues[0]?.message).toBe(CompanyMessages.website);
  });
});

describe('a place from the location search', () => {
  const result = (freeformAddress: string, state = 'Washington') => ({
    id: 'x',
    address: { freeformAddress, countrySubdivisionName: state },
    position: { lat: 45.6, lng: -122.6 },
  });

  it.each([
    ['Vancouver, WA', 'Vancouver', 'WA'],
    ['98660 Vancouver, WA', 'Vancouver', 'WA'],
    ['1200 Main St, Vancouver, WA 98660', 'Vancouver', 'WA'],
    ['Somewhere', null, null],
  ])('%s is in %s, %s', (text, city, state) => {
    expect(placeOf(result(text))).toEqual({ address: text, city, state, latitude: 45.6, longitude: -122.6 });
  });

  it('reads as city and state', () => {
    expect(cityState({ city: 'Vancouver', state: 'WA' })).toBe('Vancouver, WA');
    expect(cityState({ city: null, state: 'WA' })).toBe('WA');
  });
});

describe('display dates', () => {
  it('are month-day-year (spec 2 §9)', () => {
    expect(formatDisplayDate('2024-03-05T17:00:00.000Z')).toMatch(/^03-0[56]-2024$/);
    expect(formatDisplayDate(null)).toBe('');
    expect(formatDisplayDate('not a date')).toBe('');
  });
});
