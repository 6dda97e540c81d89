import { Button, Container, Group } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import type { Viewer } from '../../lib/viewer';
import classes from './Header.module.css';
import { Logo } from './Logo';
import { MotionToggle } from './MotionToggle';

// Only a visitor with a phone number sees the account menu; loading it (with the phone-number metadata it
// formats with) on demand keeps it out of the public entry chunk.
const ViewerMenu = lazy(() => import('./ViewerMenu'));

interface HeaderProps {
  viewer: Viewer;
  onLogOut: () => void;
}

export function Header({ viewer, onLogOut }: HeaderProps) {
  return (
    <header className={classes.header}>
      <Container size="lg" className={classes.inner}>
        <Logo />
        <Group gap="xs" wrap="nowrap">
          <MotionToggle />
          {viewer.loading ? null : viewer.phoneNumber ? (
            <Suspense fallback={null}>
              <ViewerMenu
                phoneNumber={viewer.phoneNumber}
                isVerified={viewer.isVerified}
                onLogOut={onLogOut}
              />
            </Suspense>
          ) : (
            <Button component={Link} to="/verify" variant="outline" color="brand.3" radius="xl">
              Check my ratings
            </Button>
          )}
        </Group>
      </Container>
    </header>
  );
}
