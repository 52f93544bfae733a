import { STAFF_TRANSITIONS, type Applicant, type ApplicantDetail, type JobWithApplicants } from '../../contract/applicants.ts';

const person = (id: string, firstName: string, lastName: string, email: string) => ({
  id,
  firstName,
  lastName,
  name: `${firstName} ${lastName}`,
  email,
  phoneNumber: null,
});

const nurseJob = { id: '7a1c0000-0000-4000-8000-0000000000a1', title: 'Night Nurse', status: 'Active' as const };
const cookJob = { id: '7a1c0000-0000-4000-8000-0000000000a2', title: 'Line Cook', status: 'Active' as const };

/** Applicants of the demo company, newest first. */
export const demoApplicants: Applicant[] = [
  {
    id: 'a0000000-0000-4000-8000-000000000001',
    status: 'Applied',
    isNew: true,
    appliedDate: '2026-03-14T09:30:00.000Z',
    statusChangedAt: '2026-03-14T09:30:00.000Z',
    jobSeeker: { ...person('s1', 'Maria', 'Lopez', 'maria@example.com'), phoneNumber: '+13605550117' },
    job: nurseJob,
    matchedSkills: 2,
    totalSkills: 3,
    hasResume: true,
    hasCoverLetter: true,
  },
  {
    id: 'a0000000-0000-4000-8000-000000000002',
    status: 'Interviewing',
    isNew: false,
    appliedDate: '2026-03-10T15:00:00.000Z',
    statusChangedAt: '2026-03-12T10:00:00.000Z',
    jobSeeker: person('s2', 'Sam', 'Okafor', 'sam@example.com'),
    job: cookJob,
    matchedSkills: 1,
    totalSkills: 1,
    hasResume: true,
    hasCoverLetter: false,
  },
  {
    id: 'a0000000-0000-4000-8000-000000000003',
    status: 'Hired',
    isNew: false,
    appliedDate: '2026-02-02T08:00:00.000Z',
    statusChangedAt: '2026-02-20T08:00:00.000Z',
    jobSeeker: person('s3', 'Lee', 'Park', 'lee@example.com'),
    job: nurseJob,
    matchedSkills: 0,
    totalSkills: 0,
    hasResume: false,
    hasCoverLetter: false,
  },
];

export const demoJobsWithApplicants: JobWithApplicants[] = [
  {
    jobId: nurseJob.id,
    title: nurseJob.title,
    status: 'Active',
    applicants: 2,
    newApplicants: 1,
    byStatus: { Applied: 1, Hired: 1 } as JobWithApplicants['byStatus'],
  },
  {
    jobId: cookJob.id,
    title: cookJob.title,
    status: 'Active',
    applicants: 1,
    newApplicants: 0,
    byStatus: { Interviewing: 1 } as JobWithApplicants['byStatus'],
  },
];

/** One demo applicant opened: seen now, with documents, skills and history. */
export function demoDetail(row: Applicant): ApplicantDetail {
  return {
    ...row,
    isNew: false,
    education: [
      {
        id: 'e1',
        degreeId: 1,
        degree: 'Bachelor of Science',
        level: 3,
        completion: 2021,
        universityId: null,
        university: 'State University',
        focusId: null,
        focus: 'Nursing',
      },
    ],
    experience: [
      {
        id: 'x1',
        companyName: 'City Clinic',
        jobTitle: 'Nurse',
        startDate: '2021-06-01',
        endDate: null,
        currentEmployer: true,
        jobDescription: '',
        salary: null,
        salaryType: null,
        salaryTypeName: null,
        skills: [],
        expTypeId: null,
        expTypeName: null,
      },
    ],
    skills: [
      { id: 1, name: 'Patient care', match: true },
      { id: 2, name: 'First aid', match: true },
      { id: 9, name: 'Spanish', match: false },
    ],
    jobSkills: [
      { id: 1, name: 'Patient care', match: true },
      { id: 2, name: 'First aid', match: true },
      { id: 3, name: 'Night shifts', match: false },
    ],
    workAuthorization: true,
    sponsorship: false,
    resume: row.hasResume
      ? {
          id: 'd0000000-0000-4000-8000-0000000000r1',
          name: 'Resume.pdf',
          downloadUrl: '/api/Recruiter/DownloadResume?id=d0000000-0000-4000-8000-0000000000r1',
        }
      : null,
    coverLetter: row.hasCoverLetter
      ? {
          id: 'd0000000-0000-4000-8000-0000000000c1',
          name: 'Cover letter.pdf',
          downloadUrl: '/api/Recruiter/DownloadResume?id=d0000000-0000-4000-8000-0000000000c1',
        }
      : null,
    seenAt: '2026-03-15T08:00:00.000Z',
    seenBy: { id: 'r1', name: 'Amir Nguyen' },
    history:
      row.status === 'Applied'
        ? []
        : [{ from: 'Applied', to: row.status, changedAt: row.statusChangedAt, changedBy: { id: 'r1', name: 'Amir Nguyen' } }],
    nextStatuses: [...STAFF_TRANSITIONS[row.status]],
  };
}

export const applicantPage = (items: Applicant[], total: number, pageNumber = 1) => ({ items, total, pageNumber, pageSize: 10 });
