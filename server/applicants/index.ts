// Applicants: the company's applications, their status and mails, and the dashboards' counts.
// What the area offers the rest of the server: nothing outside it imports its other files.

import type { AppContext } from '../context.ts';
import { tellApplicantsJobClosed } from './mails.ts';

export { applicantRoutes } from './routes.ts';
export { seedDemoApplicants } from './demo.ts';

/** What the applicants area does when other areas tell it something. */
export function listenForApplicants(ctx: AppContext): void {
  // A closed job's open applicants are mailed (each once, however often it closes).
  ctx.events.on('job.closed', ({ jobPostId }) => tellApplicantsJobClosed(ctx, jobPostId));
}
