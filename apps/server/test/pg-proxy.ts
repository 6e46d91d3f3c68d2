// A TCP proxy between a shop and its PostgreSQL server, for the fault tests: the database can be made to "stop"
// (every open connection cut and new ones refused, as a stopped server does) and come back, or to answer slowly,
// without touching the real server that other suites share. Loopback only.
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface PgProxy {
  /** The port the proxy listens on (127.0.0.1), the same after a cut and a restore. */
  port: number;
  /** `databaseUrl` with its host and port replaced by the proxy's. */
  urlFor(databaseUrl: string): string;
  /**
   * The database "stops": every open connection is destroyed and the listening socket closed, so new connections
   * are refused (ECONNREFUSED) until `restore()`.
   */
  cut(): Promise<void>;
  /** Listens again on the same port; the database answers as before (at the current delay). */
  restore(): Promise<void>;
  /** Holds every chunk, both ways, for `ms` before passing it on, in order (0: no delay). */
  slow(ms: number): void;
  /** Connections accepted since the proxy started, and chunks the clients sent through it. */
  stats(): { connections: number; open: number; clientChunks: number };
  /** The local ports of its open connections to the database: `client_port` in pg_stat_activity. */
  upstreamPorts(): number[];
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts a proxy on 127.0.0.1 (a free port) to `target`, e.g. the host and port of TEST_DATABASE_URL. */
export async function startPgProxy(target: { host: string; port: number }): Promise<PgProxy> {
  const pairs = new Set<{ client: Socket; upstream: Socket }>();
  let delayMs = 0;
  let connections = 0;
  let clientChunks = 0;
  let server: Server | null = null;
  let port = 0;

  /** Forwards `from` to `to`, each chunk `delayMs` after it came, never reordered. */
  const pipe = (from: Socket, to: Socket, counting: boolean) => {
    let chain = Promise.resolve();
    from.on('data', (chunk: Buffer) => {
      if (counting) clientChunks += 1;
      const due = Date.now() + delayMs;
      // Reading stops while chunks wait, so a slow proxy also slows a fast sender (as a slow link does).
      from.pause();
      chain = chain
        .then(async () => {
          const wait = due - Date.now();
          if (wait > 0) await sleep(wait);
          if (!to.destroyed) to.write(chunk);
        })
        .finally(() => {
          if (!from.destroyed) from.resume();
        });
    });
    from.on('end', () => {
      void chain.then(() => to.end());
    });
  };

  const onConnection = (client: Socket) => {
    connections += 1;
    const upstream = connect(target.port, target.host);
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
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    pipe(client, upstream, true);
    pipe(upstream, client, false);
  };

  const listen = (onPort: number) =>
    new Promise<void>((resolve, reject) => {
      const next = createServer(onConnection);
      next.once('error', reject);
      next.listen(onPort, '127.0.0.1', () => {
        const address = next.address();
        port = typeof address === 'object' && address ? address.port : 0;
        server = next;
        resolve();
      });
    });

  const stopListening = () =>
    new Promise<void>((resolve) => {
      const current = server;
      server = null;
      if (!current) return resolve();
      current.close(() => resolve());
    });

  const destroyAll = () => {
    for (const { client, upstream } of pairs) {
      client.destroy();
      upstream.destroy();
    }
    pairs.clear();
  };

  await listen(0);

  return {
    get port() {
      return port;
    },
    urlFor(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    async cut() {
      const closed = stopListening();
      destroyAll();
      await closed;
    },
    async restore() {
      if (!server) await listen(port);
    },
    slow(ms) {
      delayMs = ms;
    },
    stats: () => ({ connections, open: pairs.size, clientChunks }),
    upstreamPorts: () => [...pairs].map(({ upstream }) => upstream.localPort).filter((p): p is number => typeof p === 'number'),
    async close() {
      const closed = stopListening();
      destroyAll();
      await closed;
    },
  };
}
