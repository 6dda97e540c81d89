import net from 'node:net';
import type { TestDatabase } from '@exrated/db/testing';

/**
 * A TCP proxy a fault test controls, put between the app and a shared server (Postgres, Redis) so the test can
 * play an outage without ever touching the real server: `cutAll` drops every open connection at once,
 * `refuse` stops listening, so new connections are refused (ECONNREFUSED) as by a server that is down or
 * restarting, and `restore` listens on the same port again.
 */
export interface TcpProxy {
  port: number;
  /** Open client connections through the proxy. */
  connectionCount(): number;
  /** Destroys every open connection, both sides. */
  cutAll(): void;
  /** Stops listening: new connections are refused. */
  refuse(): Promise<void>;
  /** Listens on the same port again. */
  restore(): Promise<void>;
  /**
   * A network partition: connections stay open but nothing passes either way, and new ones are accepted and
   * then never answered. The app sees a server that has gone silent, not one that refuses.
   */
  stall(): void;
  /** The partition heals: the silent connections are dropped (their peers gave up), bytes pass again. */
  unstall(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  const held = new Set<net.Socket>();
  let stalled = false;
  const server = net.createServer((client) => {
    if (stalled) {
      held.add(client);
      client.on('error', () => client.destroy());
      client.on('close', () => held.delete(client));
      return;
    }
    const upstream = net.connect(target);
    const pair = { client, upstream };
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop);
    upstream.on('error', drop);
    client.on('close', drop);
    upstream.on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  // server.close() stops accepting at once; its callback waits for open connections, so `close` cuts them.
  const stopListening = () =>
    new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  await listen(0);
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('proxy has no port');
  const port = address.port;

  const cutAll = () => {
    for (const { client, upstream } of pairs) {
      client.destroy();
      upstream.destroy();
    }
    pairs.clear();
  };
  return {
    port,
    connectionCount: () => pairs.size,
    cutAll,
    stall() {
      stalled = true;
      for (const { client, upstream } of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    unstall() {
      stalled = false;
      cutAll();
      for (const client of held) client.destroy();
      held.clear();
    },
    async refuse() {
      if (server.listening) server.close();
    },
    restore: () => listen(port),
    close() {
      const stopped = stopListening();
      cutAll();
      for (const client of held) client.destroy();
      return stopped;
    },
  };
}

/** A proxy in front of the server `url` points at (on `defaultPort` when the URL names none). */
export function startTcpProxyFor(url: string, defaultPort: number): Promise<TcpProxy> {
  const direct = new URL(url);
  return startTcpProxy({ host: direct.hostname, port: Number(direct.port || defaultPort) });
}

/** A proxy in front of the Postgres server of the test database: the app connects through it, the test not. */
export function startPostgresProxy(database: TestDatabase): Promise<TcpProxy> {
  if (!database.url)
    throw new Error('this suite needs a Postgres server (it puts a TCP proxy in front of it)');
  return startTcpProxyFor(database.url, 5432);
}

/** `url` with its server replaced by `proxy`. */
export function throughProxy(proxy: TcpProxy, url: string) {
  const proxied = new URL(url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  return proxied.toString();
}
