import { SUPPLEMENTAL_PAYS, SupplementalPay } from '../../contract/lookups.ts';
import {
  jobDataSchema,
  newJobData,
  type Draft,
  type DraftSummary,
  type JobData,
  type JobDataInput,
  type StepTracking,
} from '../../contract/posting.ts';
import type { WizardLookups } from '../../machines/posting/wizard.machine.ts';

// Sample data for the posting pages' stories and tests: no server behind them.

export const sampleLookups: WizardLookups = {
  jobTypes: [
    { id: 1, name: 'Full-time' },
    { id: 2, name: 'Part-time' },
    { id: 3, name: 'Contract' },
    { id: 4, name: 'Temporary' },
  ],
  jobSchedules: [
    { id: 1, name: 'Day shift' },
    { id: 5, name: 'Night shift' },
    { id: 7, name: 'Monday to Friday' },
    { id: 8, name: 'Weekends as needed' },
  ],
  jobBenefits: [
    { id: 1, name: 'Health insurance' },
    { id: 2, name: 'Dental insurance' },
    { id: 4, name: '401(k)' },
    { id: 6, name: 'Paid time off' },
  ],
  jobSupplementalPays: [...SUPPLEMENTAL_PAYS],
  industries: [
    { id: 42, name: 'Wholesale Trade', naicsCode: '42' },
    { id: 44, name: 'Retail Trade', naicsCode: '44-45' },
    { id: 48, name: 'Transportation and Warehousing', naicsCode: '48-49' },
    { id: 62, name: 'Health Care and Social Assistance', naicsCode: '62' },
  ],
  jobSkills: [
    { id: 101, name: 'Inventory management', category: 'Logistics' },
    { id: 102, name: 'Customer service', category: 'Sales and service' },
    { id: 103, name: 'Forklift operation', category: 'Logistics' },
    { id: 104, name: 'Order picking', category: 'Logistics' },
  ],
  fieldsOfStudy: [
    { id: 52, name: 'Business, Management, Marketing, and Related Support Services', cipCode: '52' },
    { id: 49, name: 'Transportation and Materials Moving', cipCode: '49' },
  ],
  jobEducations: [
    { id: 1, name: 'High school diploma or GED', level: 1 },
    { id: 3, name: "Associate's degree", level: 3 },
    { id: 4, name: "Bachelor's degree", level: 4 },
  ],
};

export const samplePeople = {
  casey: { id: 'Recruiter-1', name: 'Casey Hale' },
  robin: { id: 'Employer-1', name: 'Robin Hale' },
};

export const VANCOUVER_WA = {
  city: 'Vancouver',
  name: 'Vancouver, WA',
  state: 'WA',
  address: 'Vancouver, WA',
  pinCode: null,
  latitude: 45.6387,
  longitude: -122.6615,
};

export const sampleDescription =
  '<p>Join our Vancouver warehouse team to pick, pack and ship customer orders.</p><ul><li>Training on day one</li><li>Steady <strong>day shifts</strong></li></ul>';

/** Data that every step takes: it can be published as it is. */
export const completeJobData: JobData = jobDataSchema.parse({
  jobDetails: {
    title: 'Warehouse Associate',
    description: sampleDescription,
    positionType: [1],
    numberOfHires: 2,
    locationType: 'onsite',
    address: VANCOUVER_WA.address,
    geoLocation: VANCOUVER_WA,
  },
  timeRequirements: { workSchedule: 1, hoursPerWeek: 40, schedules: [1, 7] },
  payDetails: { minSalary: 18.5, maxSalary: 22, rate: 'Hourly', benefits: [1, 6], supplementalPay: SupplementalPay.OvertimePay },
  categorization: { industries: [48] },
  candidateRequirements: { skills: [101, 104], minimumEducation: 1, minExperience: 0, maxExperience: 2 },
} satisfies JobDataInput);

export const DRAFT_ID = '3f1c9a52-7e0b-4c55-9a1d-2b8e6f4d7c10';

/** A draft as the server answers it. */
export function sampleDraft(jobData: JobData = completeJobData, tracking: Partial<StepTracking> = {}, id = DRAFT_ID): Draft {
  return {
    jobPostDraftId: id,
    title: jobData.jobDetails.title,
    draftJson: JSON.stringify(jobData),
    created: '2026-02-20T16:00:00.000Z',
    createdBy: samplePeople.casey,
    modified: '2026-02-27T18:30:00.000Z',
    modifiedBy: samplePeople.robin,
    stepTracking: { currentStep: 'jobDetails', completedSteps: [], stepLastModified: {}, ...tracking },
    jobData,
  };
}

/** A new draft: only its title. */
export const newDraft = (title = 'Warehouse Associate') => sampleDraft(newJobData(title));

/** Every step done, at the review. */
export const reviewTracking: StepTracking = {
  currentStep: 'review',
  completedSteps: ['jobDetails', 'timeRequirements', 'payDetails', 'categorization', 'candidateRequirements', 'subscriptionPlan'],
  stepLastModified: {},
};

const titles = [
  'Warehouse Associate',
  'Forklift Operator',
  'Dispatcher',
  'Delivery Driver',
  'Inventory Clerk',
  'Shipping Lead',
  'Customer Service Representative',
  'Night Shift Picker',
  'Yard Jockey',
  'Logistics Coordinator',
  'Fleet Mechanic',
  'Receiving Clerk',
] as const;
const steps = ['jobDetails', 'payDetails', 'timeRequirements', 'candidateRequirements', 'review', 'categorization'] as const;

/** Drafts as the list shows them, last changed first. */
export function sampleSummaries(count: number, offset = 0): DraftSummary[] {
  return Array.from({ length: count }, (_, i) => {
    const n = i + offset;
    const day = String(27 - (n % 27)).padStart(2, '0');
    return {
      jobPostDraftId: `00000000-0000-4000-8000-${String(n + 1).padStart(12, '0')}`,
      title: titles[n % titles.length]!,
      created: `2026-02-${day}T09:00:00.000Z`,
      createdBy: samplePeople.casey,
      modified: `2026-02-${day}T15:45:00.000Z`,
      modifiedBy: n % 2 === 0 ? samplePeople.casey : samplePeople.robin,
      stepTracking: { currentStep: steps[n % steps.length]!, completedSteps: [], stepLastModified: {} },
      jobPostId: null,
    };
  });
}
