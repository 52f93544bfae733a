import { act, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromPromise } from 'xstate';
import type { SessionUser } from '../../src/contract/account.ts';
import { applicantDetailMachine } from '../../src/machines/applicants/applicant-detail.machine.ts';
import { connectionStore, startConnection, stopConnection } from '../../src/machines/messaging/connection-runtime.ts';
import { messageInitMachine } from '../../src/machines/messaging/message-init.machine.ts';
import { MessagingMessages, type MessageInitRequest } from '../../src/contract/messaging.ts';
import { ApiError } from '../../src/services/http.ts';
import { unreadStore } from '../../src/services/unread-store.ts';
import { ApplicantDrawer } from '../../src/views/applicants/applicant-drawer.tsx';
import { demoApplicants, demoDetail } from '../../src/views/applicants/applicants-stories-support.ts';
import { TopNav } from '../../src/views/layout/top-nav.view.tsx';
import { renderApp, renderInApp, storedSessionFor } from '../support/client/app-harness.tsx';
import { testConnectionLogic } from '../support/client/messaging-harness.ts';

const seeker: SessionUser = { id: 'js-1', email: 'maria@example.com', firstName: 'Maria', lastName: 'Lopez', role: 'JobSeeker' };
const recruiter: SessionUser = { id: 'r-1', email: 'amir@northwind.example', firstName: 'Amir', lastName: 'Nguyen', role: 'Recruiter' };
const admin: SessionUser = { id: 'sa-1', email: 'sam@example.com', firstName: 'Sam', lastName: 'Carter', role: 'SuperAdmin' };

afterEach(() => {
  stopConnection();
  unreadStore.set(null);
});

function nav(user: SessionUser | null, unread: number | null) {
  const location = memoryLocation({ path: '/' });
  render(
    <Router hook={location.hook}>
      <TopNav
        user={user}
        unread={unread}
        profilePercentage={null}
        themeMode="light"
        onThemeChange={vi.fn()}
        onChangePassword={vi.fn()}
        onLogout={vi.fn()}
      />
    </Router>,
  );
  return within(screen.getByRole('navigation', { name: 'Main' }));
}

describe('the Messages link in the navigation', () => {
  it('says how many messages are unread, in its name as well as its badge', () => {
    const n = nav(seeker, 3);
    const link = n.getByRole('link', { name: 'Messages, 3 unread' });
    expect(link).toHaveAttribute('href', '/user/messaging');
    expect(link).toHaveTextContent('Messages3');
  });

  it('shows the unread count on the Menu button too, where narrow screens keep Messages', () => {
    expect(nav(seeker, 3).getByRole('button', { name: 'Menu, 3 unread messages' })).toHaveTextContent(/^Menu3/);
    document.body.innerHTML = '';
    expect(nav(seeker, 0).getByRole('button', { name: 'Menu' })).toHaveTextContent(/^Menu$/);
    document.body.innerHTML = '';
    expect(nav(admin, 5).getByRole('button', { name: 'Menu' })).toHaveTextContent(/^Menu$/);
  });

  it('is plain Messages with nothing unread, for staff too; administrators and visitors have none', () => {
    expect(nav(recruiter, 0).getByRole('link', { name: 'Messages' })).toBeInTheDocument();
    document.body.innerHTML = '';
    expect(nav(admin, 5).queryByRole('link', { name: /Messages/ })).not.toBeInTheDocument();
    document.body.innerHTML = '';
    expect(nav(null, null).queryByRole('link', { name: /Messages/ })).not.toBeInTheDocument();
  });

  it('the app starts the connection after sign-in for those who message, and shows what it counts', async () => {
    const connectMessaging = vi.fn(() => vi.fn());
    renderApp({ path: '/', stored: storedSessionFor(recruiter), layout: { connectMessaging } });
    await waitFor(() => expect(connectMessaging).toHaveBeenCalledWith({ id: 'r-1', role: 'Recruiter' }));
    act(() => unreadStore.set(4));
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Messages, 4 unread' })).toBeInTheDocument();
  });

  it('does not connect for an administrator', async () => {
    const connectMessaging = vi.fn(() => vi.fn());
    renderApp({ path: '/', stored: storedSessionFor(admin), layout: { connectMessaging } });
    await screen.findByRole('button', { name: /Sam/ });
    expect(connectMessaging).not.toHaveBeenCalled();
  });

  it('keeps one connection per tab, whose unread total the badge reads', async () => {
    const test = testConnectionLogic();
    const logic = test.logic;
    const first = startConnection('r-1', 'staff', logic);
    expect(startConnection('r-1', 'staff', logic)).toBe(first);
    expect(connectionStore.get()).toBe(first);
    await waitFor(() => expect(test.world.sockets.length).toBeGreaterThan(0));
    act(() => test.world.sockets.at(-1)!.sendBack({ type: 'socket.frame', frame: { type: 'ready', clientId: 'r-1', unread: 6 } }));
    expect(unreadStore.get()).toBe(6);
    act(() => test.world.sockets.at(-1)!.sendBack({ type: 'socket.frame', frame: { type: 'unread', unread: 2 } }));
    expect(unreadStore.get()).toBe(2);
    // Another user in this tab gets a connection of their own; signing out ends it.
    expect(startConnection('r-2', 'staff', logic)).not.toBe(first);
    expect(first.getSnapshot().status).toBe('stopped');
    stopConnection();
    expect(unreadStore.get()).toBeNull();
    expect(connectionStore.get()).toBeNull();
  });
});

describe('the applicant panel’s Message button', () => {
  const maria = demoApplicants[0]!;
  const detailLogic = applicantDetailMachine.provide({ actors: { load: fromPromise(async () => demoDetail(maria)) } });
  const stored = storedSessionFor(recruiter);

  function drawer(init: (input: MessageInitRequest) => Promise<string>) {
    const inits: MessageInitRequest[] = [];
    const messageLogic = messageInitMachine.provide({
      actors: {
        init: fromPromise<string, MessageInitRequest>(({ input }) => {
          inits.push(input);
          return init(input);
        }),
      },
    });
    const app = renderInApp(
      <ApplicantDrawer id={maria.id} onClose={vi.fn()} onUpdated={vi.fn()} logic={detailLogic} messageLogic={messageLogic} />,
      {
        path: '/user/applicants',
        stored,
      },
    );
    return { app, inits };
  }

  it('opens the conversation with the applicant about the job', async () => {
    const { app, inits } = drawer(async () => 'ch-nurse-maria');
    await app.user.click(await screen.findByRole('button', { name: 'Message' }));
    await waitFor(() => expect(app.location()).toBe('/user/messaging?c=ch-nurse-maria'));
    expect(inits).toEqual([{ applicantId: maria.id, jobPostId: maria.job.id }]);
  });

  it('says why it could not, in a toast', async () => {
    const { app } = drawer(async () => {
      throw new ApiError('invalid-response', 200, MessagingMessages.invalidInit);
    });
    await app.user.click(await screen.findByRole('button', { name: 'Message' }));
    expect(await screen.findByText('Invalid response from message-init API')).toBeInTheDocument();
    expect(app.location()).toBe('/user/applicants');
  });
});
