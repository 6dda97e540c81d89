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
import { TestingToolsPage } from './tools/TestingToolsPage';
import { UiGalleryPage } from './ui-gallery/UiGalleryPage';

/** /admin/*: the login screen, or the sidebar shell with the admin sub-routes of spec section 2. */
export default function AdminPage() {
  useDocumentTitle('Admin · ExRated');
  const { isAdmin, checking } = useAdminSession();
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
  return (
    <AdminShell>
      <Routes>
        <Route index element={<DashboardPage />} />
        <Route path="profiles" element={<ProfilesPage />} />
        <Route path="profiles/:phoneNumber" element={<ProfileDetailPage />} />
        <Route path="logs" element={<ActivityLogsPage />} />
        <Route path="error-logs" element={<ErrorLogsPage />} />
        <Route path="queue" element={<QueuePage />} />
        <Route path="tools" element={<TestingToolsPage />} />
        <Route path="ui-gallery" element={<UiGalleryPage />} />
        <Route path="*" element={<Navigate to="/admin" replace />} />
      </Routes>
    </AdminShell>
  );
}
