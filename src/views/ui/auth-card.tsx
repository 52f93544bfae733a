import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { CloseButton } from './close-button.tsx';

/** The frame of the account screens: a centred card with a heading and a close button back to /. */
export function AuthCard({ title, children, wide }: { title: string; children: ReactNode; wide?: boolean }) {
  const [, navigate] = useLocation();
  return (
    <div className="flex justify-center px-2 py-4">
      <section
        aria-labelledby="auth-card-title"
        className={`w-full ${wide ? 'max-w-xl' : 'max-w-md'} rounded border border-line bg-surface p-3 shadow-sm`}
      >
        <div className="mb-2 flex items-start justify-between gap-2">
          <h1 id="auth-card-title" className="text-2xl font-bold">
            {title}
          </h1>
          <CloseButton onClick={() => navigate('/')} label="Close and go to the home page" />
        </div>
        {children}
      </section>
    </div>
  );
}
