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
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  const server = net.createServer((client) => {
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
    async refuse() {
      if (server.listening) server.close();
    },
    restore: () => listen(port),
    close() {
      const stopped = stopListening();
      cutAll();
      return stopped;
    },
  };
}
