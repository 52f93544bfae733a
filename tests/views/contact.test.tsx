import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { ContactMessages, type ContactInput } from '../../src/contract/contact.ts';
import { contactMachine } from '../../src/machines/public/contact.machine.ts';
import { ApiError } from '../../src/services/http.ts';
import ContactPage from '../../src/views/public/contact.view.tsx';
import { renderApp, renderInApp } from '../support/client/app-harness.tsx';

function contactPage(answer: (input: ContactInput) => Promise<string> = async () => ContactMessages.thanks) {
  const sends: ContactInput[] = [];
  const logic = contactMachine.provide({
    actors: { send: fromPromise<string, ContactInput>(({ input }) => (sends.push(input), answer(input))) },
  });
  const app = renderInApp(<ContactPage logic={logic} />, { path: '/contact' });
  return { app, sends };
}

const field = (name: string) => screen.getByRole('textbox', { name });
const send = () => screen.getByRole('button', { name: 'Send message' });

async function fillIn(
  app: ReturnType<typeof contactPage>['app'],
  values: Partial<Record<'Your name' | 'Your email' | 'Subject (optional)' | 'Message', string>>,
) {
  for (const [label, value] of Object.entries(values)) {
    await app.user.clear(field(label));
    if (value) await app.user.type(field(label), value);
  }
  await app.user.tab();
}

describe('the contact page', () => {
  it('has a labelled field for each thing to say, and Send waits for a valid message', async () => {
    contactPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Contact us' })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Send us a message' });
    expect(
      within(form)
        .getAllByRole('textbox')
        .map((b) => b.getAttribute('name')),
    ).toEqual(['name', 'email', 'subject', 'message']);
    expect(send()).toBeDisabled();
  });

  it('shows the contract’s rule under a field once it is left, and sends once every rule is met', async () => {
    const { app, sends } = contactPage();
    await app.user.click(field('Your name'));
    await app.user.tab();
    expect(await screen.findByText(ContactMessages.name)).toBeInTheDocument();
    expect(field('Your name')).toHaveAccessibleDescription(ContactMessages.name);
    await fillIn(app, { 'Your email': 'robin@' });
    expect(screen.getByText(ContactMessages.email)).toBeInTheDocument();

    await fillIn(app, { 'Your name': 'Robin Lee', 'Your email': 'robin@example.com', Message: 'How are jobs verified?' });
    expect(screen.queryByText(ContactMessages.name)).not.toBeInTheDocument();
    expect(screen.queryByText(ContactMessages.email)).not.toBeInTheDocument();
    await app.user.click(send());
    expect(await screen.findByText(ContactMessages.thanks)).toBeInTheDocument();
    expect(sends).toEqual([{ name: 'Robin Lee', email: 'robin@example.com', subject: '', message: 'How are jobs verified?', website: '' }]);

    // Write another: the name and email stay.
    await app.user.click(screen.getByRole('button', { name: 'Write another message' }));
    expect(field('Your name')).toHaveValue('Robin Lee');
    expect(field('Message')).toHaveValue('');
  });

  it('shows the server’s word on a field next to that field', async () => {
    const { app } = contactPage(() =>
      Promise.reject(new ApiError('client', 400, ContactMessages.email, [ContactMessages.email], { email: ContactMessages.email })),
    );
    await fillIn(app, { 'Your name': 'Robin', 'Your email': 'robin@example.com', Message: 'Hi' });
    await app.user.click(send());
    await waitFor(() => expect(field('Your email')).toHaveAccessibleDescription(ContactMessages.email));
  });

  it('says so in the product’s words when too many messages came from the network (429)', async () => {
    const { app } = contactPage(() => Promise.reject(new ApiError('client', 429, '')));
    await fillIn(app, { 'Your name': 'Robin', 'Your email': 'robin@example.com', Message: 'Hi' });
    await app.user.click(send());
    expect(await screen.findByRole('alert')).toHaveTextContent(ContactMessages.tooManyRequests);
    // The message is still there to send later.
    expect(field('Message')).toHaveValue('Hi');
  });

  it('keeps the field for bots out of sight, out of the tab order and away from screen readers; what a bot puts there is sent', async () => {
    const { app, sends } = contactPage();
    const hidden = document.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(hidden).not.toBeNull();
    expect(hidden.tabIndex).toBe(-1);
    expect(hidden.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: /website/i })).not.toBeInTheDocument();
    await fillIn(app, { 'Your name': 'Bot', 'Your email': 'bot@example.com', Message: 'Buy now' });
    // A keyboard user tabs from the message straight to Send.
    field('Message').focus();
    await app.user.tab();
    expect(send()).toHaveFocus();
    await app.user.type(hidden, 'https://spam.example');
    await app.user.click(send());
    await screen.findByText(ContactMessages.thanks);
    expect(sends[0]!.website).toBe('https://spam.example');
  });

  it('is the page at /contact, reached from the footer', async () => {
    renderApp({ path: '/about-us' });
    await screen.findByRole('heading', { level: 1, name: 'About us' }, { timeout: 3000 });
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
  });
});
