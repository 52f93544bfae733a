import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { LocationResult } from '../../src/contract/location.ts';
import { PostingMessages, STEP_TITLES, wizardSteps, type CompanyJobDetail, type Draft, type JobData } from '../../src/contract/posting.ts';
import { payRangeReason } from '../../src/contract/posting-rules.ts';
import { locationSearchMachine, type SearchType } from '../../src/machines/location/location-search.machine.ts';
import { wizardMachine, type PublishInput, type SaveInput, type WizardLoaded } from '../../src/machines/posting/wizard.machine.ts';
import { draftKey, draftStore } from '../../src/services/draft-store.ts';
import { ApiError } from '../../src/services/http.ts';
import { cleanRichText } from '../../src/views/posting/rich-text.ts';
import PostJobPage from '../../src/views/posting/post-job.view.tsx';
import {
  completeJobData,
  DRAFT_ID,
  newDraft,
  reviewTracking,
  sampleDescription,
  sampleDraft,
  sampleLookups,
} from '../../src/views/posting/stories-support.tsx';
import { renderInApp, storedSessionFor } from '../support/client/app-harness.tsx';
import { deferred } from '../support/client/model.ts';

const recruiter = storedSessionFor({
  id: 'Recruiter-1',
  email: 'casey@halefreight.example.com',
  firstName: 'Casey',
  lastName: 'Hale',
  role: 'Recruiter',
});
const TODAY = '2026-03-02';
const PATH = '/user/jobs/post-job';

const VANCOUVER: LocationResult = {
  id: 'city:5814616',
  address: { freeformAddress: 'Vancouver, WA', countrySubdivisionName: 'Washington' },
  position: { lat: 45.6387, lng: -122.6615 },
};
const locationLogic = locationSearchMachine.provide({
  actors: {
    search: fromPromise<LocationResult[], { text: string; type: SearchType }>(async ({ input }) =>
      input.text.toLowerCase().startsWith('van') ? [VANCOUVER] : [],
    ),
  },
  delays: { searchDelay: 10 },
});

const withData = (patch: (d: JobData) => JobData) => patch(structuredClone(completeJobData));

/** The wizard's calls answered by the test: saves at once unless told otherwise. */
function stubbed(options: { draft?: Draft; save?: (input: SaveInput) => Promise<Draft>; autosaveDelay?: number } = {}) {
  const saves: SaveInput[] = [];
  const writes = [] as Array<ReturnType<typeof deferred<string | null>>>;
  const publishes: Array<{ input: PublishInput; answer: ReturnType<typeof deferred<CompanyJobDetail>> }> = [];
  const creates: string[] = [];
  const logic = wizardMachine.provide({
    actors: {
      // The browser's store is the real one: what a failed save kept is offered back.
      load: fromPromise<WizardLoaded, { draftId: string }>(async ({ input }) => ({
        draft: options.draft ?? sampleDraft(),
        lookups: sampleLookups,
        local: draftStore.read(input.draftId),
      })),
      create: fromPromise(async ({ input }: { input: { title: string } }) => {
        creates.push(input.title);
        return { draft: newDraft(input.title), lookups: sampleLookups };
      }),
      save: fromPromise<Draft, SaveInput>(({ input }) => {
        saves.push(input);
        return options.save ? options.save(input) : Promise.resolve(sampleDraft(input.jobData, input.stepTracking));
      }),
      write: fromPromise<string | null, SaveInput>(() => {
        const d = deferred<string | null>();
        writes.push(d);
        return d.promise;
      }),
      publish: fromPromise<CompanyJobDetail, PublishInput>(({ input }) => {
        const answer = deferred<CompanyJobDetail>();
        publishes.push({ input, answer });
        return answer.promise;
      }),
    },
    delays: { autosaveDelay: options.autosaveDelay ?? 30 },
  });
  return { logic, saves, writes, publishes, creates };
}

async function opened(options: Parameters<typeof stubbed>[0] & { path?: string } = {}) {
  const sut = stubbed(options);
  const app = renderInApp(<PostJobPage logic={sut.logic} locationLogic={locationLogic} today={TODAY} />, {
    path: options.path ?? `${PATH}?draft=${DRAFT_ID}`,
    stored: recruiter,
  });
  return { ...sut, app };
}

