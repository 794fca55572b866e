/**
 * A TCP proxy for fault tests: put it between the app and PostgreSQL or Redis, then cut, stall and
 * restore the connection as a failover, a network partition or a hung server would.
 *
 * - `cut()`: every open connection is reset and new ones are refused (closed at once), as when the
 *   server restarts or its host goes away.
 * - `stall()`: connections stay open and new ones are accepted, but no byte passes either way, as with
 *   a server that hangs or a network that drops packets silently.
 * - `lose()`: connections stay open and new ones are made, but every byte sent meanwhile either way is
 *   thrown away, as a middlebox dropping traffic for a while: a command sent then never gets its reply.
 * - `restore()`: new connections pass again (stalled ones are reset, as a real timeout would end them;
 *   after `lose()` the same connections carry bytes again, as if nothing had happened).
 */
import net from 'node:net';

export type FaultMode = 'pass' | 'cut' | 'stall' | 'lose';

export interface FaultProxy {
  /** 127.0.0.1 port to point the app at. */
  port: number;
  /** A copy of `targetUrl` whose host and port are the proxy's. */
  url(targetUrl: string): string;
  mode(): FaultMode;
  cut(): void;
  stall(): void;
  lose(): void;
  restore(): void;
  /** Connections currently open through the proxy. */
  openConnections(): number;
  close(): Promise<void>;
}

interface Pair {
  client: net.Socket;
  upstream: net.Socket | undefined;
}

export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  let mode: FaultMode = 'pass';
  const pairs = new Set<Pair>();

  const drop = (pair: Pair) => {
    pair.client.destroy();
    pair.upstream?.destroy();
    pairs.delete(pair);
  };

  const server = net.createServer((client) => {
    client.on('error', () => {});
    if (mode === 'cut') {
      client.destroy();
      return;
    }
    const pair: Pair = { client, upstream: undefined };
    pairs.add(pair);
    client.on('close', () => drop(pair));
    if (mode === 'stall') {
      // Accepted, and then nothing: the bytes the client sends are read and thrown away.
      client.on('data', () => {});
      return;
    }
    const upstream = net.connect(target.port, target.host);
    pair.upstream = upstream;
    upstream.on('error', () => drop(pair));
    upstream.on('close', () => drop(pair));
    client.on('data', (chunk) => {
      if (mode === 'pass') upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (mode === 'pass') client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;

  return {
    port,
    url(targetUrl) {
      const url = new URL(targetUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    mode: () => mode,
    cut() {
      mode = 'cut';
      for (const pair of [...pairs]) {
        pair.client.resetAndDestroy();
        pair.upstream?.destroy();
        pairs.delete(pair);
      }
    },
    stall() {
      mode = 'stall';
    },
    lose() {
      mode = 'lose';
    },
    restore() {
      const wasStalled = mode === 'stall';
      mode = 'pass';
      if (wasStalled) for (const pair of [...pairs]) drop(pair);
    },
    openConnections: () => pairs.size,
    async close() {
      for (const pair of [...pairs]) drop(pair);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
