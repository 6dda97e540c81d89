// The build's prerender (scripts/prerender.ts): the HTML of a public page's first screen, as the browser's
// first render draws it before anything is fetched, so the page shows before its JavaScript has loaded.
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { App } from './App';
import { routes } from './routes';

export async function prerenderPage(pathname: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${pathname} redirects: only pages can be prerendered`);
  // No hydration data: the routes load no data, and its <script> would be markup the browser never renders.
  const router = (
    <StaticRouterProvider
      router={createStaticRouter(handler.dataRoutes, context)}
      context={context}
      hydrate={false}
    />
  );
  // Unlike renderToString, prerender waits for the lazy pages, so the HTML holds the page and not its spinner.
  // Every boundary stays in place: a large one would otherwise come as a spinner plus a script that swaps the
  // content in later, which is what this HTML is here to avoid.
  const { prelude } = await prerender(<App router={router} />, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  return new Response(prelude).text();
}
