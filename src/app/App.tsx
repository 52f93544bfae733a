import { Router } from 'wouter';
import { AppConfigContext } from './app-config.tsx';
import { ErrorBoundary } from './error-boundary.tsx';
import { AppRoutes } from './routes.tsx';
import { SessionProvider } from './session.tsx';
import { ThemeContext } from './theme.tsx';
import { AppLayout } from '../views/layout/app-layout.tsx';
import { AppToaster } from '../views/ui/toast.tsx';
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
              <AppToaster />
            </SessionProvider>
          </AppConfigContext.Provider>
        </ThemeContext.Provider>
      </Router>
    </ErrorBoundary>
  );
}
