import { Box, Center, Loader } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AdminLogin } from './AdminLogin';
import { AdminShell } from './AdminShell';
import { useAdminSession, useLogoutOnExpiredSession } from './admin-session';
import { DashboardPage } from './dashboard/DashboardPage';
import { ErrorLogsPage } from './error-logs/ErrorLogsPage';
import { ActivityLogsPage } from './logs/ActivityLogsPage';
import { ProfileDetailPage } from './profiles/ProfileDetailPage';
import { ProfilesPage } from './profiles/ProfilesPage';
import { QueuePage } from './queue/QueuePage';
import { EnrolPage } from './staff/EnrolPage';
import { SecurityPage } from './staff/SecurityPage';
import { StaffPage } from './staff/StaffPage';
import { TestingToolsPage } from './tools/TestingToolsPage';
import { UiGalleryPage } from './ui-gallery/UiGalleryPage';

/**
 * /admin/*: a one-time enrolment link (no session needed), the login screen, or the sidebar shell with the
 * admin sub-routes of docs/product.md#admin that the staff member's role opens (docs/staff.md).
 */
export default function AdminPage() {
  useDocumentTitle('Admin · ExRated');
  return (
    <Routes>
      <Route
        path="enrol/:token"
        element={
          <Box component="main">
            <EnrolPage />
          </Box>
        }
      />
      <Route path="*" element={<AdminArea />} />
    </Routes>
  );
}

function AdminArea() {
  const { isAdmin, checking, role } = useAdminSession();
  useLogoutOnExpiredSession();

  // Outside the public layout (routes.tsx): before the shell, the page brings its own main landmark.
  if (checking) {
    return (
      <Center component="main" py={96}>
        <Loader aria-label="Checking admin session" />
      </Center>
    );
  }
  if (!isAdmin) {
    return (
      <Box component="main">
        <AdminLogin />
      </Box>
    );
  }
  // A moderator's pages are the queue (its landing page), profiles and the logs; an admin has every page.
  const moderator = role === 'moderator';
  return (
    <AdminShell role={role}>
      <Routes>
        {moderator ? null : (
          <>
            <Route index element={<DashboardPage />} />
            <Route path="staff" element={<StaffPage />} />
            <Route path="tools" element={<TestingToolsPage />} />
            <Route path="ui-gallery" element={<UiGalleryPage />} />
          </>
        )}
        <Route path="queue" element={<QueuePage />} />
        <Route path="profiles" element={<ProfilesPage />} />
        <Route path="profiles/:phoneNumber" element={<ProfileDetailPage />} />
        <Route path="logs" element={<ActivityLogsPage />} />
        <Route path="error-logs" element={<ErrorLogsPage />} />
        <Route path="security" element={<SecurityPage />} />
        <Route path="*" element={<Navigate to={moderator ? '/admin/queue' : '/admin'} replace />} />
      </Routes>
    </AdminShell>
  );
}
