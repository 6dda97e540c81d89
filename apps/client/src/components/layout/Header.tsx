import { Button, Container, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconAlertCircleFilled,
  IconChevronDown,
  IconCircleCheckFilled,
  IconLogout,
  IconSettings,
  IconShieldCheck,
  IconStars,
} from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { formatPhoneForDisplay } from '../../lib/phone-format';
import type { Viewer } from '../../lib/viewer';
import classes from './Header.module.css';
import { Logo } from './Logo';

interface HeaderProps {
  viewer: Viewer;
  onLogOut: () => void;
}

export function Header({ viewer, onLogOut }: HeaderProps) {
  return (
    <header className={classes.header}>
      <Container size="lg" className={classes.inner}>
        <Logo />
        {viewer.loading ? null : viewer.phoneNumber ? (
          <ViewerMenu phoneNumber={viewer.phoneNumber} isVerified={viewer.isVerified} onLogOut={onLogOut} />
        ) : (
          <Button component={Link} to="/verify" variant="light" radius="xl">
            Check my ratings
          </Button>
        )}
      </Container>
    </header>
  );
}

interface ViewerMenuProps {
  phoneNumber: string;
  isVerified: boolean;
  onLogOut: () => void;
}

function ViewerMenu({ phoneNumber, isVerified, onLogOut }: ViewerMenuProps) {
  const formatted = formatPhoneForDisplay(phoneNumber);
  const status = isVerified ? 'Verified' : 'Not verified';
  return (
    <Menu position="bottom-end" width={220} shadow="lg" radius="md">
      <Menu.Target>
        <UnstyledButton className={classes.trigger} aria-label={`Account menu for ${formatted}, ${status}`}>
          <Group gap={8} wrap="nowrap">
            {isVerified ? (
              <IconCircleCheckFilled size={20} color="var(--mantine-color-green-5)" aria-hidden="true" />
            ) : (
              <IconAlertCircleFilled size={20} color="var(--mantine-color-yellow-5)" aria-hidden="true" />
            )}
            {/* The number is hidden below the 768 px breakpoint; the icon and chevron remain. */}
            <Text component="span" size="sm" fw={600} visibleFrom="sm">
              {formatted}
            </Text>
            <IconChevronDown size={16} aria-hidden="true" />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          {formatted} · {status}
        </Menu.Label>
        <Menu.Item component={Link} to="/profile" leftSection={<IconStars size={16} />}>
          My Ratings
        </Menu.Item>
        {isVerified ? null : (
          <Menu.Item component={Link} to="/verify" leftSection={<IconShieldCheck size={16} />}>
            Verify Phone
          </Menu.Item>
        )}
        <Menu.Item component={Link} to="/settings" leftSection={<IconSettings size={16} />}>
          Settings
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={onLogOut}>
          Log Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
