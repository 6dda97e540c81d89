import './mantine-styles';
import './global.css';

import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppErrorBoundary } from './components/AppErrorBoundary';
import { ToastHost } from './components/notifications/ToastHost';
import { installGlobalErrorReporting } from './lib/error-reporting';
import { createQueryClient, createTrpcClient, TRPCProvider } from './lib/trpc';
import { AppRoutes } from './routes';
import { cssVariablesResolver, theme } from './theme';

function App() {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="dark">
      <ToastHost />
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <AppErrorBoundary>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </AppErrorBoundary>
        </TRPCProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

// Errors outside React (event handlers, timers, rejected promises nobody awaited) reach error_logs too.
installGlobalErrorReporting();

// Installable, with an offline page (public/sw.js). Registered once the page has loaded, so it never competes
// with the first paint; development (Vite's dev server) runs without it.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  });
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);
// As a transition the first render yields to the browser every few milliseconds instead of holding the main
// thread for the whole tree (hundreds of ms on a slow phone), so input and paint are never blocked for long.
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
