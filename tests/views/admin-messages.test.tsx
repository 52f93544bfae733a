import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { NO_CONTACT_MESSAGES, type ContactMessageList } from '../../src/contract/admin.ts';
import { formatAuditTime } from '../../src/lib/audit.ts';
import { messagesMachine } from '../../src/machines/admin/messages.machine.ts';
import { ApiError, HttpMessages } from '../../src/services/http.ts';
import MessagesPage from '../../src/views/admin/messages.view.tsx';
import { demoContactMessages, demoMessagesPage } from '../../src/views/admin/messages-stories-support.ts';
import { renderInApp, storedSessionFor } from '../support/client/app-harness.tsx';

const superAdmin = storedSessionFor({ id: 'a-1', email: 'admin@demo.local', firstName: 'Avery', lastName: 'Quinn', role: 'SuperAdmin' });

function messagesPage(options: { path?: string; load?: (page: number) => Promise<ContactMessageList> } = {}) {
  const loads: number[] = [];
  const logic = messagesMachine.provide({
    actors: {
      load: fromPromise<ContactMessageList, { pageNumber: number }>(({ input }) => {
        loads.push(input.pageNumber);
        return options.load ? options.load(input.pageNumber) : Promise.resolve(demoMessagesPage(input.pageNumber));
      }),
    },
  });
  const app = renderInApp(<MessagesPage logic={logic} />, { path: options.path ?? '/back-office/messages', stored: superAdmin });
  return { app, loads };
}

const items = () => within(screen.getByRole('list', { name: 'Contact messages, newest first' })).getAllByRole('article');

describe('the contact messages page', () => {
  it('lists the messages newest first, each with its sender, when it came and a reply link with the subject', async () => {
    messagesPage();
    expect(await screen.findByText(`${demoContactMessages.length} messages`)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Back office' })).getByRole('link', { name: 'Messages' })).toHaveAttribute(
      'href',
      '/back-office/messages',
    );
    expect(items()).toHaveLength(10);
    const first = items()[0]!;
    const m = demoContactMessages[0]!;
    expect(within(first).getByRole('heading', { name: m.subject! })).toBeInTheDocument();
    expect(first).toHaveTextContent(`${m.name} <${m.email}>`);
    expect(first).toHaveTextContent(formatAuditTime(m.createdAt));
    expect(first).toHaveTextContent('Could our career fair employers post part-time jobs');
    expect(within(first).getByRole('link', { name: `Reply to ${m.name} by email` })).toHaveAttribute(
      'href',
      `mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`,
    );
    // Without a subject it says so; signed in, the account shows.
    expect(within(items()[1]!).getByRole('heading', { name: 'No subject' })).toBeInTheDocument();
    expect(items()[2]).toHaveTextContent('Signed in as Priya Raman (owner@rcbakery.example), employer');
  });

  it('pages 10 at a time, the page kept in the address', async () => {
    const { app, loads } = messagesPage();
    await screen.findByText('Page 1 of 2');
    await app.user.click(screen.getByRole('button', { name: /Next/ }));
    await screen.findByText('Page 2 of 2');
    expect(items()).toHaveLength(2);
    expect(loads).toEqual([1, 2]);
    expect(app.location()).toBe('/back-office/messages?page=2');
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
  });

  it('opens at the page of the address', async () => {
    const { loads } = messagesPage({ path: '/back-office/messages?page=2' });
    await screen.findByText('Page 2 of 2');
    expect(loads).toEqual([2]);
  });

  it('says when there are no messages yet', async () => {
    messagesPage({ load: async () => ({ messages: [], totalCount: 0, pageNumber: 1, pageSize: 10 }) });
    expect(await screen.findByText(NO_CONTACT_MESSAGES)).toBeInTheDocument();
  });

  it('shows a failed read with Try again', async () => {
    let fail = true;
    const { app } = messagesPage({
      load: (page) => (fail ? Promise.reject(new ApiError('server', 500, HttpMessages.failed)) : Promise.resolve(demoMessagesPage(page))),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(HttpMessages.failed);
    fail = false;
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(`${demoContactMessages.length} messages`)).toBeInTheDocument();
  });
});
