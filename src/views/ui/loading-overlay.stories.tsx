import type { Meta, StoryObj } from '@storybook/react-vite';
import { LoadingOverlay } from './loading-overlay.tsx';

const meta = {
  title: 'UI/Loading overlay',
  component: LoadingOverlay,
  args: { open: true },
  parameters: {
    layout: 'fullscreen',
    docs: { story: { height: '320px' } },
  },
  render: (args) => (
    <div className="p-3">
      <h1 className="text-2xl font-bold">Saved jobs</h1>
      <p className="mt-1 text-muted">The page underneath stays visible through the backdrop while data loads.</p>
      <LoadingOverlay {...args} />
    </div>
  ),
} satisfies Meta<typeof LoadingOverlay>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};

export const OpenDark: Story = { globals: { theme: 'dark' } };
