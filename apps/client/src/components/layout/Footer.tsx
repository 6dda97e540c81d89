import { Anchor, Container, Divider, Group, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { getContactUrl } from '../../lib/contact-url';
import classes from './Footer.module.css';
import { LogoMark } from './Logo';

const FOOTER_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/rate', label: 'Rate an Ex' },
  { to: '/verify', label: 'Verify' },
  { to: '/profile', label: 'My Ratings' },
  { to: '/settings', label: 'Settings' },
  { to: '/terms', label: 'Terms & Conditions' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/report', label: 'Report content' },
  { to: '/transparency', label: 'Transparency' },
] as const;

export function Footer() {
  const contactUrl = getContactUrl();
  return (
    <footer className={classes.footer}>
      <Container size="lg" py="xl">
        <div className={classes.top}>
          <Stack gap={6} className={classes.brand}>
            <Group gap={8} wrap="nowrap">
              <LogoMark size={24} />
              <Text fw={800}>ExRated</Text>
            </Group>
            <Text size="sm" c="dimmed">
              Rate your ex. Anonymously.
            </Text>
          </Stack>
          <nav aria-label="Footer" className={classes.nav}>
            {FOOTER_LINKS.map((link) => (
              <Anchor key={link.to} component={Link} to={link.to} className={classes.link}>
                {link.label}
              </Anchor>
            ))}
            <Anchor href={contactUrl} target="_blank" rel="noopener noreferrer" className={classes.link}>
              Contact Us
              <IconExternalLink size={13} aria-hidden="true" className={classes.externalIcon} />
            </Anchor>
          </nav>
        </div>
        <Divider my="lg" color="rgba(255, 255, 255, 0.08)" />
        <Text size="xs" c="dimmed">
          © {new Date().getFullYear()} ExRated · Beta. Ratings are opinions of the people who wrote them.
        </Text>
      </Container>
    </footer>
  );
}
