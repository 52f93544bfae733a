import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { ContactMessages } from '../../src/contract/contact.ts';
import { unsubscribeMachine } from '../../src/machines/public/unsubscribe.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import UnsubscribePage from '../../src/views/public/unsubscribe.view.tsx';
import { renderInApp } from '../support/client/app-harness.tsx';

const answering = (answer: (token: string) => Promise<string>) =>
  unsubscribeMachine.provide({ actors: { unsubscribe: fromPromise<string, { token: string }>(({ input }) => answer(input.token)) } });

describe('the unsubscribe link of a job alert', () => {
  it('leaves the alert and says so, with a way on to the jobs', async () => {
    const tokens: string[] = [];
    renderInApp(<UnsubscribePage logic={answering(async (t) => (tokens.push(t), ContactMessages.unsubscribed))} />, {
      path: '/job-alerts/unsubscribe?token=abc',
    });
    expect(await screen.findByText(ContactMessages.unsubscribed)).toBeInTheDocument();
    expect(tokens).toEqual(['abc']);
    expect(screen.getByRole('link', { name: 'Browse jobs' })).toHaveAttribute('href', '/jobs');
  });

  it('says a used or broken link is invalid', async () => {
    renderInApp(
      <UnsubscribePage logic={answering(() => Promise.reject(new ApiError('client', 404, ContactMessages.unsubscribeLinkInvalid)))} />,
      {
        path: '/job-alerts/unsubscribe?token=used',
      },
    );
    expect(await screen.findByText(ContactMessages.unsubscribeLinkInvalid)).toBeInTheDocument();
  });
});