const stepHeading = (step: (typeof wizardSteps)[number]) => ({ name: `Step ${wizardSteps.indexOf(step) + 1} of 7: ${STEP_TITLES[step]}` });
const next = (app: ReturnType<typeof renderInApp>) => app.user.click(screen.getByRole('button', { name: 'Next' }));

afterEach(() => {
  vi.useRealTimers();
});

describe('the job post wizard page', () => {
  it('asks for a title first, then makes the draft and names it in the address', async () => {
    const { app, creates } = await opened({ path: PATH });
    await app.user.type(screen.getByLabelText('Job title'), 'Dock');
    await app.user.click(screen.getByRole('button', { name: 'Start the job post' }));
    expect(screen.getByRole('alert')).toHaveTextContent(PostingMessages.title);
    await app.user.type(screen.getByLabelText('Job title'), ' Worker');
    await app.user.click(screen.getByRole('button', { name: 'Start the job post' }));
    expect(await screen.findByRole('heading', stepHeading('jobDetails'))).toBeInTheDocument();
    expect(creates).toEqual(['Dock Worker']);
    expect(app.location()).toBe(`${PATH}?draft=${DRAFT_ID}`);
    expect(screen.getByLabelText('Job title')).toHaveValue('Dock Worker');
    expect(screen.getByLabelText('Number of people to hire')).toHaveValue('1');
  });

  it('resumes a draft at the step it was left on, the indicator marking it and the steps done', async () => {
    await opened({
      draft: sampleDraft(completeJobData, { currentStep: 'payDetails', completedSteps: ['jobDetails', 'timeRequirements'] }),
    });
    expect(await screen.findByRole('heading', stepHeading('payDetails'))).toBeInTheDocument();
    const steps = within(screen.getByRole('navigation', { name: 'Job post steps' })).getAllByRole('listitem');
    expect(steps.map((li) => li.getAttribute('aria-current'))).toEqual([null, null, 'step', null, null, null, null]);
    expect(steps[0]).toHaveTextContent('Job details (completed)');
    // Completed steps and the next one open from the indicator; later ones do not.
    expect(within(steps[0]!).getByRole('button')).toBeInTheDocument();
    expect(within(steps[3]!).getByRole('button')).toBeInTheDocument();
    expect(within(steps[4]!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows every step with its labelled fields, saving at each step, up to Publish', async () => {
    const { app, saves } = await opened();
    await screen.findByRole('heading', stepHeading('jobDetails'));
    expect(screen.getByLabelText('Job title')).toHaveValue('Warehouse Associate');
    expect(await screen.findByRole('textbox', { name: 'Job description' })).toHaveTextContent('Join our Vancouver warehouse team');
    expect(screen.getByRole('toolbar', { name: 'Job description formatting' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Job type' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Full-time' })).toBeChecked();
    expect(screen.getByRole('radiogroup', { name: 'Where the work is done' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'On-site' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Job address' })).toHaveValue('Vancouver, WA');
    expect(screen.getByLabelText('Start date')).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText('Open until')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'A résumé is required to apply' })).toBeChecked();

    await next(app);
    expect(await screen.findByRole('heading', stepHeading('timeRequirements'))).toHaveFocus();
    expect(saves.at(-1)!.stepTracking).toMatchObject({ currentStep: 'timeRequirements', completedSteps: ['jobDetails'] });
    expect(screen.getByRole('radio', { name: 'Full time' })).toBeChecked();
    expect(screen.getByLabelText('Hours per week')).toHaveValue('40');
    expect(screen.getByLabelText('Duration in months')).toHaveValue('');
    expect(within(screen.getByRole('group', { name: 'Shifts and schedule' })).getByRole('checkbox', { name: 'Day shift' })).toBeChecked();

    await next(app);
    await screen.findByRole('heading', stepHeading('payDetails'));
    expect(screen.getByRole('button', { name: /Show pay as/ })).toHaveTextContent('A range');
    expect(screen.getByRole('button', { name: /Pay period/ })).toHaveTextContent('Per hour');
    expect(screen.getByLabelText('Minimum pay (USD)')).toHaveValue('18.5');
    expect(screen.getByLabelText('Maximum pay (USD)')).toHaveValue('22');
    // The job is in Washington, whose law asks for a range.
    expect(screen.getByText(payRangeReason([{ name: 'Washington' }]))).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Benefits' })).getByRole('checkbox', { name: 'Health insurance' })).toBeChecked();
    expect(within(screen.getByRole('group', { name: 'Supplemental pay' })).getByRole('checkbox', { name: 'Overtime pay' })).toBeChecked();

    await next(app);
    await screen.findByRole('heading', stepHeading('categorization'));
    expect(screen.getByRole('combobox', { name: 'Industry' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Industries chosen' })).getByText('Transportation and Warehousing')).toBeInTheDocument();

    await next(app);
    await screen.findByRole('heading', stepHeading('candidateRequirements'));
    expect(
      within(screen.getByRole('list', { name: 'Skills chosen' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent?.replace('×', '')),
    ).toEqual(['Inventory management', 'Order picking']);
    expect(screen.getByLabelText('Tags')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Minimum education/ })).toHaveTextContent('High school diploma or GED');
    expect(screen.getByLabelText('Minimum GPA')).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Fields of study' })).toBeInTheDocument();
    expect(screen.getByLabelText('Minimum years of experience')).toHaveValue('0');
    expect(screen.getByLabelText('Maximum years of experience')).toHaveValue('2');
    expect(screen.getByRole('checkbox', { name: 'Open to applicants aged 16 and 17' })).not.toBeChecked();

    await next(app);
    await screen.findByRole('heading', stepHeading('subscriptionPlan'));
    expect(screen.getByRole('radio', { name: /No boost/ })).toBeChecked();

    await next(app);
    await screen.findByRole('heading', stepHeading('review'));
    const pay = screen.getByRole('region', { name: 'Pay and benefits' });
    expect(within(pay).getByText('$18.50–$22.00 an hour')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Candidate requirements' })).getByText('0–2 years')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish job' })).toBeEnabled();
    expect(saves).toHaveLength(6);
    expect(saves.at(-1)!.stepTracking.completedSteps).toEqual(wizardSteps.slice(0, -1));

    await app.user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', stepHeading('subscriptionPlan'))).toHaveFocus();
  });

  it('stays on a step that lacks something and says what, next to each field', async () => {
    const { app, saves } = await opened({ draft: newDraft('Dock Worker') });
    await screen.findByRole('heading', stepHeading('jobDetails'));
    await next(app);
    expect(screen.getByRole('heading', stepHeading('jobDetails'))).toBeInTheDocument();
    expect(await screen.findByText(PostingMessages.description)).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Where the work is done' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(PostingMessages.positionType)).toBeInTheDocument();
    expect(screen.getByText(PostingMessages.locationType)).toBeInTheDocument();
    expect(saves).toEqual([]);
  });

  it('takes the address from the location search', async () => {
    const { app } = await opened({
      draft: sampleDraft(withData((d) => ({ ...d, jobDetails: { ...d.jobDetails, address: null, geoLocation: null } }))),
    });
    await screen.findByRole('heading', stepHeading('jobDetails'));
    await app.user.type(screen.getByRole('combobox', { name: 'Job address' }), 'vanc');
    await app.user.click(await screen.findByRole('option', { name: /Vancouver, WA/ }));
    expect(await screen.findByText('Job seekers see Vancouver, WA.')).toBeInTheDocument();
  });

  it('asks for states when the work is remote', async () => {
    const { app } = await opened();
    await screen.findByRole('heading', stepHeading('jobDetails'));
    await app.user.click(screen.getByRole('radio', { name: 'Remote' }));
    expect(screen.queryByRole('combobox', { name: 'Job address' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'States the job is open to' })).toHaveAccessibleDescription(
      'Open to anywhere in the United States. Choose states to limit it.',
    );
    await app.user.type(screen.getByRole('combobox', { name: 'States the job is open to' }), 'oreg');
    await app.user.click(await screen.findByRole('option', { name: 'Oregon' }));
    expect(within(screen.getByRole('list', { name: 'States chosen' })).getByText('Oregon')).toBeInTheDocument();
  });

  it('shows the save status: unsaved changes, saving, saved', async () => {
    let answer: ReturnType<typeof deferred<Draft>> | undefined;
    const { app } = await opened({
      autosaveDelay: 400,
      save: () => {
        answer = deferred<Draft>();
        return answer.promise;
      },
    });
    await screen.findByRole('heading', stepHeading('jobDetails'));
    const status = () => screen.getByText(/^(Saved|Saving…|Unsaved changes|Not saved)/);
    expect(status()).toHaveTextContent('Saved');
    expect(status()).toHaveAttribute('aria-live', 'polite');
    await app.user.type(screen.getByLabelText('Job title'), ' II');
    expect(status()).toHaveTextContent('Unsaved changes');
    await waitFor(() => expect(status()).toHaveTextContent('Saving…'));
    await act(async () => answer!.resolve(sampleDraft()));
    expect(status()).toHaveTextContent('Saved');
  });

  it('says when a save failed, keeps the changes in the browser, and saves again on Retry', async () => {
    let fail = true;
    const { app, saves } = await opened({
      save: async (input) => {
        if (fail) throw new ApiError('network', 0, 'Network Error!, Please check your connection.');
        return sampleDraft(input.jobData);
      },
    });
    await screen.findByRole('heading', stepHeading('jobDetails'));
    await app.user.clear(screen.getByLabelText('Job title'));
    await app.user.type(screen.getByLabelText('Job title'), 'Warehouse Lead');
    expect(await screen.findByText(/^Not saved/)).toHaveTextContent(
      'Not saved. Network Error!, Please check your connection. Your changes are kept in this browser.',
    );
    expect(draftStore.read(DRAFT_ID)?.jobData.jobDetails.title).toBe('Warehouse Lead');
    fail = false;
    await app.user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(saves.at(-1)!.jobData.jobDetails.title).toBe('Warehouse Lead');
    expect(localStorage.getItem(draftKey(DRAFT_ID))).toBeNull();
  });

  it('keeps unsaved changes when the tab closes, and offers them back when the draft reopens', async () => {
    const first = await opened({ save: () => new Promise(() => {}) });
    await screen.findByRole('heading', stepHeading('jobDetails'));
    await first.app.user.clear(screen.getByLabelText('Job title'));
    await first.app.user.type(screen.getByLabelText('Job title'), 'Warehouse Lead');
    fireEvent(window, new Event('pagehide'));
    first.app.unmount();

    const again = await opened();
    expect(await screen.findByRole('heading', { name: 'Unsaved changes found' })).toBeInTheDocument();
    await again.app.user.click(screen.getByRole('button', { name: 'Restore unsaved changes' }));
    expect(await screen.findByLabelText('Job title')).toHaveValue('Warehouse Lead');
    await waitFor(() => expect(again.saves.at(-1)?.jobData.jobDetails.title).toBe('Warehouse Lead'));
  });

  it('forgets the kept changes when the author discards them', async () => {
    draftStore.write(DRAFT_ID, {
      jobData: withData((d) => ({ ...d, jobDetails: { ...d.jobDetails, title: 'Warehouse Lead' } })),
      stepTracking: reviewTracking,
      savedAt: '2026-03-01T10:00:00.000Z',
    });
    const { app } = await opened();
    expect(await screen.findByText(/This browser kept changes to this draft that were not saved \(03-01-2026\)/)).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(await screen.findByLabelText('Job title')).toHaveValue('Warehouse Associate');
    expect(localStorage.getItem(draftKey(DRAFT_ID))).toBeNull();
  });

  it("offers the writer's description beside the author's, used only on request", async () => {
    const own = '<p>Pack boxes.</p>';
    const { app, writes, saves } = await opened({
      draft: sampleDraft(withData((d) => ({ ...d, jobDetails: { ...d.jobDetails, description: own } }))),
    });
    const editor = await screen.findByRole('textbox', { name: 'Job description' });
    await app.user.click(screen.getByRole('button', { name: 'Write a description for me' }));
    expect(screen.getByText('Writing a description from your draft…')).toBeInTheDocument();
    await act(async () => writes[0]!.resolve(sampleDescription));
    const suggested = screen.getByRole('region', { name: 'Suggested description' });
    expect(within(suggested).getByText('Training on day one')).toBeInTheDocument();
    expect(editor).toHaveTextContent('Pack boxes.');
    await app.user.click(within(suggested).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'Suggested description' })).not.toBeInTheDocument();
    expect(editor).toHaveTextContent('Pack boxes.');

    await app.user.click(screen.getByRole('button', { name: 'Write a description for me' }));
    await act(async () => writes[1]!.resolve(sampleDescription));
    await app.user.click(screen.getByRole('button', { name: 'Use this description' }));
    expect(editor).toHaveTextContent('Join our Vancouver warehouse team');
    await waitFor(() => expect(saves.at(-1)?.jobData.jobDetails.description).toBe(sampleDescription));
  });

  it('blocks opening a job to 16 and 17 year olds when its title names hazardous work, and says why', async () => {
    const data = withData((d) => ({ ...d, jobDetails: { ...d.jobDetails, title: 'Forklift Operator' } }));
    const { app } = await opened({
      draft: sampleDraft(data, {
        currentStep: 'candidateRequirements',
        completedSteps: ['jobDetails', 'timeRequirements', 'payDetails', 'categorization'],
      }),
    });
    await screen.findByRole('heading', stepHeading('candidateRequirements'));
    const box = screen.getByRole('checkbox', { name: 'Open to applicants aged 16 and 17' });
    expect(box).toBeDisabled();
    expect(box).toHaveAccessibleDescription(/"forklift" names work federal law forbids them/);
    void app;
  });

  it('lists the hazardous occupations and asks for a confirmation when a job is open to minors', async () => {
    const { app } = await opened({
      draft: sampleDraft(completeJobData, {
        currentStep: 'candidateRequirements',
        completedSteps: ['jobDetails', 'timeRequirements', 'payDetails', 'categorization'],
      }),
    });
    await screen.findByRole('heading', stepHeading('candidateRequirements'));
    await app.user.click(screen.getByRole('checkbox', { name: 'Open to applicants aged 16 and 17' }));
    expect(within(screen.getByRole('list', { name: /Work no one under 18 may do/ })).getAllByRole('listitem')).toHaveLength(17);
    await next(app);
    expect(await screen.findByText(PostingMessages.hazardsReviewed)).toBeInTheDocument();
    await app.user.click(screen.getByRole('checkbox', { name: 'I confirm the job involves none of the work listed above' }));
    await next(app);
    expect(await screen.findByRole('heading', stepHeading('subscriptionPlan'))).toBeInTheDocument();
  });

  it('lists on the review what each step still needs, and does not publish until it is done', async () => {
    const data = withData((d) => ({ ...d, categorization: { industries: [] } }));
    await opened({ draft: sampleDraft(data, reviewTracking) });
    await screen.findByRole('heading', stepHeading('review'));
    expect(screen.getByText('Before publishing, finish the step marked below: Industry.')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Industry: still needed' })).getByText(PostingMessages.industries)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish job' })).toBeDisabled();
  });

  it('publishes and opens the active jobs with the news', async () => {
    const { app, publishes } = await opened({ draft: sampleDraft(completeJobData, reviewTracking) });
    await screen.findByRole('heading', stepHeading('review'));
    await app.user.click(screen.getByRole('button', { name: 'Publish job' }));
    expect(publishes[0]!.input).toMatchObject({ draftId: DRAFT_ID, editsLiveJob: false });
    await act(async () => publishes[0]!.answer.resolve({} as CompanyJobDetail));
    expect(await screen.findByText(PostingMessages.published)).toBeInTheDocument();
    expect(app.location()).toBe('/user/jobs?job=active');
  });

  it('opens the step the server refused, with its word next to the field', async () => {
    const { app, publishes } = await opened({ draft: sampleDraft(completeJobData, reviewTracking) });
    await screen.findByRole('heading', stepHeading('review'));
    await app.user.click(screen.getByRole('button', { name: 'Publish job' }));
    const reason = payRangeReason([{ name: 'Washington' }]);
    await act(async () =>
      publishes[0]!.answer.reject(
        new ApiError('client', 400, PostingMessages.notPublishable, [PostingMessages.notPublishable], {
          'jobData.payDetails.maxSalary': reason,
        }),
      ),
    );
    expect(await screen.findByRole('heading', stepHeading('payDetails'))).toBeInTheDocument();
    expect(screen.getByLabelText('Maximum pay (USD)')).toHaveAccessibleDescription(expect.stringContaining(reason));
  });
});

