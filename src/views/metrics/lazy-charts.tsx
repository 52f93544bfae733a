import { lazy, Suspense, useEffect, type ComponentProps } from 'react';
import type { MetricCharts as Charts } from './metric-charts.tsx';

/** The charts' code (d3, the chart, its table) comes after the page has shown: it is most of its weight. */
const loadCharts = () => import('./metric-charts.tsx');
const MetricCharts = lazy(() => loadCharts().then((m) => ({ default: m.MetricCharts })));

/** Starts fetching the charts' code while the page reads its figures. */
export function usePreloadCharts() {
  useEffect(() => {
    loadCharts().catch(() => undefined);
  }, []);
}

/** The charts of a range (metric-charts.tsx), with a placeholder while their code arrives. */
export function LazyMetricCharts(props: ComponentProps<typeof Charts>) {
  return (
    <Suspense
      fallback={<div role="status" aria-busy="true" aria-label="Loading the charts" className="h-24 animate-pulse rounded bg-line/60" />}
    >
      <MetricCharts {...props} />
    </Suspense>
  );
}
