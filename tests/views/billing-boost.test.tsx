import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { ApplicantListRequest, ApplicantPage, JobWithApplicants } from '../../src/contract/applicants.ts';
import { BillingMessages, type BoostAnalytics, type BoostTier, type PaymentMethod, type Subscription } from '../../src/contract/billing.ts';
import type { CompanyJobDetail, JobListRequest, JobPage } from '../../src/contract/posting.ts';
import { applicantListMachine } from '../../src/machines/applicants/applicant-list.machine.ts';
import { boostTiersMachine } from '../../src/machines/billing/boost-tiers.machine.ts';
import { boostMachine, type BoostLoaded, type CreateInput, type CreateOutcome } from '../../src/machines/billing/boost.machine.ts';
import {
  cardFormMachine,
  type CardFormInput,
  type ConfirmSetupInput,
  type PreparedSetup,
} from '../../src/machines/billing/card-form.machine.ts';
import { jobBoostMachine } from '../../src/machines/billing/job-boost.machine.ts';
import { LoadFailure } from '../../src/machines/billing/processor.ts';
import { jobListMachine } from '../../src/machines/posting/job-list.machine.ts';
import { wizardMachine, type PublishInput, type SaveInput, type WizardLoaded } from '../../src/machines/posting/wizard.machine.ts';
import type { StoredSession } from '../../src/services/session-store.ts';
import { ApiError } from '../../src/services/http.ts';
import ApplicantsPage from '../../src/views/applicants/applicants.view.tsx';
import { applicantPage, demoApplicants } from '../../src/views/applicants/applicants-stories-support.ts';
import {
  activeBoost,
  amex,
  awaitingBankResult,
  boostedResult,
  demoAnalytics,
  demoSetup,
  demoTiers,
  mastercard,
  paymentInfoWith,
  visa,
} from '../../src/views/billing/billing-stories-support.ts';
import JobsPage from '../../src/views/posting/jobs.view.tsx';
import PostJobPage from '../../src/views/posting/post-job.view.tsx';
import { completeJobData, DRAFT_ID, reviewTracking, sampleDraft, sampleLookups } from '../../src/views/posting/stories-support.tsx';
import { renderInApp, storedSessionFor } from '../support/client/app-harness.tsx';
import { analyst, nurse, page } from '../support/client/job-fixtures.ts';

const employer = storedSessionFor({ id: 'e-1', email: 'robin@northwind.example', firstName: 'Robin', lastName: 'Hale', role: 'Employer' });
const recruiter = storedSessionFor({
  id: 'r-1',
  email: 'amir@northwind.example',
  firstName: 'Amir',
  lastName: 'Nguyen',
  role: 'Recruiter',
});

const boostedNurse = { ...nurse, id: '0b7f8a52-7a0e-4f7e-9a55-0000000000b1', title: 'Line Cook', isBoosted: true };
const jobs = page([nurse, analyst, boostedNurse], 3);

type Answer = CreateOutcome | ApiError;

/**
 * The boost machine with its calls answered by the test: `creates` in turn for each attempt to
 * pay, `confirms` for payment-intent; a card added on the way goes through the test card form.
 */
function boostWith(options: { creates?: Answer[]; confirms?: Answer[]; methods?: PaymentMethod[] } = {}) {
  const calls = { creates: [] as CreateInput[], auth: [] as Array<{ clientSecret: string; approve: boolean }>, confirms: [] as string[] };
  const creates = [...(options.creates ?? [{ result: boostedResult(), code: 'boost.created' as const }])];
  const confirms = [...(options.confirms ?? [])];
  const answer = (a: Answer | undefined) => (a instanceof ApiError ? Promise.reject(a) : Promise.resolve(a!));
  const logic = boostMachine.provide({
    actors: {
      load: fromPromise<BoostLoaded>(async () => ({ tiers: demoTiers, info: paymentInfoWith(options.methods) })),
      create: fromPromise<CreateOutcome, CreateInput>(({ input }) => {
        calls.creates.push(input);
        return answer(creates.shift());
      }),
      testAuthenticate: fromPromise<void, { clientSecret: string; approve: boolean }>(async ({ input }) => {
        calls.auth.push(input);
      }),
      confirmPayment: fromPromise<CreateOutcome, { subscriptionId: string }>(({ input }) => {
        calls.confirms.push(input.subscriptionId);
        return answer(confirms.shift());
      }),
      cardForm: cardFormMachine.provide({
        actors: {
          prepare: fromPromise<PreparedSetup, Pick<CardFormInput, 'provider' | 'publishableKey'>>(async () => ({
            setup: demoSetup(),
            stripe: null,
          })),
          confirmSetup: fromPromise<string, ConfirmSetupInput>(async () => 'pm_test_new'),
          addMethod: fromPromise<PaymentMethod, { providerId: string; setAsDefault: boolean }>(async ({ input }) => ({
            ...amex,
            isDefault: input.setAsDefault,
          })),
        },
      }),
    },
  });
  return { logic, calls };
}

