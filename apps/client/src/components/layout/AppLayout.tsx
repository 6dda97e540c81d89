import { Center, Loader } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useLogOut, useViewer } from '../../lib/viewer';
import { RouteErrorBoundary } from '../RouteErrorBoundary';
import { AnimatedBackground } from './AnimatedBackground';
import classes from './AppLayout.module.css';
import { Footer } from './Footer';
import { Header } from './Header';
import { useScrollRestoration } from './use-scroll-restoration';

/** What shows while a page's code loads. */
export function PageLoader() {
  return (
    <Center py={96}>
      <Loader aria-label="Loading page" />
    </Center>
  );
}

/** The shared layout of every page: animated background, header, main area, footer. */
export function AppLayout() {
  const viewer = useViewer();
  const logOut = useLogOut();
  const { pathname } = useLocation();
  useScrollRestoration();
  return (
    <div className={classes.shell}>
      <AnimatedBackground />
      <Header viewer={viewer} onLogOut={logOut} />
      <main className={classes.main}>
        {/* Errors inside a page render here, so the header and footer stay usable. */}
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}
