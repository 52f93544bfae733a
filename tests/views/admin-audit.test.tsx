import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { AdminMessages, type AuditList } from '../../src/contract/admin.ts';
import { formatAuditTime } from '../../src/lib/audit.ts';
import { auditMachine, type AuditQuery } from '../../src/machines/admin/audit.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import AuditPage from '../../src/views/admin/audit.view.tsx';
import { demoAdmin, demoAudit, demoAuditList, otherAdmin, quickCash, rapidRoutes } from '../../src/views/admin/office-stories-support.ts';
import { renderInApp, storedSessionFor } from '../support/client/app-harness.tsx';

const superAdmin = storedSessionFor({ id: 'a-1', email: 'admin@demo.local', firstName: 'Avery', lastName: 'Quinn', role: 'SuperAdmin' });

function auditPage(options: { path?: string; load?: (q: AuditQuery) => Promise<AuditList> } = {}) {
  const loads: AuditQuery[] = [];
  const logic = auditMachine.provide({
    actors: {
      load: fromPromise<AuditList, AuditQuery>(({ input }) => {
        loads.push(input);
        return options.load ? options.load(input) : Promise.resolve(demoAuditList(input));
      }),
    },
  });
  const app = renderInApp(<AuditPage logic={logic} />, { path: options.path ?? '/back-office/audit', stored: superAdmin });
  return { app, loads };
}

const trail = () => screen.getByRole('table', { name: 'Administrator actions, newest first' });
/** The trail's own rows, not those of the changes inside them. */
const rows = () => [...trail().querySelectorAll<HTMLElement>(':scope > tbody > tr')];
const none = { action: null, from: null, to: null, companyId: null, adminId: null };

describe('the audit trail page', () => {
  it('shows every action newest first: when, who, what, the target, the reason, and what changed on request', async () => {
    const { app, loads } = auditPage();
    expect(await screen.findByText(`${demoAudit.length} actions`)).toBeInTheDocument();
    expect(loads).toEqual([{ ...none, pageNumber: 1 }]);
    expect(screen.getByText(/The trail cannot be changed or deleted\./)).toBeInTheDocument();
    expect(
      within(trail().querySelector('thead')!)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['When', 'Who', 'What', 'Target', 'Reason', 'Changes']);
    expect(rows()).toHaveLength(10);

    const first = rows()[0]!;
    expect(within(first).getAllByRole('rowheader')[0]).toHaveTextContent('Deactivated a company');
    expect(first).toHaveTextContent(formatAuditTime(demoAudit[0]!.at));
    expect(formatAuditTime(demoAudit[0]!.at)).toMatch(/^03-12-2025 /);
    expect(first).toHaveTextContent(`${demoAdmin.name}${demoAdmin.email}`);
    expect(within(first).getByRole('link', { name: rapidRoutes.name })).toHaveAttribute('href', `/back-office/company/${rapidRoutes.id}`);
    expect(first).toHaveTextContent('Owner asked to pause hiring while the TIN is checked.');

    const disclosure = within(first).getByText('Before → after');
    expect(within(first).getByRole('table', { hidden: true })).not.toBeVisible();
    await app.user.click(disclosure);
    const changes = within(first).getByRole('table');
    expect(changes).toBeVisible();
    expect(
      within(changes)
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getByRole('rowheader').textContent),
    ).toEqual(['State', 'Deactivated at', 'Deactivation reason']);
    expect(within(changes).getAllByRole('row')[1]).toHaveTextContent('Stateactiveinactive');
  });

  it('narrows by action and days from page 1, keeping every filter in the address', async () => {
    const { app, loads } = auditPage({ path: '/back-office/audit?page=2' });
    await screen.findByText(`${demoAudit.length} actions`);
    expect(loads[0]!.pageNumber).toBe(2);

    await app.user.click(screen.getByRole('button', { name: /Action/ }));
    await app.user.click(await screen.findByRole('option', { name: 'Activated a company' }));
    await screen.findByText('2 actions');
    expect(loads.at(-1)).toEqual({ ...none, action: 'company.activate', pageNumber: 1 });
    expect(app.location()).toBe('/back-office/audit?action=company.activate');

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-03-01' } });
    await screen.findByText('1 action');
    expect(loads.at(-1)).toEqual({ ...none, action: 'company.activate', from: '2025-03-01', pageNumber: 1 });
    expect(app.location()).toBe('/back-office/audit?action=company.activate&from=2025-03-01');
    expect(screen.getByLabelText('To')).toHaveAttribute('min', '2025-03-01');
  });

  it('narrows by an administrator met in the trail', async () => {
    const { app, loads } = auditPage();
    await screen.findByText(`${demoAudit.length} actions`);
    await app.user.click(screen.getByRole('button', { name: /Administrator/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(expect.arrayContaining([demoAdmin.name, otherAdmin.name]));
    await app.user.click(screen.getByRole('option', { name: otherAdmin.name }));
    await waitFor(() => expect(loads.at(-1)).toEqual({ ...none, adminId: otherAdmin.id, pageNumber: 1 }));
    await waitFor(() => expect(rows().every((r) => r.textContent!.includes(otherAdmin.name))).toBe(true));
    expect(app.location()).toBe(`/back-office/audit?adminId=${otherAdmin.id}`);
  });

  it('opens on one company’s actions from ?companyId=, names it, and Show all keeps the other filters', async () => {
    const { app, loads } = auditPage({ path: `/back-office/audit?action=company.activate&companyId=${quickCash.id}` });
    await screen.findByText('1 action');
    expect(loads[0]).toEqual({ ...none, action: 'company.activate', companyId: quickCash.id, pageNumber: 1 });
    expect(screen.getByText(/The actions of/)).toHaveTextContent(`The actions of ${quickCash.name} only.`);
    await app.user.click(screen.getByRole('link', { name: 'Show all' }));
    await screen.findByText('2 actions');
    expect(loads.at(-1)).toEqual({ ...none, action: 'company.activate', pageNumber: 1 });
    expect(app.location()).toBe('/back-office/audit?action=company.activate');
  });

  it('pages 10 at a time', async () => {
    const { app } = auditPage();
    await screen.findByText('Page 1 of 2');
    await app.user.click(screen.getByRole('button', { name: /Next/ }));
    await screen.findByText('Page 2 of 2');
    expect(rows()).toHaveLength(2);
    expect(app.location()).toBe('/back-office/audit?page=2');
  });

  it('says when no action matches', async () => {
    auditPage({ load: async (q) => demoAuditList(q, []) });
    expect(await screen.findByText(AdminMessages.noAudit)).toBeInTheDocument();
  });

  it('shows the state errors of a failed read', async () => {
    auditPage({
      path: '/back-office/audit?companyId=nope',
      load: async () => {
        throw new ApiError('client', 400, AdminMessages.companyNotFound, [AdminMessages.companyNotFound]);
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(AdminMessages.companyNotFound);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
