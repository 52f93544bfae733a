import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostingMessages, wizardSteps, type Draft } from '../../src/contract/posting.ts';
import { JOB_WRITER_SECTIONS } from '../../server/platform/job-writer.ts';
import type { FilesApp } from './files-support.ts';
import { completeJobData, posting, postingApp, postingRows, type Caller, type PostingWorld } from './posting-support.ts';

let f: FilesApp;
let w: PostingWorld;
let clock: Awaited<ReturnType<typeof postingApp>>['clock'];
let api: ReturnType<typeof posting>;

beforeAll(async () => {
  ({ f, w, clock } = await postingApp());
  api = posting(f);
});
afterAll(async () => f?.stop());

const tracking = (currentStep: string, completedSteps: string[] = []) => ({
  currentStep,
  completedSteps,
  stepLastModified: { [currentStep]: '2024-03-05T17:00:00.000Z' },
});

describe('a new draft', () => {
  it('starts with the given title, 1 hire, 20 hours a week, USD and zero pay (spec 2 §3)', async () => {
    const answer = await api.saveDraft(w.recruiterX, { jobData: { jobDetails: { title: 'Night Stocker' } } });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(PostingMessages.draftSaved);
    const { draft, suggestedDescription } = answer.body.data;
    expect(suggestedDescription).toBeNull();
    expect(draft.title).toBe('Night Stocker');
    expect(draft.jobData.jobDetails).toMatchObject({ title: 'Night Stocker', numberOfHires: 1, description: null, locationType: null });
    expect(draft.jobData.timeRequirements.hoursPerWeek).toBe(20);
    expect(draft.jobData.payDetails).toMatchObject({ currency: 'USD', minSalary: 0, maxSalary: 0 });
    expect(draft.jobData.jobPostId).toBeNull();
    expect(draft.stepTracking).toEqual({ currentStep: 'jobDetails', completedSteps: [], stepLastModified: {} });
    expect(JSON.parse(draft.draftJson)).toEqual(draft.jobData);
    expect(draft.createdBy).toEqual({ id: w.recruiterX.id, name: 'Casey Hale' });
    expect(draft.modifiedBy).toEqual(draft.createdBy);
  });

  it('is saved step by step and resumes at its current step', async () => {
    const draft = await api.newDraft(w.recruiterX, { jobDetails: { title: 'Forklift Driver Trainee' } });
    clock.advance(60_000);
    const saved = await api.saveDraft(w.recruiterX, {
      jobPostDraftId: draft.jobPostDraftId,
      jobData: { ...draft.jobData, timeRequirements: { workSchedule: 2, hoursPerWeek: 24 } },
      stepTracking: tracking('payDetails', ['jobDetails', 'timeRequirements']),
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.draft.jobPostDraftId).toBe(draft.jobPostDraftId);
    expect(Date.parse(saved.body.data.draft.modified)).toBeGreaterThan(Date.parse(draft.modified));

    const reopened = await api.draft(w.recruiterX, draft.jobPostDraftId);
    expect(reopened.status).toBe(200);
    expect(reopened.body.data.stepTracking).toEqual(tracking('payDetails', ['jobDetails', 'timeRequirements']));
    expect(reopened.body.data.jobData.timeRequirements).toMatchObject({ workSchedule: 2, hoursPerWeek: 24 });
  });

  it('is shared by the company’s employer and recruiters', async () => {
    const draft = await api.newDraft(w.recruiterX);
    const read = await api.draft(w.employerX, draft.jobPostDraftId);
    expect(read.status).toBe(200);
    const saved = await api.saveDraft(w.employerX, {
      jobPostDraftId: draft.jobPostDraftId,
      jobData: read.body.data.jobData,
      stepTracking: tracking('review'),
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.draft.createdBy.id).toBe(w.recruiterX.id);
    expect(saved.body.data.draft.modifiedBy).toEqual({ id: w.employerX.id, name: 'Robin Hale' });
  });

  it('never takes a live job from the request: jobPostId is kept by the server', async () => {
    const job = await api.newJob(w.employerY);
    const answer = await api.saveDraft(w.recruiterX, { jobData: { ...completeJobData(), jobPostId: job.id } });
    expect(answer.status).toBe(200);
    expect(answer.body.data.draft.jobData.jobPostId).toBeNull();
  });
});

describe('the description', () => {
  it('is sanitised on the server to paragraphs, lists, bold, italic and safe links', async () => {
    const description =
      '<p style="color:red" class="x">Hello <span>there</span>, <b>bold</b> <strong>strong</strong> <i>it</i> <em>em</em><br>' +
      '<a href="https://example.com/jobs" target="_blank" rel="opener">apply</a> <a href="mailto:jobs@example.com">mail</a> ' +
      '<a href="http://insecure.example.com">insecure</a></p><h2>Duties</h2><ol><li>one</li></ol><ul><li>two</li></ul><img src="https://x.example/a.png">';
    const draft = await api.newDraft(w.recruiterX, completeJobData({ jobDetails: { description } }));
    expect(draft.jobData.jobDetails.description).toBe(
      '<p>Hello there, <b>bold</b> <strong>strong</strong> <i>it</i> <em>em</em><br />' +
        '<a href="https://example.com/jobs" rel="noopener noreferrer nofollow">apply</a> <a href="mailto:jobs@example.com" rel="noopener noreferrer nofollow">mail</a> ' +
        '<a rel="noopener noreferrer nofollow">insecure</a></p>Duties<ol><li>one</li></ol><ul><li>two</li></ul>',
    );
  });
});

describe('bad input: a clear 400 on the field, and nothing stored', () => {
  let existing: Draft;
  beforeAll(async () => {
    existing = await api.newDraft(w.recruiterX);
  });

  const cases: Array<[string, (data: ReturnType<typeof completeJobData>) => unknown, string, string]> = [
    [
      'a 1 MB description',
      (d) => ({ ...d, jobDetails: { ...d.jobDetails, description: `<p>${'a'.repeat(1024 * 1024)}</p>` } }),
      'jobDetails.description',
      PostingMessages.descriptionTooLong,
    ],
    [
      'a <script>',
      (d) => ({ ...d, jobDetails: { ...d.jobDetails, description: '<p>Hi</p><script>alert(1)</script>' } }),
      'jobDetails.description',
      PostingMessages.descriptionUnsafe,
    ],
    [
      'a javascript: link',
      (d) => ({ ...d, jobDetails: { ...d.jobDetails, description: '<p><a href="javascript:alert(1)">x</a></p>' } }),
      'jobDetails.description',
      PostingMessages.descriptionUnsafe,
    ],
    [
      'an onclick attribute',
      (d) => ({ ...d, jobDetails: { ...d.jobDetails, description: '<p onclick="alert(1)">x</p>' } }),
      'jobDetails.description',
      PostingMessages.descriptionUnsafe,
    ],
    ['negative pay', (d) => ({ ...d, payDetails: { ...d.payDetails, minSalary: -5 } }), 'payDetails.minSalary', PostingMessages.pay],
    [
      'a minimum above the maximum',
      (d) => ({ ...d, payDetails: { ...d.payDetails, minSalary: 30, maxSalary: 20 } }),
      'payDetails.maxSalary',
      PostingMessages.payOrder,
    ],
    [
      'more experience asked at least than at most',
      (d) => ({ ...d, candidateRequirements: { ...d.candidateRequirements, minExperience: 5, maxExperience: 2 } }),
      'candidateRequirements.maxExperience',
      PostingMessages.experienceOrder,
    ],
    [
      '80+ hours a week',
      (d) => ({ ...d, timeRequirements: { ...d.timeRequirements, hoursPerWeek: 81 } }),
      'timeRequirements.hoursPerWeek',
      PostingMessages.hoursPerWeek,
    ],
    [
      'a GPA above 4',
      (d) => ({ ...d, candidateRequirements: { ...d.candidateRequirements, minimumGPA: 4.5 } }),
      'candidateRequirements.minimumGPA',
      PostingMessages.minimumGPA,
    ],
    ['a four-letter title', (d) => ({ ...d, jobDetails: { ...d.jobDetails, title: 'Cook' } }), 'jobDetails.title', PostingMessages.title],
    [
      'an unknown job type',
      (d) => ({ ...d, jobDetails: { ...d.jobDetails, positionType: [1, 99] } }),
      'jobDetails.positionType',
      PostingMessages.positionType,
    ],
    [
      'an unknown schedule',
      (d) => ({ ...d, timeRequirements: { ...d.timeRequirements, schedules: [999] } }),
      'timeRequirements.schedules',
      PostingMessages.schedules,
    ],
    [
      'an unknown benefit',
      (d) => ({ ...d, payDetails: { ...d.payDetails, benefits: [999] } }),
      'payDetails.benefits',
      PostingMessages.benefits,
    ],
    [
      'an unknown industry',
      (d) => ({ ...d, categorization: { industries: [7] } }),
      'categorization.industries',
      PostingMessages.industries,
    ],
    [
      'an unknown skill',
      (d) => ({ ...d, candidateRequirements: { ...d.candidateRequirements, skills: [999_999] } }),
      'candidateRequirements.skills',
      PostingMessages.skills,
    ],
    [
      'an unknown field of study',
      (d) => ({ ...d, candidateRequirements: { ...d.candidateRequirements, fields: [9999] } }),
      'candidateRequirements.fields',
      PostingMessages.fields,
    ],
    [
      'a state that does not exist',
      (d) => ({ ...d, jobDetails: { ...d.jobDetails, locationType: 'remote', remoteStates: ['ZZ'] } }),
      'jobDetails.remoteStates',
      PostingMessages.remoteStates,
    ],
  ];

  it.each(cases)('%s', async (_, change, field, message) => {
    const before = await postingRows(f);
    for (const jobPostDraftId of [undefined, existing.jobPostDraftId]) {
      const answer = await api.saveDraft(w.recruiterX, { jobPostDraftId, jobData: change(completeJobData()) });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(message);
      expect(answer.body.state.fieldErrors?.[`Draft.jobData.${field}`]).toBe(message);
    }
    expect(await postingRows(f)).toEqual(before);
  });

  it.each([
    ['a current step that does not exist', { currentStep: 'salary' }, 'Draft.stepTracking.currentStep'],
    [
      'a completed step that does not exist',
      { currentStep: 'payDetails', completedSteps: ['jobDetails', 'bonus'] },
      'Draft.stepTracking.completedSteps.1',
    ],
    [
      'a step date for a step that does not exist',
      { currentStep: 'payDetails', stepLastModified: { bonus: '2024-03-05T17:00:00Z' } },
      'Draft.stepTracking.stepLastModified',
    ],
  ])('%s', async (_, stepTracking, field) => {
    const before = await postingRows(f);
    const answer = await api.saveDraft(w.recruiterX, { jobPostDraftId: existing.jobPostDraftId, jobData: completeJobData(), stepTracking });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(PostingMessages.step);
    expect(Object.keys(answer.body.state.fieldErrors ?? {})[0]).toContain(field);
    expect(await postingRows(f)).toEqual(before);
  });

  it('answers a body over 2 MB with 413', async () => {
    const answer = await api.saveDraft(w.recruiterX, {
      jobData: { jobDetails: { title: 'Night Stocker', description: 'a'.repeat(3 * 1024 * 1024) } },
    });
    expect(answer.status).toBe(413);
  });
});

describe('the draft list', () => {
  // A company of its own, so the counts are this block's: 12 drafts, each changed a minute after the one before.
  let recruiter: Caller;
  let employer: Caller;
  beforeAll(async () => {
    const z = await w.company('Zephyr Storage LLC', '274567891');
    employer = await w.person('Employer', z.id, 'employer of Z');
    recruiter = await w.person('Recruiter', z.id, 'recruiter of Z');
    for (let i = 1; i <= 12; i++) {
      await api.newDraft(i % 2 ? recruiter : employer, {
        jobDetails: { title: i === 7 ? 'Shift Lead 100% remote_ok' : `Picker number ${i}` },
      });
      clock.advance(60_000);
    }
    await api.newDraft(w.employerY, { jobDetails: { title: 'Picker at Yarrow' } });
  });

  it('pages the company’s drafts 10 at a time, last changed first, with the total', async () => {
    const first = await api.drafts(recruiter);
    expect(first.status).toBe(200);
    expect(first.body.data.total).toBe(12);
    expect(first.body.data.items).toHaveLength(10);
    expect(first.body.data.items.map((d) => d.title).slice(0, 2)).toEqual(['Picker number 12', 'Picker number 11']);
    const second = await api.drafts(employer, '?page=2');
    expect(second.body.data.items.map((d) => d.title)).toEqual(['Picker number 2', 'Picker number 1']);
    expect(second.body.data.items[0]).not.toHaveProperty('jobData');
  });

  it('moves a draft to the top when it is saved', async () => {
    const last = (await api.drafts(recruiter, '?page=2')).body.data.items.at(-1)!;
    const draft = (await api.draft(recruiter, last.jobPostDraftId)).body.data;
    clock.advance(60_000);
    expect((await api.saveDraft(recruiter, { jobPostDraftId: draft.jobPostDraftId, jobData: draft.jobData })).status).toBe(200);
    expect((await api.drafts(recruiter)).body.data.items[0]!.title).toBe('Picker number 1');
  });

  it('searches titles, case and wildcards taken literally', async () => {
    const found = await api.drafts(recruiter, '?search=PICKER%20NUMBER%201');
    expect(found.body.data.items.map((d) => d.title).sort()).toEqual([
      'Picker number 1',
      'Picker number 10',
      'Picker number 11',
      'Picker number 12',
    ]);
    expect(found.body.data.total).toBe(4);
    expect((await api.drafts(recruiter, '?search=100%25')).body.data.items.map((d) => d.title)).toEqual(['Shift Lead 100% remote_ok']);
    expect((await api.drafts(recruiter, '?search=_')).body.data.total).toBe(1);
    expect((await api.drafts(recruiter, '?search=Yarrow')).body.data.total).toBe(0);
  });

  it('refuses paging values outside the spec', async () => {
    expect((await api.drafts(recruiter, '?page=0')).status).toBe(400);
    expect((await api.drafts(recruiter, '?pageSize=500')).status).toBe(400);
    expect((await api.drafts(recruiter, `?search=${'a'.repeat(101)}`)).status).toBe(400);
  });
});

describe('deleting a draft', () => {
  it('removes it from the list; a second delete is 404', async () => {
    const draft = await api.newDraft(w.employerX);
    const answer = await api.deleteDraft(w.recruiterX, draft.jobPostDraftId);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(PostingMessages.draftDeleted);
    expect((await api.draft(w.recruiterX, draft.jobPostDraftId)).status).toBe(404);
    const again = await api.deleteDraft(w.recruiterX, draft.jobPostDraftId);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(PostingMessages.draftNotFound);
  });
});

describe('UseAi with the embedded writer', () => {
  it('offers a description of the four sections written from the draft’s fields, beside the author’s', async () => {
    const jobData = completeJobData();
    const answer = await api.saveDraft(w.recruiterX, { jobData, stepTracking: tracking('jobDetails') }, true);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(PostingMessages.draftSaved);
    const { draft, suggestedDescription } = answer.body.data;
    // The author's text is kept as it was.
    expect(draft.jobData.jobDetails.description).toBe((jobData.jobDetails as { description: string }).description);
    expect(suggestedDescription).toBeTruthy();
    for (const section of JOB_WRITER_SECTIONS) expect(suggestedDescription).toContain(`<p><strong>${section}</strong></p>`);
    expect(suggestedDescription).toContain('Hale Logistics LLC is hiring 2 people as Warehouse Associate (full-time) in Vancouver, WA.');
    expect(suggestedDescription).toContain('Transportation and Warehousing');
    expect(suggestedDescription).toContain('<li>Full time, 40 hours a week</li>');
    expect(suggestedDescription).toContain('Shifts: Day shift and Monday to Friday');
    expect(suggestedDescription).toContain('<li>$21.50 – $25.00 an hour</li>');
    expect(suggestedDescription).toContain('Supplemental pay: overtime pay');
    expect(suggestedDescription).toContain('Benefits: Health insurance and Paid time off');
    expect(suggestedDescription).toContain('Skills: Order picking and Packing');
    expect(suggestedDescription).toContain('1 to 3 years of experience');
    const stored = await api.draft(w.recruiterX, draft.jobPostDraftId);
    expect(stored.body.data.jobData.jobDetails.description).toBe(draft.jobData.jobDetails.description);
  });

  it('escapes the draft’s own words in what it writes', async () => {
    const answer = await api.saveDraft(w.recruiterX, { jobData: { jobDetails: { title: 'Picker <b>&</b> Packer' } } }, true);
    expect(answer.status).toBe(200);
    expect(answer.body.data.suggestedDescription).toContain('a Picker &lt;b&gt;&amp;&lt;/b&gt; Packer');
  });
});

describe('wizard steps', () => {
  it('are the spec’s steps in order, then the review', () => {
    expect(wizardSteps).toEqual([
      'jobDetails',
      'timeRequirements',
      'payDetails',
      'categorization',
      'candidateRequirements',
      'subscriptionPlan',
      'review',
    ]);
  });
});
