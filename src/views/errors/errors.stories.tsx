import type { Meta, StoryObj } from '@storybook/react-vite';
import NotFoundPage from './not-found.view.tsx';
import { ServerErrorView } from './server-error.view.tsx';
import UnexpectedErrorView from './unexpected-error.view.tsx';

const meta = {
  title: 'Errors/Error pages',
  component: NotFoundPage,
  parameters: { layout: 'fullscreen', docs: { story: { height: '440px' } } },
} satisfies Meta<typeof NotFoundPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const dark = { theme: 'dark' } as const;

/** /error-404 and every unknown path. */
export const NotFound: Story = { parameters: { route: '/no-such-page' } };

export const NotFoundDark: Story = { ...NotFound, globals: dark };

/** /error-500 and any page that fails to render; the address comes from the server's settings. */
export const ServerError: Story = {
  parameters: { route: '/error-500' },
  render: () => <ServerErrorView supportEmail="support@jobmarketplace.example" />,
};

export const ServerErrorDark: Story = { ...ServerError, globals: dark };

/** Shown when even the application shell fails to render. */
export const UnexpectedError: Story = {
  render: () => <UnexpectedErrorView />,
};

export const UnexpectedErrorDark: Story = { ...UnexpectedError, globals: dark };
