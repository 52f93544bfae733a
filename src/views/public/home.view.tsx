import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useSession } from '../../app/session.tsx';
import { homeFor } from '../../contract/roles.ts';

/** A keyword search that opens the job search (the seeker's own, else the public one) with it. */
function JobSearchForm({ to }: { to: string }) {
  const [, navigate] = useLocation();
  const [text, setText] = useState('');
  return (
    <form
      role="search"
      aria-label="Jobs"
      className="flex max-w-2xl flex-wrap gap-1"
      onSubmit={(e) => {
        e.preventDefault();
        const q = text.trim();
        navigate(q ? `${to}?${new URLSearchParams({ q }).toString()}` : to);
      }}
    >
      <label htmlFor="home-job-search" className="sr-only">
        Job title, skill or company
      </label>
      <input
        id="home-job-search"
        type="search"
        value={text}
        maxLength={200}
        onChange={(e) => setText(e.target.value)}
        placeholder="Job title, skill or company"
        className="min-h-5 min-w-0 flex-1 rounded border border-line bg-surface px-1.5 py-1 text-base focus-visible:outline focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-500"
      />
      <button type="submit" className="rounded bg-brand-700 px-2 py-1 font-semibold text-white hover:bg-brand-800">
        Search jobs
      </button>
    </form>
  );
}

export default function HomePage() {
  const { signedIn, role, user } = useSession();
  return (
    <div>
      <section className="bg-gradient-to-b from-brand-50 to-surface px-2 py-6 dark:from-brand-900/30" aria-labelledby="home-title">
        <div className="mx-auto flex max-w-5xl flex-col gap-2">
          <h1 id="home-title" className="text-4xl font-extrabold md:text-5xl">
            Find work close to home. Hire people close to you.
          </h1>
          <p className="max-w-2xl text-lg text-muted">
            Search jobs on a map, apply in a few clicks and talk to recruiters. Employers post jobs, manage applicants and reach job seekers
            nearby.
          </p>
          <JobSearchForm to={role === 'JobSeeker' ? '/user/search-jobs' : '/jobs'} />
          <div className="flex flex-wrap gap-1">
            {signedIn ? (
              <Link
                href={homeFor(role)}
                className="rounded bg-brand-700 px-2 py-1 font-semibold text-white no-underline hover:bg-brand-800"
              >
                Go to your dashboard{user ? `, ${user.firstName}` : ''}
              </Link>
            ) : (
              <>
                <Link href="/register" className="rounded bg-brand-700 px-2 py-1 font-semibold text-white no-underline hover:bg-brand-800">
                  Create an account
                </Link>
                <Link
                  href="/login"
                  className="rounded border border-brand-700 px-2 py-1 font-semibold text-brand-700 no-underline hover:bg-brand-50 dark:border-brand-300 dark:text-brand-300 dark:hover:bg-white/5"
                >
                  Login
                </Link>
              </>
            )}
          </div>
        </div>
      </section>
      <section className="mx-auto grid max-w-5xl gap-2 px-2 py-4 md:grid-cols-3" aria-label="What you can do">
        {[
          ['Job seekers', 'Keep one profile, search jobs by location, save and apply, and message recruiters.', '/jobseekers'],
          ['Employers', 'Post jobs through drafts, manage applicants, read metrics and boost your posts.', '/employers'],
          ['Colleges', 'Help students find their first job or internship near campus.', '/colleges'],
        ].map(([title, text, href]) => (
          <article key={href} className="rounded border border-line p-2">
            <h2 className="text-xl font-semibold">{title}</h2>
            <p className="mt-1 text-muted">{text}</p>
            <Link href={href!} className="mt-1 inline-block font-semibold">
              Learn more about {title!.toLowerCase()}
            </Link>
          </article>
        ))}
      </section>
    </div>
  );
}
