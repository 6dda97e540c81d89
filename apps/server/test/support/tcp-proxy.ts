import net from 'node:net';

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
