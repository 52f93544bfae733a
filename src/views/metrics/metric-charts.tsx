import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useId, useState } from 'react';
import { METRIC_NAMES, type MetricMeasure, type MetricPoint } from '../../contract/metrics.ts';
import { toCsv } from '../../lib/csv.ts';
import { formatDisplayDate } from '../../lib/dates.ts';
import { formatCount, metricsTable } from '../../lib/metrics.ts';
import { cx } from '../ui/cx.ts';
import { saveFile } from '../ui/save-file.ts';
import { Chart } from './chart.tsx';

const toolButton =
  'inline-flex min-h-4 items-center gap-0.5 rounded border border-line px-1 py-0.5 text-sm font-semibold hover:bg-surface-raised aria-pressed:border-brand-700 aria-pressed:bg-brand-50 aria-pressed:text-brand-800 dark:aria-pressed:bg-brand-900/60 dark:aria-pressed:text-brand-100';

/** The days of the charts as a real table: a row per day, a column per measure. */
export function MetricsTable({
  caption,
  points,
  measures,
}: {
  caption: string;
  points: readonly MetricPoint[];
  measures: readonly MetricMeasure[];
}) {
  const { header, rows } = metricsTable(points, measures);
  return (
    <div className="max-h-[28rem] overflow-auto rounded border border-line">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
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
                <td key={measures[i]} className="px-1 py-0.5 text-right tabular-nums">
                  {formatCount(n)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The charts of a range, one per measure (side by side, or one at a time in tabs), with their
 * alternative: "Show as table" shows the same days as a table, and "Download CSV" saves that table.
 */
export function MetricCharts({
  title,
  points,
  measures,
  layout = 'grid',
  fileName,
  defaultView = 'chart',
}: {
  title: string;
  points: readonly MetricPoint[];
  measures: readonly MetricMeasure[];
  /** `tabs`: one chart at a time, for a narrow card. */
  layout?: 'grid' | 'tabs';
  /** The CSV file's name, without its extension. */
  fileName: string;
  /** What shows first (stories show the table). */
  defaultView?: 'chart' | 'table';
}) {
  const headingId = useId();
  const [asTable, setAsTable] = useState(defaultView === 'table');
  const first = points[0]?.date;
  const last = points.at(-1)?.date;
  const span = first && last ? `${formatDisplayDate(first)} to ${formatDisplayDate(last)}` : '';
  const download = () => {
    const { header, rows } = metricsTable(points, measures);
    saveFile(new Blob([toCsv(header, rows)], { type: 'text/csv;charset=utf-8' }), `${fileName}.csv`);
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center justify-between gap-1">
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
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
        <MetricsTable caption={`${title}, ${span}`} points={points} measures={measures} />
      ) : layout === 'grid' ? (
        <div className="grid gap-2 md:grid-cols-2">
          {measures.map((m) => (
            <Chart key={m} measure={m} points={points} className="rounded border border-line bg-surface p-1.5" />
          ))}
        </div>
      ) : (
        <TabGroup className="flex flex-col gap-1">
          <TabList aria-label="Measure" className="flex flex-wrap gap-0.5">
            {measures.map((m) => (
              <Tab
                key={m}
                className="rounded px-1 py-0.5 text-sm font-semibold text-ink outline-none hover:bg-black/5 data-focus:outline data-focus:outline-3 data-focus:outline-brand-500 data-selected:bg-brand-700 data-selected:text-white dark:hover:bg-white/10"
              >
                {METRIC_NAMES[m]}
              </Tab>
            ))}
          </TabList>
          <TabPanels>
            {measures.map((m) => (
              <TabPanel key={m} unmount>
                <Chart measure={m} points={points} />
              </TabPanel>
            ))}
          </TabPanels>
        </TabGroup>
      )}
    </section>
  );
}
