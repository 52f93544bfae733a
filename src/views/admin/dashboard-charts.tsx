import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useId, useState } from 'react';
import type { AdminDashboard } from '../../contract/admin.ts';
import { toCsv } from '../../lib/csv.ts';
import { formatDisplayDate } from '../../lib/dates.ts';
import { formatCount } from '../../lib/metrics.ts';
import { SeriesChart, type ChartSeries } from '../metrics/chart.tsx';
import { cx } from '../ui/cx.ts';
import { saveFile } from '../ui/save-file.ts';

type Point = AdminDashboard['points'][number];
export const dashboardSeries = ['newCompanies', 'newJobSeekers', 'jobsPosted', 'applications'] as const;
type SeriesKey = (typeof dashboardSeries)[number];

const plural = (one: string, many: string) => (n: number) => `${formatCount(n)} ${n === 1 ? one : many}`;
/** Each series' name and how a count of it reads. */
export const SERIES: Record<SeriesKey, ChartSeries> = {
  newCompanies: { name: 'New companies', count: plural('new company', 'new companies') },
  newJobSeekers: { name: 'New job seekers', count: plural('new job seeker', 'new job seekers') },
  jobsPosted: { name: 'Jobs posted', count: plural('job posted', 'jobs posted') },
  applications: { name: 'Applications', count: plural('application', 'applications') },
};

const toolButton =
  'inline-flex min-h-4 items-center gap-0.5 rounded border border-line px-1 py-0.5 text-sm font-semibold hover:bg-surface-raised focus-visible:outline focus-visible:outline-3 focus-visible:outline-brand-500 aria-pressed:border-brand-700 aria-pressed:bg-brand-50 aria-pressed:text-brand-800 dark:aria-pressed:bg-brand-900/60 dark:aria-pressed:text-brand-100';

const tableOf = (points: readonly Point[]) => ({
  header: ['Date', ...dashboardSeries.map((k) => SERIES[k].name)],
  rows: points.map((p) => [formatDisplayDate(p.date), ...dashboardSeries.map((k) => p[k])] as [string, ...number[]]),
});

/**
 * The back office's last 30 days, a series at a time in tabs (the metrics area's chart), with
 * "Show as table" for the same days as a table and "Download CSV" to save it.
 */
export function DashboardCharts({ points, defaultView = 'chart' }: { points: readonly Point[]; defaultView?: 'chart' | 'table' }) {
  const headingId = useId();
  const [asTable, setAsTable] = useState(defaultView === 'table');
  const first = points[0]?.date;
  const last = points.at(-1)?.date;
  const span = first && last ? `${formatDisplayDate(first)} to ${formatDisplayDate(last)}` : '';
  const { header, rows } = tableOf(points);
  const download = () =>
    saveFile(new Blob([toCsv(header, rows)], { type: 'text/csv;charset=utf-8' }), `back-office-${first ?? ''}-to-${last ?? ''}.csv`);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-1 rounded border border-line bg-surface p-2">
      <div className="flex flex-wrap items-center justify-between gap-1">
        <h2 id={headingId} className="text-lg font-semibold">
          The last 30 days
        </h2>
        <div className="flex flex-wrap gap-1">
          <button type="button" aria-pressed={asTable} onClick={() => setAsTable((on) => !on)} className={toolButton}>
            <span aria-hidden="true">▦</span>
            Show as table
          </button>
          <button type="button" onClick={download} className={toolButton}>
            <span aria-hidden="true">⤓</span>
            Download CSV
          </button>
        </div>
      </div>
      {asTable ? (
        <div className="max-h-[28rem] overflow-auto rounded border border-line">
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">The last 30 days, {span}</caption>
            <thead className="sticky top-0 bg-surface-raised">
              <tr>
                {header.map((h, i) => (
                  <th key={h} scope="col" className={cx('px-1 py-0.5 whitespace-nowrap', i === 0 ? 'text-left' : 'text-right')}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map(([date, ...counts]) => (
                <tr key={date} className="border-t border-line">
                  <th scope="row" className="px-1 py-0.5 text-left font-normal whitespace-nowrap">
                    {date}
                  </th>
                  {counts.map((n, i) => (
                    <td key={dashboardSeries[i]} className="px-1 py-0.5 text-right tabular-nums">
                      {formatCount(n)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <TabGroup className="flex flex-col gap-1">
          <TabList aria-label="Series" className="flex flex-wrap gap-0.5">
            {dashboardSeries.map((k) => (
              <Tab
                key={k}
                className="rounded px-1 py-0.5 text-sm font-semibold text-ink outline-none hover:bg-black/5 data-focus:outline data-focus:outline-3 data-focus:outline-brand-500 data-selected:bg-brand-700 data-selected:text-white dark:hover:bg-white/10"
              >
                {SERIES[k].name}
              </Tab>
            ))}
          </TabList>
          <TabPanels>
            {dashboardSeries.map((k) => (
              <TabPanel key={k} unmount>
                <SeriesChart series={SERIES[k]} days={points.map((p) => ({ date: p.date, value: p[k] }))} />
              </TabPanel>
            ))}
          </TabPanels>
        </TabGroup>
      )}
    </section>
  );
}
