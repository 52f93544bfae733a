import { Router } from 'wouter';
import { AppConfigContext } from './app-config.tsx';
import { ErrorBoundary } from './error-boundary.tsx';
import { PageDataProvider, type PageData } from './page-data.tsx';
import { AppRoutes } from './routes.tsx';
import { SessionProvider } from './session.tsx';
import { ThemeContext } from './theme.tsx';
import { AppLayout } from '../views/layout/app-layout.tsx';
import { AppToaster } from '../views/ui/toast.tsx';
import UnexpectedErrorView from '../views/errors/unexpected-error.view.tsx';

/**
 * Providers, shell and routes. `ssrPath` lets the server, tests and stories render any route;
 * `pageData` is what the server drew that page from.
 */
export function App({ ssrPath, pageData = {} }: { ssrPath?: string; pageData?: PageData } = {}) {
  return (
    <ErrorBoundary fallback={<UnexpectedErrorView />}>
      <Router ssrPath={ssrPath}>
        <PageDataProvider data={pageData}>
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
        </PageDataProvider>
      </Router>
    </ErrorBoundary>
  );
}