function jobsPage(stored: StoredSession = employer, boost = boostWith()) {
  const logic = jobListMachine.provide({
    actors: { load: fromPromise<JobPage, JobListRequest>(async () => jobs) },
  });
  const app = renderInApp(<JobsPage logic={logic} boostLogic={boost.logic} />, { path: '/user/jobs', stored });
  return { app, calls: boost.calls };
}

const row = (title: string) => screen.findByRole('article', { name: title });
const dialog = () => screen.findByRole('dialog', { name: /^Boost “/ });
/** A row's Boost, once the row actions (a chunk of their own) are there. */
const boostButton = async (title: string) => within(await row(title)).findByRole('button', { name: `Boost ${title}` }, { timeout: 5000 });

/** Premium for 30 days with the default card, up to the confirmation. */
async function toConfirm(app: ReturnType<typeof renderInApp>) {
  const d = await dialog();
  await app.user.click(await within(d).findByRole('radio', { name: /Premium/ }));
  await app.user.click(within(d).getByRole('button', { name: 'Next' }));
  await app.user.click(within(d).getByRole('radio', { name: /30 days/ }));
  await app.user.click(within(d).getByRole('button', { name: 'Next' }));
  expect(within(d).getByRole('radio', { name: /Visa/ })).toBeChecked();
  await app.user.click(within(d).getByRole('button', { name: 'Review' }));
  return d;
}

