import { AppShell, Burger, Button, Group, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconDashboard,
  IconFlag,
  IconLayoutGrid,
  IconListDetails,
  IconLogout,
  IconShieldLock,
  IconTool,
  IconUserShield,
  IconUsers,
} from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import classes from './AdminShell.module.css';
import { markLoggedOut, type StaffRole } from './admin-session';

interface AdminSection {
  label: string;
  to: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  /** Also active on deeper paths (e.g. a profile's detail under /admin/profiles). */
  nested?: boolean;
  /** Shown to moderators too; the rest are for admins only (the server checks the role on every call). */
  moderators?: true;
}

// The sidebar, in order. A new admin page is one entry here and one route in AdminPage.
export const ADMIN_SECTIONS: AdminSection[] = [
  { label: 'Dashboard', to: '/admin', icon: IconDashboard },
  { label: 'Profiles', to: '/admin/profiles', icon: IconUsers, nested: true, moderators: true },
  { label: 'Activity Logs', to: '/admin/logs', icon: IconListDetails, moderators: true },
  { label: 'Error Logs', to: '/admin/error-logs', icon: IconAlertTriangle, moderators: true },
  { label: 'Moderation Queue', to: '/admin/queue', icon: IconFlag, moderators: true },
  { label: 'Staff', to: '/admin/staff', icon: IconUserShield },
  { label: 'Security', to: '/admin/security', icon: IconShieldLock, moderators: true },
  { label: 'Testing Tools', to: '/admin/tools', icon: IconTool },
  { label: 'UI Gallery', to: '/admin/ui-gallery', icon: IconLayoutGrid },
];

function isActive(section: AdminSection, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return path === section.to || (section.nested === true && path.startsWith(`${section.to}/`));
}

/** The admin area's frame: a sidebar that becomes a burger menu below 768 px, and the page beside it. */
export function AdminShell({ children, role }: { children: ReactNode; role: StaffRole | null }) {
  const sections = ADMIN_SECTIONS.filter((section) => role === 'admin' || section.moderators);
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const logout = useMutation(
    trpc.admin.logout.mutationOptions({
      // Logged out either way: a session that already expired is as good as ended.
      onSettled: () => {
        markLoggedOut(queryClient, trpc.admin.me.queryKey());
        notify.success({ title: 'Logged out', message: 'Your admin session has ended.' });
      },
    }),
  );

  return (
    <AppShell
      mode="static"
      header={{ height: 52 }}
      navbar={{ width: 232, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header withBorder={false} px="md" bg="transparent">
        <Group h="100%" gap="sm" wrap="nowrap">
          <Burger
            opened={opened}
            onClick={toggle}
            hiddenFrom="sm"
            size="sm"
            aria-label="Open admin menu"
            aria-expanded={opened}
          />
          <Text fw={800} c="white">
            Admin
          </Text>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar
        p="sm"
        withBorder={false}
        aria-label="Admin sections"
        className={classes.navbar}
        mod={{ closed: !opened }}
      >
        <Group justify="space-between" hiddenFrom="sm" className={classes.mobileMenuHeader}>
          <Text fw={800} c="white">
            Admin menu
          </Text>
          <Burger opened onClick={close} size="sm" aria-label="Close admin menu" />
        </Group>
        <AppShell.Section grow component={ScrollArea}>
          {sections.map((section) => (
            <NavLink
              key={section.to}
              component={Link}
              to={section.to}
              label={section.label}
              leftSection={<section.icon size={18} stroke={1.7} />}
              active={isActive(section, pathname)}
              onClick={close}
              variant="light"
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            />
          ))}
        </AppShell.Section>
        <AppShell.Section pt="sm">
          <Button
            fullWidth
            variant="default"
            leftSection={<IconLogout size={18} />}
            loading={logout.isPending}
            onClick={() => logout.mutate()}
          >
            Logout
          </Button>
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
