import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { AccountMessages } from '../../contract/account.ts';
import { OtpInput, type OtpInputProps } from './otp-input.tsx';

/** Keeps the value, so the boxes can be typed and pasted into. */
function Live(props: Omit<OtpInputProps, 'onChange'>) {
  const [value, setValue] = useState(props.value);
  return <OtpInput {...props} value={value} onChange={setValue} />;
}

const meta = {
  title: 'UI/OTP input',
  component: Live,
  args: { legend: 'One-time code', value: '' },
  parameters: { layout: 'centered' },
} satisfies Meta<typeof Live>;

export default meta;
type Story = StoryObj<typeof meta>;

const dark = { theme: 'dark' } as const;

export const Empty: Story = {};

export const EmptyDark: Story = { globals: dark };

/** Typing advances; the fourth box is next. */
export const PartlyFilled: Story = { args: { value: '381' } };

export const Filled: Story = { args: { value: '381904' } };

/** A hole left by backspace keeps the other digits in their boxes. */
export const WithAHole: Story = { args: { value: '38 904' } };

export const Invalid: Story = { args: { value: '38', error: AccountMessages.otp } };

export const InvalidDark: Story = { ...Invalid, globals: dark };

export const Disabled: Story = { args: { value: '381904', disabled: true } };
