import type { ReactNode } from 'react';
import { cx } from './cx.ts';

const tones = {
  error: 'border-danger/40 bg-danger/10 text-danger',
  success: 'border-brand-500/40 bg-brand-50 text-brand-800 dark:bg-brand-900/40 dark:text-brand-100',
  info: 'border-line bg-surface-raised text-ink',
};

export function Alert({ tone = 'info', children, className }: { tone?: keyof typeof tones; children: ReactNode; className?: string }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={cx('rounded border px-2 py-1 text-sm', tones[tone], className)}>
      {children}
    </div>
  );
}
