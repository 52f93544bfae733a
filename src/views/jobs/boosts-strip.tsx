import { memo } from 'react';
import type { SearchItem } from '../../contract/search.ts';
import type { SaveJobEmitted } from '../../machines/jobs/save-job.machine.ts';
import { JobCard } from './job-card.tsx';

export interface BoostsStripProps {
  jobs: SearchItem[];
  saveable: boolean;
  onSaveChange?: (change: SaveJobEmitted) => void;
  onPoint?: (jobId: string | null) => void;
  selectedJobId?: string | null;
}

/** Featured jobs near the search's place (boosted posts, spec 2 §7 api/job/boosts), side by side above the results. */
export const BoostsStrip = memo(function BoostsStrip({ jobs, saveable, onSaveChange, onPoint, selectedJobId }: BoostsStripProps) {
  if (jobs.length === 0) return null;
  return (
    <section aria-labelledby="featured-jobs" className="flex flex-col gap-1">
      <h2 id="featured-jobs" className="text-lg font-semibold">
        Featured jobs nearby
      </h2>
      {/* Scrolls sideways on narrow screens; the region can be scrolled with the keyboard. Positioned, so
          the cards' visually hidden status lines scroll and clip with it instead of widening the page. */}
      <ul
        aria-label="Featured jobs"
        tabIndex={0}
        className="relative -mx-0.5 flex snap-x gap-1 overflow-x-auto px-0.5 pb-1 focus-visible:outline focus-visible:outline-3 focus-visible:outline-brand-500"
      >
        {jobs.map((job) => (
          <li key={job.id} className="w-[min(20rem,85vw)] shrink-0 snap-start">
            <JobCard job={job} saveable={saveable} onSaveChange={onSaveChange} onPoint={onPoint} selected={selectedJobId === job.id} />
          </li>
        ))}
      </ul>
    </section>
  );
});
