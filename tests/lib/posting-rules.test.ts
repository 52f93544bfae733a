import { describe, expect, it } from 'vitest';
import { hazardsNamed, payRangeReason, payRangeStates } from '../../src/contract/posting-rules.ts';
import {
  jobDataSchema,
  newJobData,
  publishIssues,
  richTextToPlain,
  stepIssues,
  isUnsafeRichText,
  type JobData,
} from '../../src/contract/posting.ts';

const today = '2026-11-22';

/** A job that passes every step: on-site in Vancouver, WA, with a pay range. */
function completeJob(): JobData {
  const d = newJobData('Warehouse Associate');
  d.jobDetails = {
    ...d.jobDetails,
    description: '<p>Pick and pack orders with an RF scanner, load trucks and keep the aisles safe.</p>',
    positionType: [1],
    locationType: 'onsite',
    address: 'Vancouver, WA 98660',
    geoLocation: {
      city: 'Vancouver',
      name: 'Vancouver, WA',
      state: 'WA',
      address: 'Vancouver, WA 98660',
      pinCode: '98660',
      latitude: 45.63,
      longitude: -122.66,
    },
  };
  d.timeRequirements.workSchedule = 1;
  d.payDetails = { ...d.payDetails, minSalary: 18, maxSalary: 21, rate: 'Hourly' };
  d.categorization.industries = [48];
  return d;
}

describe('a new draft (spec 2 §3)', () => {
  it('starts with the title, 1 hire, 20 hours a week, USD and zero pay', () => {
    const d = newJobData('Line Cook');
    expect(d.jobDetails).toMatchObject({ title: 'Line Cook', numberOfHires: 1 });
    expect(d.timeRequirements.hoursPerWeek).toBe(20);
    expect(d.payDetails).toMatchObject({ currency: 'USD', minSalary: 0, maxSalary: 0 });
  });

  it('can be saved incomplete but not publish: each missing part is named on its step', () => {
    const issues = publishIssues(newJobData('Line Cook'), { today });
    expect(issues.map((i) => i.path.join('.'))).toEqual([
      'jobDetails.description',
      'jobDetails.positionType',
      'jobDetails.locationType',
      'timeRequirements.workSchedule',
      'payDetails.minSalary',
      'categorization.industries',
    ]);
    expect(publishIssues(completeJob(), { today })).toEqual([]);
  });
});

describe('shape rules any draft obeys', () => {
  const issuesOf = (input: unknown) => jobDataSchema.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

  it('refuses a title out of 5–120 characters, hours out of 1–80, GPA out of 0–4, negative pay', () => {
    expect(issuesOf({ jobDetails: { title: 'Cook' } })).toEqual(['jobDetails.title: Please enter a job title of 5 to 120 characters.']);
    expect(issuesOf({ jobDetails: { title: 'Line Cook' }, timeRequirements: { hoursPerWeek: 81 } })[0]).toMatch(
      /^timeRequirements.hoursPerWeek/,
    );
    expect(issuesOf({ jobDetails: { title: 'Line Cook' }, candidateRequirements: { minimumGPA: 4.5 } })[0]).toMatch(
      /^candidateRequirements.minimumGPA/,
    );
    expect(issuesOf({ jobDetails: { title: 'Line Cook' }, payDetails: { minSalary: -1 } })[0]).toMatch(/^payDetails.minSalary/);
  });

  it('refuses minimum pay above the maximum, and minimum experience above the maximum', () => {
    expect(issuesOf({ jobDetails: { title: 'Line Cook' }, payDetails: { minSalary: 30, maxSalary: 20 } })).toEqual([
      'payDetails.maxSalary: The minimum pay cannot be more than the maximum pay.',
    ]);
    expect(issuesOf({ jobDetails: { title: 'Line Cook' }, candidateRequirements: { minExperience: 5, maxExperience: 2 } })).toEqual([
      'candidateRequirements.maxExperience: The minimum experience cannot be more than the maximum.',
    ]);
  });

  it('refuses scripts, event handlers and javascript: links in the description, and keeps plain formatting', () => {
    expect(isUnsafeRichText('<p>Hi</p><script>alert(1)</script>')).toBe(true);
    expect(isUnsafeRichText('<a href="javascript:alert(1)">x</a>')).toBe(true);
    expect(isUnsafeRichText('<p onmouseover="x()">x</p>')).toBe(true);
    expect(isUnsafeRichText('<p><strong>Pay</strong>: <a href="https://example.com">details</a></p><ul><li>one</li></ul>')).toBe(false);
    expect(richTextToPlain('<p>A &amp; B</p><ul><li>one</li></ul>')).toBe('A & B\none');
  });

  it('refuses a start date in the past at publishing', () => {
    const d = completeJob();
    d.jobDetails.startJobDate = '2026-11-21';
    expect(stepIssues('jobDetails', d, { today }).map((i) => i.message)).toEqual(['The start date cannot be in the past.']);
  });
});

