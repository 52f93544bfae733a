import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import type { ContactMessageList } from '../../contract/admin.ts';
import { messagesMachine, type MessagesContext } from '../../machines/admin/messages.machine.ts';
import { HttpMessages } from '../../services/http.ts';
import { after } from '../account/stories-support.tsx';
import MessagesPage from './messages.view.tsx';
import { demoMessagesPage } from './messages-stories-support.ts';
import { withSuperAdmin } from './office-stories-support.ts';

/** The server answers each page after a moment. */
const logic = messagesMachine.provide({
  actors: { load: fromPromise<ContactMessageList, { pageNumber: number }>(({ input }) => after(600, demoMessagesPage(input.pageNumber))) },
});
const at = (value: string, c: Partial<MessagesContext> = {}) =>
  logic.resolveState({ value, context: { pageNumber: 1, list: demoMessagesPage(1), errors: [], ...c } });

const meta = {
  title: 'Back office/Messages',
  component: MessagesPage,
  decorators: [withSuperAdmin],
  args: { logic },
  parameters: { layout: 'fullscreen', route: '/back-office/messages', docs: { story: { height: '1000px' } } },
} satisfies Meta<typeof MessagesPage>;

export default meta;
type Story = StoryObj<typeof meta>;
const dark = { theme: 'dark' } as const;

/** From the start: the newest messages; the pages answer. */
export const FromTheStart: Story = {};
/** loading, the first time. */
export const Loading: Story = { args: { snapshot: at('loading', { list: null }) } };
/** ready: the newest messages, each with its sender and a reply link. */
export const Ready: Story = { args: { snapshot: at('ready') } };
export const ReadyDark: Story = { ...Ready, globals: dark };
/** loading the next page: the last one stays, dimmed. */
export const NextPage: Story = { args: { snapshot: at('loading', { pageNumber: 2 }) } };
/** ready, no messages yet. */
export const Empty: Story = { args: { snapshot: at('ready', { list: { messages: [], totalCount: 0, pageNumber: 1, pageSize: 10 } }) } };
/** failed: the answer's errors and Try again. */
export const Failed: Story = { args: { snapshot: at('failed', { list: null, errors: [HttpMessages.failed] }) } };
export const FailedDark: Story = { ...Failed, globals: dark };
