// No schema code here: a job card's save button and the pages that only show these messages load no
// validation library.
import { AccountMessages } from './account-messages.ts';
import { PostingMessages } from './posting-messages.ts';

/** Product copy of these calls, used word for word by the pages and the server. */
export const JobMessages = {
  jobNotFound: PostingMessages.jobNotFound,
  closed: 'This job is closed and no longer accepts applications.',
  expired: 'This job has expired and no longer accepts applications.',
  openToMinors: 'This job welcomes applicants aged 16 and over.',
  adultsOnly: 'You must be 18 or older to apply to this job. Jobs open to applicants aged 16 and over say so on their page.',
  resumeRequired: 'Please choose a resume: this job asks for one.',
  coverLetterRequired: 'Please choose a cover letter: this job asks for one.',
  workAuthorizationRequired: 'Please answer whether you are authorized to work in the United States.',
  resumeNotFound: 'Please choose one of your own resumes.',
  coverLetterNotFound: 'Please choose one of your own cover letters.',
  applied: 'Your application has been sent.',
  alreadyApplied: 'You have already applied to this job.',
  saved: 'The job is saved.',
  unsaved: 'The job is removed from your saved jobs.',
  savedLimit: 'You can keep up to 500 saved jobs. Please remove some first.',
  reported: 'Thank you for your report. We will review this job.',
  reportReason: 'Please choose a reason from the list.',
  reportDetails: 'Please describe the problem in up to 1,000 characters.',
  reportDetailsNeeded: 'Please describe the problem.',
  page: 'The page must be a whole number from 1 to 10,000',
  pageSize: 'The page size must be a whole number from 1 to 50',
  ascending: 'Ascending must be true or false',
  tooManyRequests: AccountMessages.tooManyRequests,
  verifiedBusiness: 'Verified business',
} as const;
