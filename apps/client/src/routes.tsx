// Every route of docs/product.md#screens. Each page lives in its own folder under pages/; replacing a page
// means editing its folder and, at most, its line here. The landing, not-found, /rate and /verify pages ship
// in the entry chunk: the rest (legal pages, admin area, the flows) load on demand. /rate's and /verify's own
// pages are small (the rate form, the phone field and the later verification steps are chunks of their own)
// and are where shared links and first visits land: fetched on demand, each was one more round of requests
// before its first screen, which Lighthouse's mobile run reads as a later largest paint.
//
// Declared as <Routes> under a <BrowserRouter> (react-router's declarative mode), not createBrowserRouter:
// no screen uses loaders, actions or fetchers, and the data router they need is 60 KB of the entry script
// (19 KB gzip) that every first visit downloads and runs before its first paint.
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { AppLayout, PageLoader } from './components/layout/AppLayout';
import { RouteErrorBoundary } from './components/RouteErrorBoundary';
import { LandingPage } from './pages/landing/LandingPage';
import { NotFoundPage } from './pages/not-found/NotFoundPage';
import RatePage from './pages/rate/RatePage';
import VerifyPage from './pages/verify/VerifyPage';

const NotificationLandingPage = lazy(() => import('./pages/notification/NotificationLandingPage'));
const UnlockPage = lazy(() => import('./pages/unlock/UnlockPage'));
const ProfilePage = lazy(() => import('./pages/profile/ProfilePage'));
const SettingsPage = lazy(() => import('./pages/settings/SettingsPage'));
const TermsPage = lazy(() => import('./pages/terms/TermsPage'));
const PrivacyPage = lazy(() => import('./pages/privacy/PrivacyPage'));
const AdminPage = lazy(() => import('./pages/admin/AdminPage'));
const ReportContentPage = lazy(() => import('./pages/report/ReportContentPage'));
const NoticeStatusPage = lazy(() => import('./pages/notices/NoticeStatusPage'));
const TransparencyPage = lazy(() => import('./pages/transparency/TransparencyPage'));

/** The admin area has its own shell (sidebar, header, main): the public header and footer stay out of it. */
function AdminArea() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoader />}>
        <AdminPage />
      </Suspense>
    </RouteErrorBoundary>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="admin/*" element={<AdminArea />} />
      <Route element={<AppLayout />}>
        <Route index element={<LandingPage />} />
        <Route path="landing" element={<Navigate to="/" replace />} />
        <Route path="rate" element={<RatePage />} />
        <Route path="rate/:id" element={<RatePage />} />
        <Route path="r/:guid" element={<NotificationLandingPage />} />
        <Route path="verify" element={<VerifyPage />} />
        <Route path="unlock/:id" element={<UnlockPage />} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="terms" element={<TermsPage />} />
        <Route path="privacy" element={<PrivacyPage />} />
        <Route path="report" element={<ReportContentPage />} />
        <Route path="notices/:reference" element={<NoticeStatusPage />} />
        <Route path="transparency" element={<TransparencyPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
