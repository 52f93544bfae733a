import { Toaster } from 'react-hot-toast';
import { Router } from 'wouter';
import { AppConfigContext } from './app-config.tsx';
import { ErrorBoundary } from './error-boundary.tsx';
import { AppRoutes } from './routes.tsx';
import { SessionProvider } from './session.tsx';
import { ThemeContext } from './theme.tsx';
import { AppLayout } from '../views/layout/app-layout.tsx';
import UnexpectedErrorView from '../views/errors/unexpected-error.view.tsx';

/** Providers, shell and routes. `ssrPath` lets tests and stories render any route. */
export function App({ ssrPath }: { ssrPath?: string } = {}) {
  return (
    <ErrorBoundary fallback={<UnexpectedErrorView />}>
      <Router ssrPath={ssrPath}>
        <ThemeContext.Provider>
          <AppConfigContext.Provider>
            <SessionProvider>
              <AppLayout>
                <AppRoutes />
              </AppLayout>
              {/* Below the sticky top bar, so a toast never covers the user menu or Messages. */}
              <Toaster position="top-right" containerStyle={{ top: 80 }} toastOptions={{ duration: 5000 }} />
            </SessionProvider>
          </AppConfigContext.Provider>
        </ThemeContext.Provider>
      </Router>
    </ErrorBoundary>
  );
}