describe('the description editor', () => {
  it('formats with its toolbar and with Ctrl+B and Ctrl+I, and keeps only the tags a description may hold', async () => {
    const commands: string[] = [];
    Object.assign(document, {
      execCommand: (command: string) => {
        commands.push(command);
        return true;
      },
    });
    try {
      const { app, saves } = await opened({
        draft: sampleDraft(withData((d) => ({ ...d, jobDetails: { ...d.jobDetails, description: '<p>Pack boxes.</p>' } }))),
      });
      const editor = await screen.findByRole('textbox', { name: 'Job description' });
      const toolbar = screen.getByRole('toolbar', { name: 'Job description formatting' });
      expect(
        within(toolbar)
          .getAllByRole('button')
          .map((b) => b.getAttribute('aria-label')),
      ).toEqual(['Bold', 'Italic', 'Bulleted list', 'Numbered list', 'Link']);
      // One tab stop; the arrows move along the toolbar.
      expect(
        within(toolbar)
          .getAllByRole('button')
          .map((b) => b.tabIndex),
      ).toEqual([0, -1, -1, -1, -1]);
      within(toolbar).getByRole('button', { name: 'Bold' }).focus();
      await app.user.keyboard('{ArrowRight}');
      expect(within(toolbar).getByRole('button', { name: 'Italic' })).toHaveFocus();
      await app.user.click(within(toolbar).getByRole('button', { name: 'Bulleted list' }));
      editor.focus();
      await app.user.keyboard('{Control>}b{/Control}{Control>}i{/Control}');
      expect(commands.filter((c) => c !== 'defaultParagraphSeparator')).toEqual(['insertUnorderedList', 'bold', 'italic']);

      // What the browser writes as the author types or pastes is kept to the description's tags.
      editor.innerHTML =
        '<div>Lift <b>boxes</b> <span style="color:red">safely</span> onto pallets in our warehouse.</div><script>alert(1)</script>';
      fireEvent.input(editor);
      await waitFor(() =>
        expect(saves.at(-1)?.jobData.jobDetails.description).toBe(
          '<p>Lift <strong>boxes</strong> safely onto pallets in our warehouse.</p>',
        ),
      );
      expect(editor.innerHTML).toContain('<div>');
    } finally {
      delete (document as { execCommand?: unknown }).execCommand;
    }
  });

  it('adds a link to the address typed, https or an email only', async () => {
    const { app } = await opened({
      draft: sampleDraft(withData((d) => ({ ...d, jobDetails: { ...d.jobDetails, description: '<p>Pack boxes.</p>' } }))),
    });
    await screen.findByRole('textbox', { name: 'Job description' });
    await app.user.click(screen.getByRole('button', { name: 'Link' }));
    const address = screen.getByLabelText('Link address');
    expect(address).toHaveFocus();
    await app.user.type(address, 'javascript:alert(1)');
    await app.user.click(screen.getByRole('button', { name: 'Add link' }));
    expect(screen.getByText('Please enter a web address (https) or an email address.')).toBeInTheDocument();
    await app.user.clear(address);
    await app.user.type(address, 'jobs@halefreight.example.com{Enter}');
    expect(screen.getByRole('link', { name: 'jobs@halefreight.example.com' })).toHaveAttribute(
      'href',
      'mailto:jobs@halefreight.example.com',
    );
  });
});

