import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { fromPromise } from 'xstate';
import { AdminMessages, type AdminCompanyDetail, type AdminCompanyRow, type CompanyActionAnswer } from '../../src/contract/admin.ts';
import { companyActionMachine, type CompanyActionRequest } from '../../src/machines/admin/company-action.machine.ts';
import { companyPageMachine, type CompanyPageInput } from '../../src/machines/admin/company.machine.ts';
import { ApiError, HttpMessages } from '../../src/services/http.ts';
import { actionAnswer, demoCompanyDetail, northwind, quickCash } from '../../src/views/admin/admin-stories-support.ts';
import CompanyPage from '../../src/views/admin/company.view.tsx';
import { renderInApp, storedSessionFor } from '../support/client/app-harness.tsx';

const admin = storedSessionFor({ id: 'sa-1', email: 'admin@demo.local', firstName: 'Sam', lastName: 'Carter', role: 'SuperAdmin' });
const REASON = 'Asked applicants for a fee to start.';

/** The company page under its route, with GetCompanyById and the actions answered as a server would, every call recorded. */
function companyPage(
  row: AdminCompanyRow = northwind,
  options: {
    load?: (input: CompanyPageInput) => Promise<AdminCompanyDetail>;
    send?: (input: CompanyActionRequest) => Promise<CompanyActionAnswer>;
  } = {},
) {
  const calls = { loads: [] as CompanyPageInput[], actions: [] as CompanyActionRequest[] };
  let current = row;
  const logic = companyPageMachine.provide({
    actors: {
      load: fromPromise<AdminCompanyDetail, CompanyPageInput>(({ input }) => {
        calls.loads.push(input);
        return options.load ? options.load(input) : Promise.resolve(demoCompanyDetail(current));
      }),
      action: companyActionMachine.provide({
        actors: {
          send: fromPromise<CompanyActionAnswer, CompanyActionRequest>(async ({ input }) => {
            calls.actions.push(input);
            const answer = options.send ? await options.send(input) : actionAnswer(input, current);
            current = answer.company;
            return answer;
          }),
        },
      }),
    },
  });
  const app = renderInApp(
    <Route path="/back-office/company/:id">
      <CompanyPage logic={logic} />
    </Route>,
    { path: `/back-office/company/${row.id}`, stored: admin },
  );
  return { app, calls };
}

const tabs = () => screen.getByRole('tablist', { name: 'Company' });
const panel = () => screen.getByRole('tabpanel');