describe('boosting from the jobs list', () => {
  it('offers Boost on an open job without a boost, and marks a boosted one', async () => {
    jobsPage();
    // The row actions load after the list.
    expect(await boostButton(nurse.title)).toBeInTheDocument();
    expect(within(await row(analyst.title)).queryByRole('button', { name: /^Boost/ })).not.toBeInTheDocument();
    const boosted = await row(boostedNurse.title);
    expect(boosted).toHaveTextContent('Boosted');
    expect(within(boosted).queryByRole('button', { name: /^Boost/ })).not.toBeInTheDocument();
  });

  it('shows recruiters which jobs are boosted, without Boost', async () => {
    jobsPage(recruiter);
    expect(await row(boostedNurse.title)).toHaveTextContent('Boosted');
    await within(await row(nurse.title)).findByRole('button', { name: `Actions for ${nurse.title}` });
    expect(screen.queryByRole('button', { name: /^Boost/ })).not.toBeInTheDocument();
  });

  it('boosts a job end to end: tier, length, the default card, the server’s price, paid; the row is marked boosted', async () => {
    const { app, calls } = jobsPage();
    await app.user.click(await boostButton(nurse.title));
    const d = await toConfirm(app);
    expect(d).toHaveTextContent('Price at the weekly rate$210');
    expect(d).toHaveTextContent('Discount20% (−$42.00)');
    expect(d).toHaveTextContent('Total today$168');
    expect(d).toHaveTextContent('Renews every 30 days at $168 until you cancel.');
    const gets = within(d).getByRole('region', { name: 'What the job gets' });
    expect(
      within(gets)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Shown in the featured jobs near each job seeker',
      'Shown first in search results',
      'A “Featured” badge on the job',
      'A highlighted pin on the map',
    ]);
    await app.user.click(within(d).getByRole('button', { name: 'Pay $168 and boost' }));
    expect(await within(d).findByText(BillingMessages.boosted)).toBeInTheDocument();
    expect(calls.creates).toEqual([
      expect.objectContaining({ jobPostId: nurse.id, tierId: 'premium', lengthDays: 30, paymentMethodId: visa.id, fromDraft: false }),
    ]);
    await app.user.click(within(d).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const boosted = await row(nurse.title);
    expect(boosted).toHaveTextContent('Boosted');
    expect(within(boosted).queryByRole('button', { name: /^Boost/ })).not.toBeInTheDocument();
  });

  it('says why a card was refused, and pays with another card chosen after it, a new attempt', async () => {
    const boost = boostWith({
      creates: [ApiError.of('payment.insufficientFunds', 'Insufficient funds.'), { result: boostedResult(), code: 'boost.created' }],
    });
    const { app, calls } = jobsPage(employer, boost);
    await app.user.click(await boostButton(nurse.title));
    const d = await toConfirm(app);
    await app.user.click(within(d).getByRole('button', { name: 'Pay $168 and boost' }));
    expect(await within(d).findByRole('alert')).toHaveTextContent(BillingMessages.insufficientFunds);
    expect(d).toHaveTextContent('Nothing was charged.');
    await app.user.click(within(d).getByRole('button', { name: 'Choose another card' }));
    await app.user.click(within(d).getByRole('radio', { name: /Mastercard/ }));
    await app.user.click(within(d).getByRole('button', { name: 'Review' }));
    await app.user.click(within(d).getByRole('button', { name: 'Pay $168 and boost' }));
    expect(await within(d).findByText(BillingMessages.boosted)).toBeInTheDocument();
    expect(calls.creates.map((c) => c.paymentMethodId)).toEqual([visa.id, mastercard.id]);
    expect(calls.creates[0]!.idempotencyKey).not.toBe(calls.creates[1]!.idempotencyKey);
  });

  it('tries a failed attempt again with the same key, saying "Failed to create subscription" and the server’s reason', async () => {
    const boost = boostWith({
      creates: [new ApiError('server', 503, 'The payment service is busy.'), { result: boostedResult(), code: 'boost.created' }],
    });
    const { app, calls } = jobsPage(employer, boost);
    await app.user.click(await boostButton(nurse.title));
    const d = await toConfirm(app);
    await app.user.click(within(d).getByRole('button', { name: 'Pay $168 and boost' }));
    expect(await within(d).findByRole('alert')).toHaveTextContent(BillingMessages.createSubscription);
    await app.user.click(within(d).getByRole('button', { name: 'Try again' }));
    expect(await within(d).findByText(BillingMessages.boosted)).toBeInTheDocument();
    expect(calls.creates[1]!.idempotencyKey).toBe(calls.creates[0]!.idempotencyKey);
  });

  it('asks for the bank’s confirmation with the test processor’s stand-in: Approve boosts, Fail is declined', async () => {
    const awaiting: CreateOutcome = { result: awaitingBankResult(), code: 'boost.requiresAction' };
    const boost = boostWith({
      creates: [awaiting, awaiting],
      confirms: [
        { result: awaitingBankResult(), code: null },
        { result: boostedResult(), code: null },
      ],
    });
    const { app, calls } = jobsPage(employer, boost);
    await app.user.click(await boostButton(nurse.title));
    const d = await toConfirm(app);
    await app.user.click(within(d).getByRole('button', { name: 'Pay $168 and boost' }));
    const bank = await within(d).findByRole('region', { name: 'Your bank (test mode)' });
    expect(bank).toHaveTextContent(BillingMessages.requiresAction);
    await app.user.click(within(bank).getByRole('button', { name: 'Fail' }));
    expect(await within(d).findByRole('alert')).toHaveTextContent(BillingMessages.authenticationFailed);

    await app.user.click(within(d).getByRole('button', { name: 'Choose another card' }));
    await app.user.click(within(d).getByRole('button', { name: 'Review' }));
    await app.user.click(within(d).getByRole('button', { name: 'Pay $168 and boost' }));
    await app.user.click(
      within(await within(d).findByRole('region', { name: 'Your bank (test mode)' })).getByRole('button', { name: 'Approve' }),
    );
    expect(await within(d).findByText(BillingMessages.boosted)).toBeInTheDocument();
    expect(calls.auth.map((a) => a.approve)).toEqual([false, true]);
    expect(calls.confirms).toEqual([awaiting.result.subscription.id, awaiting.result.subscription.id]);
  });

  it('adds a card on the way with the test card form, and pays with it', async () => {
    const boost = boostWith({ methods: [] });
    const { app, calls } = jobsPage(employer, boost);
    await app.user.click(await boostButton(nurse.title));
    const d = await dialog();
    await app.user.click(await within(d).findByRole('radio', { name: /Standard/ }));
    await app.user.click(within(d).getByRole('button', { name: 'Next' }));
    await app.user.click(within(d).getByRole('radio', { name: /7 days/ }));
    await app.user.click(within(d).getByRole('button', { name: 'Next' }));
    expect(d).toHaveTextContent('You have no card yet.');
    await app.user.click(within(d).getByRole('button', { name: 'Review' }));
    expect(within(d).getByRole('alert')).toHaveTextContent(BillingMessages.noPaymentMethod);
    await app.user.click(within(d).getByRole('button', { name: 'Add a card' }));
    expect(await within(d).findByRole('heading', { name: 'Test mode' })).toBeInTheDocument();
    await app.user.type(within(d).getByLabelText('Card number'), '4242 4242 4242 4242');
    await app.user.type(within(d).getByLabelText('Expiry (MM/YY)'), '12/30');
    await app.user.type(within(d).getByLabelText('CVC'), '123');
    expect(d).toHaveTextContent('Your first card becomes your default card.');
    await app.user.click(within(d).getByRole('button', { name: 'Add card' }));
    expect(await within(d).findByRole('radio', { name: /American Express/ })).toBeChecked();
    await app.user.click(within(d).getByRole('button', { name: 'Review' }));
    await app.user.click(within(d).getByRole('button', { name: 'Pay $29.00 and boost' }));
    expect(await within(d).findByText(BillingMessages.boosted)).toBeInTheDocument();
    expect(calls.creates[0]).toMatchObject({ tierId: 'standard', lengthDays: 7, paymentMethodId: amex.id });
  });

  it('closes with Escape and gives the focus back to Boost', async () => {
    const { app } = jobsPage();
    const button = await boostButton(nurse.title);
    await app.user.click(button);
    const d = await dialog();
    await within(d).findByRole('radio', { name: /Premium/ });
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(
        within(screen.getByRole('article', { name: nurse.title })).getByRole('button', { name: `Boost ${nurse.title}` }),
      ).toHaveFocus(),
    );
  });

  it('says "Failed to load boost tiers" when the tiers cannot be read', async () => {
    const logic = boostMachine.provide({
      actors: {
        load: fromPromise<BoostLoaded>(() => Promise.reject(new LoadFailure(BillingMessages.loadTiers))),
      },
    });
    const { app } = jobsPage(employer, { logic, calls: { creates: [], auth: [], confirms: [] } });
    await app.user.click(await boostButton(nurse.title));
    expect(await within(await dialog()).findByRole('alert')).toHaveTextContent(BillingMessages.loadTiers);
  });
});

