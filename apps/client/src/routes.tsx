// Every route of spec section 2. Each page lives in its own folder under pages/; replacing a page means
// editing its folder and, at most, its line here. Only the landing and not-found pages ship in the entry
// chunk: the rest (legal pages, admin area, the flows) load on demand.
import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router-dom';
import { AppLayout, PageLoader } from './components/layout/AppLayout';
import { RouteErrorFallback } from './components/RouteErrorFallback';
import { LandingPage } from './pages/landing/LandingPage';
import { NotFoundPage } from './pages/not-found/NotFoundPage';
import { loadVerifyPage } from './pages/verify/load-verify-page';

const RatePage = lazy(() => import('./pages/rate/RatePage'));
const NotificationLandingPage = lazy(() => import('./pages/notification/NotificationLandingPage'));
const VerifyPage = lazy(loadVerifyPage);
const UnlockPage = lazy(() => import('./pages/unlock/UnlockPage'));
const ProfilePage = lazy(() => import('./pages/profile/ProfilePage'));
const SettingsPage = lazy(() => import('./pages/settings/SettingsPage'));
const TermsPage = lazy(() => import('./pages/terms/TermsPage'));
const PrivacyPage = lazy(() => import('./pages/privacy/PrivacyPage'));
const AdminPage = lazy(() => import('./pages/admin/AdminPage'));
const ReportContentPage = lazy(() => import('./pages/report/ReportContentPage'));
const NoticeStatusPage = lazy(() => import('./pages/notices/NoticeStatusPage'));
const TransparencyPage = lazy(() => import('./pages/transparency/TransparencyPage'));

export const router = createBrowserRouter([
  {
    // The admin area has its own shell (sidebar, header, main): the public header and footer stay out of it.
    path: 'admin/*',
    element: (
      <Suspense fallback={<PageLoader />}>
        <AdminPage />
      </Suspense>
    ),
    errorElement: <RouteErrorFallback />,
  },
  {
    element: <AppLayout />,
    errorElement: <RouteErrorFallback />,
    children: [
      {
        // Errors inside a page render here, so the header and footer stay usable.
        errorElement: <RouteErrorFallback />,
        children: [
          { index: true, element: <LandingPage /> },
          { path: 'landing', element: <Navigate to="/" replace /> },
          { path: 'rate', element: <RatePage /> },
          { path: 'rate/:id', element: <RatePage /> },
          { path: 'r/:guid', element: <NotificationLandingPage /> },
          { path: 'verify', element: <VerifyPage /> },
          { path: 'unlock/:id', element: <UnlockPage /> },
          { path: 'profile', element: <ProfilePage /> },
          { path: 'settings', element: <SettingsPage /> },
          { path: 'terms', element: <TermsPage /> },
          { path: 'privacy', element: <PrivacyPage /> },
          { path: 'report', element: <ReportContentPage /> },
          { path: 'notices/:reference', element: <NoticeStatusPage /> },
          { path: 'transparency', element: <TransparencyPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
