import { Route, Switch, useLocation } from 'wouter';
import { ErrorBoundary } from './error-boundary.tsx';
import { RedirectIfSignedIn, RequireRole, RequireSignedIn } from './guards.tsx';
import { useSession } from './session.tsx';
import HomePage from '../views/public/home.view.tsx';
import { ComingSoon } from '../views/public/coming-soon.view.tsx';
import ForgotPasswordPage from '../views/account/forgot-password.view.tsx';
import ResetPasswordPage from '../views/account/reset-password.view.tsx';
import ChangePasswordPage from '../views/account/change-password.view.tsx';
import LoginPage from '../views/account/login.view.tsx';
import RegisterPage from '../views/account/register.view.tsx';
import VerifyEmailPage from '../views/account/verify-email.view.tsx';
import NotFoundPage from '../views/errors/not-found.view.tsx';
import BusinessVerificationPage from '../views/account/business-verification.view.tsx';
import GoogleLandingPage from '../views/account/google-landing.view.tsx';
import ServerErrorPage from '../views/errors/server-error.page.tsx';

/** Public and static pages (spec 1 §2 "/*"), with their titles. */
export const publicPages: Record<string, string> = {
  '/jobseekers': 'Job Seekers',
  '/browse-jobs': 'Browse Jobs',
  '/blogs': 'Blogs',
  '/employers': 'Employers',
  '/hiringMinors': 'Hiring Minors',
  '/colleges': 'Colleges',
  '/about-us': 'About us',
  '/contact': 'Contact',
  '/terms-of-service': 'Terms of Service',
  '/privacy-policy': 'Privacy Policy',
  '/faqs': 'FAQs',
};

/** The job-seeker and company area (spec 2 §2), relative to /user. */
export const userPages: Record<string, string> = {
  '/search-jobs': 'Search Jobs',
  '/applied-jobs': 'Applied Jobs',
  '/saved-jobs': 'Saved Jobs',
  '/applicants': 'Applicants',
  '/posted-jobs': 'Posted Jobs',
  '/messaging': 'Messaging',
  '/jobs': 'Jobs',
  '/jobs/post-job': 'Post a Job',
  '/staff': 'Staff',
  '/jobpost-create': 'Job Post Drafts',
  '/invites': 'Invitations',
  '/settings/profile': 'Profile',
  '/settings/company-details': 'Company Details',
  '/settings/education': 'Education',
  '/settings/experience': 'Experience',
  '/settings/skills': 'Skills',
  '/settings/preferences': 'Preferences',
  '/settings/documents': 'Documents',
};

/** The SuperAdmin back office, relative to /back-office. */
export const backOfficePages: Record<string, string> = {
  '/dashboard': 'Back Office Dashboard',
  '/company': 'Companies',
  '/settings': 'Back Office Settings',
};

function Dashboard() {
  const { user } = useSession();
  return <ComingSoon title="Dashboard">{user && <p className="mt-1 text-lg">Welcome, {user.firstName}.</p>}</ComingSoon>;
}

function UserArea() {
  return (
    <Switch>
      <Route path="/dashboard" component={Dashboard} />
      <Route path="/settings/change-password">
        <ChangePasswordPage />
      </Route>
      {Object.entries(userPages).map(([path, title]) => (
        <Route key={path} path={path}>
          <ComingSoon title={title} />
        </Route>
      ))}
      <Route component={NotFoundPage} />
    </Switch>
  );
}

function BackOffice() {
  return (
    <Switch>
      {Object.entries(backOfficePages).map(([path, title]) => (
        <Route key={path} path={path}>
          <ComingSoon title={title} />
        </Route>
      ))}
      <Route component={NotFoundPage} />
    </Switch>
  );
}

/** Every top-level route of spec 1 §2. */
export function AppRoutes() {
  const [location] = useLocation();
  return (
    // A rendering failure in a page shows the server-error page; moving elsewhere tries again.
    <ErrorBoundary fallback={<ServerErrorPage />} resetKey={location}>
      <Switch>
        <Route path="/" component={HomePage} />
        <Route path="/home" component={HomePage} />

        <Route path="/login">
          <RedirectIfSignedIn>
            <LoginPage />
          </RedirectIfSignedIn>
        </Route>
        <Route path="/register">
          <RedirectIfSignedIn>
            <RegisterPage />
          </RedirectIfSignedIn>
        </Route>
        <Route path="/forget-password">
          <ForgotPasswordPage />
        </Route>
        <Route path="/reset-password">
          <ResetPasswordPage />
        </Route>
        <Route path="/change-password">
          <RequireSignedIn>
            <ChangePasswordPage />
          </RequireSignedIn>
        </Route>
        <Route path="/verify-email">
          <VerifyEmailPage />
        </Route>
        <Route path="/business-validation">
          <BusinessVerificationPage />
        </Route>
        <Route path="/landing/google">
          <GoogleLandingPage />
        </Route>

        <Route path="/user" nest>
          <RequireSignedIn>
            <UserArea />
          </RequireSignedIn>
        </Route>
        <Route path="/dashboard/applicants">
          <RequireSignedIn>
            <ComingSoon title="Applicants" />
          </RequireSignedIn>
        </Route>
        <Route path="/back-office" nest>
          <RequireRole role="SuperAdmin">
            <BackOffice />
          </RequireRole>
        </Route>

        {Object.entries(publicPages).map(([path, title]) => (
          <Route key={path} path={path}>
            <ComingSoon title={title} />
          </Route>
        ))}

        <Route path="/error-500" component={ServerErrorPage} />
        <Route path="/error-404" component={NotFoundPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </ErrorBoundary>
  );
}
