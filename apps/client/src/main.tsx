import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';

import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { App } from './App';
import { installGlobalErrorReporting } from './lib/error-reporting';
import { routes } from './routes';

// Errors outside React (event handlers, timers, rejected promises nobody awaited) reach error_logs too.
installGlobalErrorReporting();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const app = <App router={<RouterProvider router={createBrowserRouter(routes)} />} />;
// As a transition the first render yields to the browser every few milliseconds instead of holding the main
// thread for the whole tree (hundreds of ms on a slow phone), so input and paint are never blocked for long.
startTransition(() => {
  // The server sends the public pages prerendered (scripts/prerender.ts): React adopts that HTML instead of
  // painting the page again. Every other route arrives with an empty #root.
  if (container.firstElementChild) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
