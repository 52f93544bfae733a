import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { ErrorBoundary } from './error-boundary.tsx';
import { RedirectIfSignedIn, RequireRole, RequireSignedIn } from './guards.tsx';
import { pageLoaders, type PageKey } from './pages.ts';
import { routeTable, type Access } from './route-table.ts';
import { LoadingOverlay } from '../views/ui/loading-overlay.tsx';
import NotFoundPage from '../views/errors/not-found.view.tsx';
import ServerErrorPage from '../views/errors/server-error.page.tsx';

type Page = ComponentType<{ title?: string }>;

// One lazy component per page, made once, so React keeps a loaded page's state between renders.
const pages = new Map<PageKey, Page>();
function pageFor(key: PageKey): Page {
  let page = pages.get(key);
  if (!page) {
    page = lazy(pageLoaders[key] as () => Promise<{ default: Page }>);
    pages.set(key, page);
  }
  return page;
}

const COMPANY_STAFF = ['Employer', 'Recruiter'] as const;
const MEMBERS = ['JobSeeker', ...COMPANY_STAFF] as const;

function Guard({ access, children }: { access: Access; children: ReactNode }) {
  switch (access) {
    case 'anyone':
      return <>{children}</>;
    case 'signedOut':
      return <RedirectIfSignedIn>{children}</RedirectIfSignedIn>;
    case 'signedIn':
      return <RequireSignedIn>{children}</RequireSignedIn>;
    case 'member':
      return <RequireRole role={MEMBERS}>{children}</RequireRole>;
    case 'JobSeeker':
      return <RequireRole role="JobSeeker">{children}</RequireRole>;
    case 'companyStaff':
      return <RequireRole role={COMPANY_STAFF}>{children}</RequireRole>;
    case 'Employer':
      return <RequireRole role="Employer">{children}</RequireRole>;
    case 'SuperAdmin':
      return <RequireRole role="SuperAdmin">{children}</RequireRole>;
  }
}

/** Every top-level route of spec 1 §2; each page loads when its route is first visited. */
export function AppRoutes() {
  const [location] = useLocation();
  return (
    // A rendering failure in a page, or a page that cannot be downloaded, shows the server-error
    // page; moving elsewhere tries again.
    <ErrorBoundary fallback={<ServerErrorPage />} resetKey={location}>
      <Suspense fallback={<LoadingOverlay open />}>
        <Switch>
          {routeTable.map(({ path, page, access, title }) => {
            const PageView = pageFor(page);
            return (
              <Route key={path} path={path}>
                <Guard access={access}>
                  <PageView title={title} />
                </Guard>
              </Route>
            );
          })}
          <Route path="/user/*">
            <Guard access="signedIn">
              <NotFoundPage />
            </Guard>
          </Route>
          <Route path="/back-office/*">
            <Guard access="SuperAdmin">
              <NotFoundPage />
            </Guard>
          </Route>
          <Route path="/error-500" component={ServerErrorPage} />
          <Route path="/error-404" component={NotFoundPage} />
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </ErrorBoundary>
  );
}
