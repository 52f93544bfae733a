import { lazy, Suspense, useState } from 'react';
import { useAppConfig, useAppConfigLoading } from '../../app/app-config.tsx';
import type { MapActorRef } from '../../machines/jobs/map.machine.ts';
import { cx } from '../ui/cx.ts';
import { Spinner } from '../ui/spinner.tsx';

// Both maps and everything they draw with load only when a page shows a map.
const OfflineMap = lazy(() => import('./offline-map.view.tsx'));
const GoogleMap = lazy(() => import('./google-map.view.tsx'));

export interface JobMapProps {
  /** The map machine the page runs (its search feeds it clusters and listens for its viewport). */
  actor: MapActorRef;
  label?: string;
  className?: string;
}

function MapPlaceholder({ className }: { className?: string | undefined }) {
  return (
    <div className={cx('grid h-full min-h-[240px] w-full place-items-center rounded border border-line bg-surface-raised', className)}>
      <Spinner size={32} label="Loading map" />
    </div>
  );
}

/**
 * The job map: Google Maps when the server has a Maps key, else the offline map of US states and
 * counties (DESIGN §5, §8). If Google Maps cannot load (a wrong key, no network), the offline map
 * takes its place.
 */
export function JobMap({ actor, label, className }: JobMapProps) {
  const configLoading = useAppConfigLoading();
  const apiKey = useAppConfig().mapsApiKey;
  const [googleFailed, setGoogleFailed] = useState(false);

  // Waits for the settings, so a page with a key does not flash the offline map first.
  if (configLoading) return <MapPlaceholder className={className} />;
  return (
    <Suspense fallback={<MapPlaceholder className={className} />}>
      {apiKey && !googleFailed ? (
        <GoogleMap actor={actor} apiKey={apiKey} label={label} className={className} onUnavailable={() => setGoogleFailed(true)} />
      ) : (
        <OfflineMap actor={actor} label={label} className={className} />
      )}
    </Suspense>
  );
}