describe('cleanRichText', () => {
  it('keeps paragraphs, lists, bold, italic and https or mailto links', () => {
    expect(cleanRichText('<p>One <strong>two</strong> <em>three</em></p><ul><li>a</li></ul><ol><li>b</li></ol>')).toBe(
      '<p>One <strong>two</strong> <em>three</em></p><ul><li>a</li></ul><ol><li>b</li></ol>',
    );
    expect(cleanRichText('<p><a href="https://example.com/jobs">apply</a> or <a href="mailto:jobs@example.com">write</a></p>')).toBe(
      '<p><a href="https://example.com/jobs">apply</a> or <a href="mailto:jobs@example.com">write</a></p>',
    );
  });

  it('turns what browsers and pastes bring into those tags, and drops the rest', () => {
    expect(cleanRichText('<div>Lift <b>boxes</b> <span style="color:red">safely</span></div><script>alert(1)</script>')).toBe(
      '<p>Lift <strong>boxes</strong> safely</p>',
    );
    expect(cleanRichText('<h2 onclick="x()">Title</h2><p>text<br></p>')).toBe('<p>Title</p><p>text</p>');
    expect(cleanRichText('<p><a href="javascript:alert(1)">bad</a> <a href="http://plain.example.com">plain</a></p>')).toBe(
      '<p>bad plain</p>',
    );
    expect(cleanRichText('loose <i>text</i><br>next line')).toBe('<p>loose <em>text</em></p><p>next line</p>');
    expect(cleanRichText('<ul><li><p>item</p></li></ul><li>stray</li>')).toBe('<ul><li>item</li></ul><p>stray</p>');
    expect(cleanRichText('<p><br></p><p>  </p>')).toBe('');
    expect(cleanRichText('<p>1 &lt; 2 &amp; <img src=x onerror=alert(1)></p>')).toBe('<p>1 &lt; 2 &amp; </p>');
  });
});
