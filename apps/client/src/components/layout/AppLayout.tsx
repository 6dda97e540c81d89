import { Center, Loader } from '@mantine/core';
import { memo, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { useLogOut, useViewer } from '../../lib/viewer';
import { AnimatedBackground } from './AnimatedBackground';
import classes from './AppLayout.module.css';
import { Footer } from './Footer';
import { Header } from './Header';

/** The shared layout of every page: animated background, header, main area, footer. */
export function AppLayout() {
  const viewer = useViewer();
  const logOut = useLogOut();
  return (
    <div className={classes.shell}>
      <AnimatedBackground />
      <Header viewer={viewer} onLogOut={logOut} />
      <PageArea />
      <Footer />
      <ScrollRestoration />
    </div>
  );
}

/**
 * Memoized so that the header's updates (the viewer arriving) never reach the page: while a prerendered
 * page's code is still loading, React keeps its HTML only as long as nothing re-renders it, and would
 * otherwise swap it for the spinner below until the code arrives.
 */
const PageArea = memo(function PageArea() {
  return (
    <main className={classes.main}>
      <Suspense
        fallback={
          <Center py={96}>
            <Loader aria-label="Loading page" />
          </Center>
        }
      >
        <Outlet />
      </Suspense>
    </main>
  );
});