describe('pay transparency', () => {
  it('covers on-site work in a listed state from its effective date only', () => {
    expect(payRangeStates({ locationType: 'onsite', state: 'WA' }, today).map((s) => s.state)).toEqual(['WA']);
    expect(payRangeStates({ locationType: 'onsite', state: 'OR' }, today)).toEqual([]);
    expect(payRangeStates({ locationType: 'onsite', state: 'MA' }, '2025-10-28')).toEqual([]);
    expect(payRangeStates({ locationType: 'onsite', state: 'MA' }, '2025-10-29').map((s) => s.state)).toEqual(['MA']);
  });

  it('covers remote work open to a listed state, or to the whole country', () => {
    expect(payRangeStates({ locationType: 'remote', remoteStates: ['TX', 'OR'] }, today)).toEqual([]);
    expect(payRangeStates({ locationType: 'remote', remoteStates: ['TX', 'CO'] }, today).map((s) => s.state)).toEqual(['CO']);
    expect(payRangeStates({ locationType: 'remote', remoteStates: [] }, today)).toHaveLength(12);
  });

  it('blocks a WA job without a maximum even when the salary is marked competitive, and says why', () => {
    const d = completeJob();
    d.payDetails = { ...d.payDetails, minSalary: 0, maxSalary: 0, isCompetitiveSalary: true, rate: null };
    expect(stepIssues('payDetails', d, { today }).map((i) => i.message)).toEqual([
      'The law of Washington requires a pay range in job posts: please give a minimum and a maximum pay. "Competitive salary" does not replace it.',
    ]);
    d.jobDetails.geoLocation = { ...d.jobDetails.geoLocation!, state: 'OR' };
    expect(stepIssues('payDetails', d, { today })).toEqual([]);
  });

  it('names at most three states, then how many more', () => {
    expect(
      payRangeReason([{ name: 'Colorado' }, { name: 'California' }, { name: 'Washington' }, { name: 'New York' }, { name: 'Hawaii' }]),
    ).toMatch(/^The law of Colorado, California, Washington and 2 more requires/);
  });
});

describe('work by minors', () => {
  it('finds a hazardous occupation named by whole words in a title or a skill', () => {
    expect(hazardsNamed(['Forklift Operator']).map((h) => h.id)).toEqual([7]);
    expect(hazardsNamed(['Cashier', 'Roofing']).map((h) => h.id)).toEqual([16]);
    expect(hazardsNamed(['Proofreader', 'Cashiering', 'Barista'])).toEqual([]);
  });

  it('blocks opening a forklift job to 16 and 17 year olds, and asks every other job for the confirmation', () => {
    const forklift = completeJob();
    forklift.jobDetails.title = 'Forklift Operator';
    forklift.candidateRequirements.openToMinors = true;
    expect(stepIssues('candidateRequirements', forklift, { today })[0]?.message).toMatch(
      /^This job cannot be opened to applicants aged 16 or 17: "forklift"/,
    );

    const cashier = completeJob();
    cashier.jobDetails.title = 'Cashier';
    cashier.candidateRequirements.openToMinors = true;
    expect(stepIssues('candidateRequirements', cashier, { today }).map((i) => i.message)).toEqual([
      'Please confirm that the job involves none of the hazardous occupations listed.',
    ]);
    cashier.candidateRequirements.hazardsReviewed = true;
    expect(stepIssues('candidateRequirements', cashier, { today })).toEqual([]);

    const skill = completeJob();
    skill.jobDetails.title = 'Store Helper';
    skill.candidateRequirements = { ...skill.candidateRequirements, openToMinors: true, hazardsReviewed: true, skills: [108] };
    expect(stepIssues('candidateRequirements', skill, { today, skillName: (id) => (id === 108 ? 'Roofing' : undefined) })).toHaveLength(1);
  });
});
