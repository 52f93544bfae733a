import { scaleBand, scaleLinear } from 'd3-scale';
import { area, curveMonotoneX, line } from 'd3-shape';
import dayjs from 'dayjs';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { METRIC_NAMES, type MetricMeasure, type MetricPoint } from '../../contract/metrics.ts';
import { formatDisplayDate } from '../../lib/dates.ts';
import { countOf, formatCount } from '../../lib/metrics.ts';
import { cx } from '../ui/cx.ts';

// The drawing is as wide as its box (measured), so its text stays the page's size; this tall.
const DEFAULT_WIDTH = 640;
const MIN_WIDTH = 280;
const HEIGHT = 220;
const MARGIN = { top: 28, right: 12, bottom: 26, left: 44 };
const INNER_H = HEIGHT - MARGIN.top - MARGIN.bottom;
/** Up to this many days a chart shows bars; a longer range reads better as a line. */
const MAX_BARS = 92;
/** About this many dates along the bottom: short ones (MM-DD) for bars, whole ones for a line. */
const DATE_LABELS = { bars: 6, line: 4 };

const weekday = (date: string) => dayjs(date).format('ddd');

/** The width of an element, followed as it changes; `fallback` until it is measured. */
function useWidth<E extends Element>(fallback: number) {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const w = Math.round(entry?.contentRect.width ?? 0);
      if (w > 0) setWidth(Math.max(MIN_WIDTH, w));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/** One count a day: the date (YYYY-MM-DD) and the count. */
export interface DayCount {
  date: string;
  value: number;
}

/** What a chart draws: its name ("Views") and how a count of it reads ("12 views"). */
export interface ChartSeries {
  name: string;
  count: (n: number) => string;
}

/** A day's words, as a screen reader says it and the tooltip shows it: "Wed 03-12-2025: 12 views". */
const dayLabel = (series: ChartSeries, day: DayCount) => `${weekday(day.date)} ${formatDisplayDate(day.date)}: ${series.count(day.value)}`;

/** A metrics point's words for one measure. */
export const pointLabel = (measure: MetricMeasure, point: MetricPoint) =>
  dayLabel({ name: METRIC_NAMES[measure], count: (n) => countOf(measure, n) }, { date: point.date, value: point[measure] });

/** One measure of the metrics day by day (see SeriesChart). */
export function Chart({ measure, points, className }: { measure: MetricMeasure; points: readonly MetricPoint[]; className?: string }) {
  const series: ChartSeries = { name: METRIC_NAMES[measure], count: (n) => countOf(measure, n) };
  return (
    <SeriesChart series={series} days={points.map((p) => ({ date: p.date, value: p[measure] }))} {...(className ? { className } : {})} />
  );
}

/**
 * One series day by day, drawn with d3 scales and shapes and rendered by React: bars up to three
 * months, a line beyond. The days are one tab stop; the arrow keys (Home, End, Page Up and Page Down
 * by a week) move between them, each named with its date and count and shown in a tooltip. Colours
 * are the theme's (currentColor and its variables), so they read in light and dark.
 */
export function SeriesChart({ series, days: points, className }: { series: ChartSeries; days: readonly DayCount[]; className?: string }) {
  const id = useId();
  const [box, width] = useWidth<HTMLElement>(DEFAULT_WIDTH);
  const innerW = width - MARGIN.left - MARGIN.right;
  const name = series.name;
  const values = points.map((p) => p.value);
  const max = Math.max(0, ...values);
  const total = values.reduce((a, b) => a + b, 0);
  const bars = points.length <= MAX_BARS;

  const x = scaleBand<number>()
    .domain(points.map((_, i) => i))
    .range([0, innerW])
    .paddingInner(bars ? 0.2 : 0)
    .paddingOuter(bars ? 0.1 : 0);
  const y = scaleLinear()
    .domain([0, Math.max(max, 4)])
    .nice(4)
    .range([INNER_H, 0]);
  const ticks = y.ticks(4).filter(Number.isInteger);
  const mid = (i: number) => (x(i) ?? 0) + x.bandwidth() / 2;
  const labelStep = Math.max(1, Math.ceil(points.length / DATE_LABELS[bars ? 'bars' : 'line']));
  const dateFormat = bars ? 'MM-DD' : 'MM-DD-YYYY';
  // The dates at the ends keep inside the drawing.
  const anchorOf = (i: number) => (mid(i) > innerW - 36 ? 'end' : mid(i) < 36 ? 'start' : 'middle');
  const labelled = (i: number) => (points.length - 1 - i) % labelStep === 0;

  const [active, setActive] = useState<number | null>(null);
  const [focused, setFocused] = useState(false);
  const refs = useRef<Array<SVGRectElement | null>>([]);
  // The tab stop: the day last visited, else the latest day.
  const stop = active ?? points.length - 1;

  const move = (i: number) => {
    const next = Math.min(points.length - 1, Math.max(0, i));
    setActive(next);
    refs.current[next]?.focus();
  };
  const onKey = (e: KeyboardEvent, i: number) => {
    const to: Record<string, number> = {
      ArrowLeft: i - 1,
      ArrowDown: i - 1,
      ArrowRight: i + 1,
      ArrowUp: i + 1,
      Home: 0,
      End: points.length - 1,
      PageUp: i - 7,
      PageDown: i + 7,
    };
    if (e.key in to) {
      e.preventDefault();
      move(to[e.key]!);
    }
  };

  const linePath = bars
    ? null
    : line<number>()
        .x((_, i) => mid(i))
        .y((v) => y(v))
        .curve(curveMonotoneX)(values);
  const areaPath = bars
    ? null
    : area<number>()
        .x((_, i) => mid(i))
        .y0(INNER_H)
        .y1((v) => y(v))
        .curve(curveMonotoneX)(values);

  const shown = active !== null ? points[active] : undefined;
  const tip = shown ? dayLabel(series, shown) : '';
  // The tooltip stays inside the drawing, above the day it is about.
  const tipWidth = tip.length * 6.6 + 16;
  const tipX = active !== null ? Math.min(Math.max(mid(active) - tipWidth / 2, -MARGIN.left + 2), innerW + MARGIN.right - tipWidth - 2) : 0;

  return (
    <figure ref={box} aria-labelledby={`${id}-title`} className={cx('flex min-w-0 flex-col gap-0.5', className)}>
      <figcaption className="flex items-baseline justify-between gap-1">
        <span id={`${id}-title`} className="font-semibold">
          {name}
        </span>
        <span className="text-sm text-muted">{formatCount(total)} in all</span>
      </figcaption>
      <p id={`${id}-desc`} className="sr-only">
        {points.length
          ? `${bars ? 'Bar' : 'Line'} chart of ${name.toLowerCase()} per day from ${formatDisplayDate(points[0]!.date)} to ${formatDisplayDate(points.at(-1)!.date)}: ${formatCount(total)} in all, at most ${formatCount(max)} a day. Use the arrow keys to move from day to day.`
          : 'No days to show.'}
      </p>
      <svg
        viewBox={`0 0 ${width} ${HEIGHT}`}
        width={width}
        height={HEIGHT}
        role="group"
        aria-label={`${name} per day`}
        aria-describedby={`${id}-desc`}
        className="block max-w-full overflow-visible text-brand-600 select-none dark:text-brand-400"
        onMouseLeave={() => !focused && setActive(null)}
      >
        <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
          <g aria-hidden="true" className="text-xs">
            {ticks.map((t) => (
              <g key={t} transform={`translate(0,${y(t)})`}>
                <line x2={innerW} className="stroke-line" strokeDasharray={t === 0 ? undefined : '3 3'} />
                <text x={-8} dy="0.32em" textAnchor="end" className="fill-muted">
                  {formatCount(t)}
                </text>
              </g>
            ))}
            {points.map((p, i) =>
              labelled(i) ? (
                <text key={p.date} x={mid(i)} y={INNER_H + 18} textAnchor={anchorOf(i)} className="fill-muted">
                  {dayjs(p.date).format(dateFormat)}
                </text>
              ) : null,
            )}
          </g>
          <g aria-hidden="true">
            {bars ? (
              points.map((p, i) => (
                <rect
                  key={p.date}
                  x={x(i)}
                  y={y(p.value)}
                  width={x.bandwidth()}
                  height={INNER_H - y(p.value)}
                  rx={Math.min(2, x.bandwidth() / 4)}
                  className={cx('fill-current', active !== null && active !== i && 'opacity-60')}
                />
              ))
            ) : (
              <>
                <path d={areaPath ?? ''} className="fill-current opacity-15" />
                <path d={linePath ?? ''} className="stroke-current" fill="none" strokeWidth={2} />
              </>
            )}
          </g>
          {/* The days: full-height columns, each a focusable point of the chart. */}
          <g>
            {points.map((p, i) => (
              <rect
                key={p.date}
                ref={(el) => {
                  refs.current[i] = el;
                }}
                role="img"
                aria-label={dayLabel(series, p)}
                tabIndex={i === stop ? 0 : -1}
                x={x(i)! - (bars ? (x.step() - x.bandwidth()) / 2 : 0)}
                y={0}
                width={x.step()}
                height={INNER_H}
                fill="transparent"
                className="cursor-crosshair outline-none"
                onFocus={() => {
                  setFocused(true);
                  setActive(i);
                }}
                onBlur={() => setFocused(false)}
                onMouseEnter={() => setActive(i)}
                onKeyDown={(e) => onKey(e, i)}
              />
            ))}
          </g>
          {shown && active !== null && (
            <g aria-hidden="true" pointerEvents="none">
              <line x1={mid(active)} x2={mid(active)} y1={0} y2={INNER_H} className="stroke-ink" strokeWidth={focused ? 2 : 1} />
              <circle cx={mid(active)} cy={y(shown.value)} r={4} className="fill-current stroke-surface" strokeWidth={2} />
              {focused && (
                // The visible focus: a ring round the whole day.
                <rect
                  x={x(active)! - 2}
                  y={-2}
                  width={x.bandwidth() + 4}
                  height={INNER_H + 4}
                  rx={3}
                  fill="none"
                  className="stroke-brand-500"
                  strokeWidth={3}
                />
              )}
              <g transform={`translate(${tipX},${-MARGIN.top + 2})`}>
                <rect width={tipWidth} height={22} rx={4} className="fill-surface-raised stroke-line" />
                <text x={8} y={15} className="fill-ink text-xs font-semibold">
                  {tip}
                </text>
              </g>
            </g>
          )}
        </g>
      </svg>
    </figure>
  );
}
