import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from '../../src/lib/csv.ts';
import { comparisonText, formatRate, funnelOf, metricsTable } from '../../src/lib/metrics.ts';

describe('comparisons with the range before', () => {
  it('says up or down by whole percent, on the previous days of the same length', () => {
    expect(comparisonText(112, 100, 7)).toBe('up 12% on the previous 7 days');
    expect(comparisonText(84, 100, 30)).toBe('down 16% on the previous 30 days');
    expect(comparisonText(3, 1, 1)).toBe('up 200% on the previous day');
    expect(comparisonText(1001, 1000, 366)).toBe('up 1% on the previous 366 days');
  });

  it('says the same when nothing changed, and none before when the range before had nothing', () => {
    expect(comparisonText(5, 5, 7)).toBe('the same as the previous 7 days');
    expect(comparisonText(0, 0, 7)).toBe('the same as the previous 7 days');
    expect(comparisonText(4, 0, 7)).toBe('none in the previous 7 days');
    expect(comparisonText(0, 9, 7)).toBe('down 100% on the previous 7 days');
  });
});

describe('the funnel', () => {
  it('gives each step the share of the step before, and no share after a step of 0', () => {
    const steps = funnelOf({ impressions: 700, clicks: 70, applicationStarts: 21, applications: 14, messagesStarted: 3 });
    expect(steps.map((s) => [s.name, s.count, formatRate(s.rate)])).toEqual([
      ['Impressions', 700, '—'],
      ['Views', 70, '10%'],
      ['Application starts', 21, '30%'],
      ['Applications', 14, '66.7%'],
    ]);
    expect(funnelOf({ impressions: 0, clicks: 0, applicationStarts: 0, applications: 0, messagesStarted: 0 }).map((s) => s.rate)).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('tables and CSV', () => {
  it('lays the days out as rows, dates MM-DD-YYYY, a column per measure', () => {
    const points = [
      { date: '2025-03-11', impressions: 10, clicks: 2, applicationStarts: 1, applications: 0, messagesStarted: 0 },
      { date: '2025-03-12', impressions: 12, clicks: 3, applicationStarts: 0, applications: 1, messagesStarted: 1 },
    ];
    const table = metricsTable(points, ['clicks', 'applications']);
    expect(table).toEqual({
      header: ['Date', 'Views', 'Applications'],
      rows: [
        ['03-11-2025', 2, 0],
        ['03-12-2025', 3, 1],
      ],
    });
    expect(toCsv(table.header, table.rows)).toBe('Date,Views,Applications\r\n03-11-2025,2,0\r\n03-12-2025,3,1\r\n');
  });

  it('quotes what needs quoting and keeps formulas as text', () => {
    expect(csvCell('Nurse, Night Shift')).toBe('"Nurse, Night Shift"');
    expect(csvCell('The "best" job')).toBe('"The ""best"" job"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('-12')).toBe("'-12");
    expect(csvCell(-12)).toBe('-12');
  });
});
