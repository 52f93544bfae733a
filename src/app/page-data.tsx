import { createContext, useContext, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { JobDetail } from '../contract/jobs.ts';
import { PAGE_DATA_ID } from '../lib/json-script.ts';

/**
 * What the server drew a page it rendered for this visit from (a job's page: the job as a visitor
 * reads it), sent with the page so the browser takes the same content over without asking again.
 */
export interface PageData {
  job?: JobDetail;
}

const NONE: PageData = {};
const PageDataContext = createContext<PageData>(NONE);

/** The data the server sent with this page: none when it sent none (a page built once for everyone). */
export function readPageData(): PageData {
  const text = typeof document === 'undefined' ? null : document.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return NONE;
  try {
    return JSON.parse(text) as PageData;
  } catch {
    return NONE;
  }
}

/**
 * Gives the first page its data, and no page after it: once the visitor has moved on, a page
 * (the same one again included) asks for what is current.
 */
export function PageDataProvider({ data, children }: { data: PageData; children: ReactNode }) {
  const [location] = useLocation();
  const [first] = useState(location);
  const [movedOn, setMovedOn] = useState(false);
  if (!movedOn && location !== first) setMovedOn(true);
  return <PageDataContext.Provider value={movedOn ? NONE : data}>{children}</PageDataContext.Provider>;
}

/** The job the server sent with this page, when it is the job `id`. */
export function usePageJob(id: string): JobDetail | null {
  const { job } = useContext(PageDataContext);
  return job && job.id === id ? job : null;
}