describe('a job’s boost on its applicants page', () => {
  const jobsWithApplicants: JobWithApplicants[] = [
    {
      jobId: nurse.id,
      title: nurse.title,
      status: 'Active',
      applicants: 2,
      newApplicants: 1,
      byStatus: {} as JobWithApplicants['byStatus'],
    },
  ];
  function applicantsOf(stored: StoredSession, current: Subscription | null) {
    const logic = applicantListMachine.provide({
      actors: {
        load: fromPromise<ApplicantPage, ApplicantListRequest>(async () => applicantPage(demoApplicants.slice(0, 2), 2)),
        loadJobs: fromPromise<JobWithApplicants[]>(async () => jobsWithApplicants),
      },
    });
    const jobBoostLogic = jobBoostMachine.provide({
      actors: {
        load: fromPromise<Subscription | null, { jobId: string }>(async () => current),
        loadAnalytics: fromPromise<BoostAnalytics, { subscriptionId: string }>(async () => demoAnalytics),
      },
    });
    return renderInApp(<ApplicantsPage logic={logic} jobBoostLogic={jobBoostLogic} boostLogic={boostWith().logic} />, {
      path: `/user/applicants?jobId=${nurse.id}`,
      stored,
    });
  }

  it('offers the employer Boost this job, and shows the boost once made', async () => {
    const app = applicantsOf(employer, null);
    // The panel is billing's own chunk, loaded beside the list.
    await app.user.click(await screen.findByRole('button', { name: 'Boost this job' }, { timeout: 5000 }));
    const d = await dialog();
    await toConfirm(app);
    await app.user.click(within(d).getByRole('button', { name: 'Pay $168 and boost' }));
    await app.user.click(await within(d).findByRole('button', { name: 'Done' }));
    const group = await screen.findByRole('group', { name: `Boost of ${nurse.title}` });
    expect(group).toHaveTextContent('Boosted');
    expect(group).toHaveTextContent('Premium, renews 03-31-2026');
  });

  it('shows a recruiter the boost, without paying controls', async () => {
    applicantsOf(recruiter, activeBoost);
    const group = await screen.findByRole('group', { name: `Boost of ${nurse.title}` }, { timeout: 5000 });
    expect(group).toHaveTextContent('Boosted');
    // What the boost brought, which recruiters may read too.
    const brought = await within(group).findByLabelText('While boosted');
    expect(brought).toHaveTextContent(`Impressions:${demoAnalytics.impressions.toLocaleString('en-US')}`);
    expect(brought).toHaveTextContent(`Applications:${demoAnalytics.applications.toLocaleString('en-US')}`);
    expect(within(group).queryByRole('link', { name: 'Manage boosts' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Boost this job' })).not.toBeInTheDocument();
  });
});

describe('the draft wizard’s boost step', () => {
  const tiersLogic = boostTiersMachine.provide({ actors: { load: fromPromise<BoostTier[]>(async () => demoTiers) } });

  function wizard(stored: StoredSession, draft = sampleDraft(completeJobData, { ...reviewTracking, currentStep: 'subscriptionPlan' })) {
    const saves: SaveInput[] = [];
    const publishes: PublishInput[] = [];
    const logic = wizardMachine.provide({
      actors: {
        load: fromPromise<WizardLoaded, { draftId: string }>(async () => ({ draft, lookups: sampleLookups, local: null })),
        save: fromPromise(async ({ input }: { input: SaveInput }) => {
          saves.push(input);
          return sampleDraft(input.jobData, input.stepTracking);
        }),
        publish: fromPromise<CompanyJobDetail, PublishInput>(async ({ input }) => {
          publishes.push(input);
          return { ...nurse, jobData: input.jobData } as unknown as CompanyJobDetail;
        }),
      },
      delays: { autosaveDelay: 20 },
    });
    const boost = boostWith();
    const app = renderInApp(<PostJobPage logic={logic} tiersLogic={tiersLogic} boostLogic={boost.logic} today="2026-03-02" />, {
      path: `/user/jobs/post-job?draft=${DRAFT_ID}`,
      stored,
    });
    return { app, saves, publishes, boost };
  }

  it('keeps No boost or a tier and length in the draft, priced for display', async () => {
    const { app, saves } = wizard(employer);
    expect(await screen.findByRole('radio', { name: /No boost/ })).toBeChecked();
    await app.user.click(await screen.findByRole('radio', { name: /Premium/ }));
    await app.user.click(screen.getByRole('radio', { name: /30 days · \$168 · 20% off/ }));
    await waitFor(() =>
      expect(saves.at(-1)?.jobData.subscriptionPlan).toEqual({ tier: 'premium', length: 30, price: 168, discountPercentage: 20 }),
    );
    expect(screen.getByText(/Nothing is charged now/)).toBeInTheDocument();
    await app.user.click(screen.getByRole('radio', { name: /No boost/ }));
    await waitFor(() => expect(saves.at(-1)?.jobData.subscriptionPlan).toBeNull());
  });

  it('opens the boost dialog on the plan’s card once the employer publishes, then the active jobs', async () => {
    const planned = { ...completeJobData, subscriptionPlan: { tier: 'standard', length: 14, price: 52, discountPercentage: 10 } };
    const { app, boost } = wizard(employer, sampleDraft(planned, reviewTracking));
    expect(await screen.findByText('Standard, 14 days, $52.00 (10% off): paid after publishing')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Publish job' }));
    const d = await dialog();
    expect(d).toHaveAccessibleName(`Boost “${nurse.title}”`);
    expect(await within(d).findByText('Step 3 of 4: card')).toBeInTheDocument();
    await app.user.click(within(d).getByRole('button', { name: 'Review' }));
    expect(d).toHaveTextContent('Standard, 14 days');
    await app.user.click(within(d).getByRole('button', { name: 'Pay $52.00 and boost' }));
    await app.user.click(await within(d).findByRole('button', { name: 'Done' }));
    expect(boost.calls.creates[0]).toMatchObject({ tierId: 'standard', lengthDays: 14, fromDraft: true });
    await waitFor(() => expect(app.location()).toBe('/user/jobs?job=active'));
  });

  it('tells a recruiter the employer pays, and publishes without the dialog', async () => {
    const planned = { ...completeJobData, subscriptionPlan: { tier: 'standard', length: 14, price: 52, discountPercentage: 10 } };
    const { app } = wizard(recruiter, sampleDraft(planned, { ...reviewTracking, currentStep: 'subscriptionPlan' }));
    expect(await screen.findByText(/Your company’s employer pays for boosts/)).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Next' }));
    await app.user.click(await screen.findByRole('button', { name: 'Publish job' }));
    await waitFor(() => expect(app.location()).toBe('/user/jobs?job=active'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(async () => {});
  });
});
