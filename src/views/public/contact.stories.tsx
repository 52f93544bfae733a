import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import { ContactMessages, type ContactInput } from '../../contract/contact.ts';
import { contactMachine, type ContactContext } from '../../machines/public/contact.machine.ts';
import { ApiError } from '../../services/http.ts';
import { after, withAccountProviders } from '../account/stories-support.tsx';
import ContactPage from './contact.view.tsx';

/** The server thanks after a moment. */
const logic = contactMachine.provide({
  actors: { send: fromPromise<string, ContactInput>(() => after(1000, ContactMessages.thanks)) },
});

const filled = {
  name: 'Robin Lee',
  email: 'robin@example.com',
  subject: 'A question about pay',
  message: 'How are jobs verified?',
  website: '',
};
const at = (value: string | Record<string, string>, c: Partial<ContactContext> = {}) =>
  logic.resolveState({
    value,
    context: { values: filled, touched: {}, errors: {}, serverErrors: {}, error: null, thanks: null, ...c },
  });

const meta = {
  title: 'Public/Contact',
  component: ContactPage,
  decorators: [withAccountProviders],
  args: { logic },
  parameters: { layout: 'fullscreen', route: '/contact' },
} satisfies Meta<typeof ContactPage>;

export default meta;
type Story = StoryObj<typeof meta>;
const dark = { theme: 'dark' } as const;

/** editing: an empty form; Send waits for a valid one. */
export const Empty: Story = {};
export const EmptyDark: Story = { ...Empty, globals: dark };
/** editing: what the contract's rules say of the fields left, before anything is sent. */
export const FieldErrors: Story = {
  args: {
    snapshot: at(
      { editing: 'idle' },
      {
        values: { ...filled, name: '', email: 'robin@', message: '' },
        touched: { name: true, email: true, message: true },
        errors: { name: ContactMessages.name, email: ContactMessages.email, message: ContactMessages.message },
      },
    ),
  },
};
/** editing, filled in: ready to send. */
export const Filled: Story = { args: { snapshot: at({ editing: 'idle' }) } };
/** submitting: the message on its way. */
export const Sending: Story = { args: { snapshot: at('submitting') } };
/** editing.failed: the server's word on a field, next to it. */
export const ServerFieldError: Story = {
  args: { snapshot: at({ editing: 'failed' }, { serverErrors: { email: ContactMessages.email } }) },
};
/** editing.failed: too many messages from this network (429). */
export const RateLimited: Story = { args: { snapshot: at({ editing: 'failed' }, { error: ContactMessages.tooManyRequests }) } };
export const RateLimitedDark: Story = { ...RateLimited, globals: dark };
/** sent: the team's thanks, and Write another message. */
export const Sent: Story = { args: { snapshot: at('sent', { thanks: ContactMessages.thanks }) } };
export const SentDark: Story = { ...Sent, globals: dark };

/** The server refuses: a story of the call failing with 429 from the start. */
export const RefusedOnSend: Story = {
  args: {
    logic: contactMachine.provide({
      actors: {
        send: fromPromise<string, ContactInput>(() =>
          after(600, null).then(() => Promise.reject(new ApiError('client', 429, ContactMessages.tooManyRequests))),
        ),
      },
    }),
    snapshot: at({ editing: 'idle' }),
  },
};
