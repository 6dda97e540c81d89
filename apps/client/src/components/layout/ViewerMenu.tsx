import { Group, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconAlertCircleFilled,
  IconChevronDown,
  IconCircleCheckFilled,
  IconLogout,
  IconSettings,
  IconShieldCheck,
  IconStars,
} from '@tabler/icons-react';
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { formatPhoneForDisplay } from '../../lib/phone-format';
import classes from './ViewerMenu.module.css';

export interface ViewerMenuProps {
  phoneNumber: string;
  isVerified: boolean;
  onLogOut: () => void;
}

export default function ViewerMenu({ phoneNumber, isVerified, onLogOut }: ViewerMenuProps) {
  const formatted = formatPhoneForDisplay(phoneNumber);
  const status = isVerified ? 'Verified' : 'Not verified';
  const dropdown = useRef<HTMLDivElement>(null);
  // Without Mantine's focus placeholder nothing in the menu is tabbable, so focus goes to the first action
  // itself: the arrows then move between items and Escape closes the menu, however it was opened.
  const focusFirstAction = () => {
    // The dropdown renders after its opening transition starts: try for a few frames.
    let frames = 0;
    const attempt = () => {
      const first = dropdown.current?.querySelector<HTMLElement>('[role="menuitem"]:not([data-disabled])');
      if (first) first.focus();
      else if (frames++ < 30) requestAnimationFrame(attempt);
    };
    requestAnimationFrame(attempt);
  };
  return (
    // No focus placeholder: it is a presentational child, which a menu may not hold (axe aria-required-children).
    <Menu
      position="bottom-end"
      width={240}
      shadow="lg"
      radius="md"
      withInitialFocusPlaceholder={false}
      onOpen={focusFirstAction}
    >
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
      <Menu.Dropdown ref={dropdown}>
        {/* An item, not a label: a menu may only hold items and separators (a plain label breaks that). */}
        <Menu.Item disabled>
          {formatted} · {status}
        </Menu.Item>
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
        {/* A menu may only hold items and separators: the divider says it is one. */}
        <Menu.Divider role="separator" />
        {/* red.4: readable on the dark dropdown (the filled red is a background colour). */}
        <Menu.Item color="red.4" leftSection={<IconLogout size={16} />} onClick={onLogOut}>
          Log Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