describe('a company in the back office', () => {
  it('shows its state and details, and moves between its tabs with the arrow keys', async () => {
    const { app, calls } = companyPage();
    expect(await screen.findByRole('heading', { level: 1, name: northwind.displayName })).toBeInTheDocument();
    expect(calls.loads).toEqual([{ companyId: northwind.id }]);
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(
      within(tabs())
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Details', 'Staff', 'Jobs', 'Reports (3 open)', 'Boosts', 'Audit']);
    expect(panel()).toHaveTextContent(`EIN ••••${northwind.tinLastFour}`);
    expect(panel()).toHaveTextContent('rules:EIN');
    expect(screen.getByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Blacklist' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Whitelist' })).not.toBeInTheDocument();

    act(() => within(tabs()).getByRole('tab', { name: 'Details' }).focus());
    await app.user.keyboard('{ArrowRight}');
    expect(within(tabs()).getByRole('tab', { name: 'Staff' })).toHaveAttribute('aria-selected', 'true');
    // Each person leads to their page; the owner is named as such.
    expect(within(panel()).getByRole('link', { name: 'Casey Nguyen' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/back-office\/recruiters\//),
    );
    expect(within(panel()).getByRole('link', { name: 'Robin Hale' })).toHaveAttribute(
      'href',
      `/back-office/recruiters/${northwind.owner!.id}`,
    );
    expect(panel()).toHaveTextContent('Employer (owner)');

    await app.user.keyboard('{ArrowRight}');
    expect(within(panel()).getAllByRole('row')).toHaveLength(4);
    expect(panel()).toHaveTextContent('Boosted');

    await app.user.keyboard('{ArrowRight}');
    expect(within(panel()).getByRole('link', { name: 'Work these reports in the queue' })).toHaveAttribute(
      'href',
      `/back-office/reports?companyId=${northwind.id}`,
    );
    expect(within(panel()).getByRole('region', { name: 'Reports of Warehouse Associate' })).toHaveTextContent('3 reports');
    expect(panel()).toHaveTextContent('It looks like a scam or asks for money');

    await app.user.keyboard('{ArrowRight}');
    expect(panel()).toHaveTextContent('Premium');
    expect(panel()).toHaveTextContent('$99.00');

    await app.user.keyboard('{End}');
    expect(within(panel()).getByRole('row', { name: /Activated a company/ })).toHaveTextContent('Verified the owner by phone');
    expect(within(panel()).getByRole('link', { name: 'See the whole trail' })).toHaveAttribute(
      'href',
      `/back-office/audit?companyId=${northwind.id}`,
    );
  });

  it('shows why and since when a blacklisted company is blacklisted, and offers only Whitelist', async () => {
    companyPage(quickCash);
    expect(await screen.findByRole('heading', { level: 1, name: quickCash.displayName })).toBeInTheDocument();
    expect(screen.getAllByRole('alert')[0]).toHaveTextContent(`Blacklisted on 03-10-2025. ${quickCash.blacklistReason}`);
    expect(screen.getByRole('button', { name: 'Whitelist' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
  });

  it('blacklists with a reason: says what it does, asks for the reason, sends it, toasts the answer and reads the company again', async () => {
    const { app, calls } = companyPage();
    await app.user.click(await screen.findByRole('button', { name: 'Blacklist' }));
    const dialog = await screen.findByRole('dialog', { name: `Blacklist ${northwind.displayName}?` });
    expect(dialog).toHaveTextContent(
      'Its staff are signed out, its open jobs close and their applicants are told, its boosts stop, and its TIN cannot register again.',
    );
    const reason = within(dialog).getByRole('textbox', { name: 'Reason (required)' });
    await waitFor(() => expect(reason).toHaveFocus());

    // Without a reason nothing is sent, and the field says why.
    await app.user.keyboard('{Tab}{Tab}{Enter}');
    expect(await within(dialog).findByText(AdminMessages.reason)).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(calls.actions).toEqual([]);

    await app.user.type(reason, REASON);
    expect(within(dialog).queryByText(AdminMessages.reason)).not.toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Blacklist company' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.actions).toEqual([{ companyId: northwind.id, action: 'blacklist', reason: REASON }]);
    expect(await screen.findByText(AdminMessages.blacklisted(northwind.displayName))).toBeInTheDocument();
    await waitFor(() => expect(calls.loads).toHaveLength(2));
    expect(await screen.findByRole('button', { name: 'Whitelist' })).toBeInTheDocument();
    expect(screen.getAllByRole('alert').some((a) => a.textContent?.includes(REASON))).toBe(true);
  });

  it('keeps the dialog focused, closes it with Escape without doing anything, and refuses a reason over 500 characters', async () => {
    const { app, calls } = companyPage();
    await app.user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: `Deactivate ${northwind.displayName}?` });
    // Tab goes round the dialog's own controls: the reason, Cancel, the confirm button, the close button.
    for (let i = 0; i < 5; i++) {
      await app.user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.actions).toEqual([]);

    await app.user.click(screen.getByRole('button', { name: 'Deactivate' }));
    const again = await screen.findByRole('dialog');
    const reason = within(again).getByRole('textbox', { name: 'Reason (required)' });
    await app.user.click(reason);
    await app.user.paste('x'.repeat(501));
    await app.user.click(within(again).getByRole('button', { name: 'Deactivate company' }));
    expect(await within(again).findByText(AdminMessages.reason)).toBeInTheDocument();
    expect(within(again).getByText('501 / 500')).toBeInTheDocument();
    expect(calls.actions).toEqual([]);
  });

  it('shows the server’s word on the reason at the field, and another failure in the dialog to try again', async () => {
    let answer: 'field' | 'offline' | 'ok' = 'field';
    const { app, calls } = companyPage(northwind, {
      send: async (input) => {
        if (answer === 'field')
          throw ApiError.of('request.invalid', AdminMessages.reason, { fieldErrors: { reason: AdminMessages.reason } });
        if (answer === 'offline') throw new ApiError('network', 0, HttpMessages.network);
        return actionAnswer(input);
      },
    });
    await app.user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog');
    await app.user.type(within(dialog).getByRole('textbox', { name: 'Reason (required)' }), 'Owner asked');
    await app.user.click(within(dialog).getByRole('button', { name: 'Deactivate company' }));
    expect(await within(dialog).findByText(AdminMessages.reason)).toBeInTheDocument();
    answer = 'offline';
    await app.user.click(within(dialog).getByRole('button', { name: 'Deactivate company' }));
    expect(await within(dialog).findByText(HttpMessages.network)).toBeInTheDocument();
    answer = 'ok';
    await app.user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.actions).toHaveLength(3);
    expect(await screen.findByText(AdminMessages.deactivated(northwind.displayName))).toBeInTheDocument();
  });

  it('says when there is no such company, with the way back to the list', async () => {
    companyPage(northwind, {
      load: async () => {
        throw ApiError.of('company.notFound', AdminMessages.companyNotFound);
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(AdminMessages.companyNotFound);
    expect(screen.getByRole('heading', { level: 1, name: 'Company not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the companies' })).toHaveAttribute('href', '/back-office/company');
  });
});
