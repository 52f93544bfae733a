import { CAMPUS_JOB_TYPES, CAMPUS_RADIUS_MILES, type College } from '../contract/colleges.ts';
import { NO_FILTERS } from '../contract/search.ts';
import { queryToSearch, type SearchQuery } from './search-query.ts';

/** The search of the jobs around a campus: part-time jobs and internships within 25 miles, nearest first. */
export function campusQuery(college: College): SearchQuery {
  return {
    keyword: null,
    place: { latitude: college.latitude, longitude: college.longitude, label: `${college.city}, ${college.state}` },
    radius: CAMPUS_RADIUS_MILES,
    filters: { ...NO_FILTERS, jobTypes: [...CAMPUS_JOB_TYPES] },
    sort: 'distance',
  };
}

/** The search page opened on that search, where a visitor can widen it. */
export const campusSearchHref = (college: College) => `/jobs?${queryToSearch(campusQuery(college))}`;
