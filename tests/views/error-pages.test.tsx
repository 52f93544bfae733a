import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppConfigContext } from '../../src/app/app-config.tsx';
import { ErrorBoundary } from '../../src/app/error-boundary.tsx';
import { AppRoutes } from '../../src/app/routes.tsx';
import { SessionProvider } from '../../src/app/session.tsx';
import NotFoundPage from '../../src/views/errors/not-found.view.tsx';
import ServerErrorPage from '../../src/views/errors/server-error.page.tsx';
import { ServerErrorView } from '../../src/views/errors/server-error.view.tsx';
import UnexpectedErrorView from '../../src/views/errors/unexpected-error.view.tsx';
import { offlineConfig, offlineSession, SUPPORT_EMAIL } from '../support/client/app-harness.tsx';

// Spec 1 §2 "Error pages", word for word.
const notFoundCopy = [
  "It seems like you've stumbled upon a page that doesn't exist!",
  "The page you're looking for might have been moved, deleted, or perhaps it never existed.",
  "Don't worry though, we're here to get you back on track!",
];
const serverError = {
  heading: 'ERROR_500: Something went wrong!',
  subheading: "Sorry, It's not you. It's us",
  text: 'Something went wrong! We are fixing the problem. Please try after sometime or contact',
  last: 'Will be back soon',
};

function expectNotFound() {
  expect(screen.getByRole('heading', { level: 1, name: '404' })).toBeInTheDocument();
  for (const line of notFoundCopy) expect(screen.getByText(line, { exact: true })).toBeInTheDocument();
}

async function expectServerError(email: string) {
  expect(await screen.findByRole('heading', { level: 1, name: serverError.heading })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: serverError.subheading })).toBeInTheDocument();
  const link = await screen.findByRole('link', { name: email });
  expect(link).toHaveAttribute('href', `mailto:${email}`);
  // The sentence runs straight into the address.
  expect(link.parentElement?.textContent).toBe(`${serverError.text} ${email}`);
  expect(screen.getByText(serverError.last, { exact: true })).toBeInTheDocument();
}

function renderRoutes(path: string) {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <AppConfigContext.Provider logic={offlineConfig()}>
        <SessionProvider logic={offlineSession(null).logic}>
          <AppRoutes />
        </SessionProvider>
      </AppConfigContext.Provider>
    </Router>,
  );
  return location;
}

function Broken(): never {
  throw new Error('rendering failed');
}

describe('error pages copy', () => {
  it('404 page says what the spec says', () => {
    const location = memoryLocation({ path: '/error-404' });
    render(
      <Router hook={location.hook}>
        <NotFoundPage />
      </Router>,
    );
    expectNotFound();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('server-error page says what the spec says, with the support address as a mailto link', async () => {
    render(<ServerErrorView supportEmail="support@example.org" />);
    await expectServerError('support@example.org');
  });

  it('the last-resort screen says Unexpected Application Error!', () => {
    render(<UnexpectedErrorView />);
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
  });
});

describe('error pages in the route table', () => {
  it('shows the 404 page at /error-404', () => {
    renderRoutes('/error-404');
    expectNotFound();
  });

  it('shows the 404 page for any unknown path, nested ones too', () => {
    renderRoutes('/no/such/page');
    expectNotFound();
  });

  it('shows the server-error page at /error-500 with the configured support address', async () => {
    renderRoutes('/error-500');
    await expectServerError(SUPPORT_EMAIL);
  });

  it('takes the user home from the 404 page', async () => {
    const location = renderRoutes('/missing');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Go to the home page' }));
    expect(location.history.at(-1)).toBe('/');
    expect(screen.queryByRole('heading', { name: '404' })).not.toBeInTheDocument();
  });
});

describe('rendering failures', () => {
  beforeEach(() => {
    // React and the boundary report the failure on the console; keep the test output readable.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('a page that throws while rendering shows the server-error page', async () => {
    render(
      <AppConfigContext.Provider logic={offlineConfig()}>
        <ErrorBoundary fallback={<ServerErrorPage />}>
          <Broken />
        </ErrorBoundary>
      </AppConfigContext.Provider>,
    );
    await expectServerError(SUPPORT_EMAIL);
  });

  it('moving elsewhere tries the page again', async () => {
    function Page() {
      const [path, setPath] = useState('/broken');
      return (
        <>
          <button type="button" onClick={() => setPath('/fine')}>
            Go elsewhere
          </button>
          <ErrorBoundary fallback={<ServerErrorPage />} resetKey={path}>
            {path === '/broken' ? <Broken /> : <p>Back in business</p>}
          </ErrorBoundary>
        </>
      );
    }
    render(
      <AppConfigContext.Provider logic={offlineConfig()}>
        <Page />
      </AppConfigContext.Provider>,
    );
    await expectServerError(SUPPORT_EMAIL);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Go elsewhere' }));
    expect(screen.getByText('Back in business')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: serverError.heading })).not.toBeInTheDocument();
  });

  it('a failure of the whole shell shows Unexpected Application Error!', () => {
    render(
      <ErrorBoundary fallback={<UnexpectedErrorView />}>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
  });
});
