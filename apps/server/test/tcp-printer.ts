// A simulated network receipt printer for the printing tests (issue 24): a real TCP server on 127.0.0.1 that records
// the bytes of each connection, as a printer on port 9100 takes them, and can be killed and started again on its port.
import net from 'node:net';

/** ESC/POS's cut command: GS V. */
export const CUT = Buffer.from([0x1d, 0x56]);

export interface TcpPrinter {
  port: number;
  /** The bytes of each connection that sent something, in order. */
  sessions: Buffer[];
  /** Every ticket printed so far, as text (ESC/POS bytes read as Latin-1, with PC858's £). */
  text(): string;
  /** How many cuts (GS V) were received over every connection: one per ticket copy. */
  cuts(): number;
  /** Resolves once `count` cuts have arrived; rejects after `ms`. */
  waitForCuts(count: number, ms?: number): Promise<void>;
  /** The next connection takes `bytes` bytes and then the printer dies (the socket reset, the port closed). */
  dieAfter(bytes: number): void;
  /** Resolves once the printer has died (see dieAfter). */
  died(): Promise<void>;
  /** Starts listening again on the same port. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** Reads ESC/POS bytes as text: the printable Latin-1 characters, PC858's pound sign (0x9C) as £. */
export function printedText(bytes: Buffer): string {
  return bytes.toString('latin1').replace(/\x9c/g, '£');
}

function countOf(haystack: Buffer, needle: Buffer): number {
  let count = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) count += 1;
  return count;
}

export async function startTcpPrinter(port = 0): Promise<TcpPrinter> {
  const sessions: Buffer[] = [];
  const sockets = new Set<net.Socket>();
  let dieAt: number | null = null;
  let onDied: (() => void) | null = null;
  let diedPromise: Promise<void> = Promise.resolve();
  let server: net.Server;
  const waiters = new Set<() => void>();

  const listen = (onPort: number) =>
    new Promise<number>((resolve, reject) => {
      server = net.createServer((socket) => {
        sockets.add(socket);
        const chunks: Buffer[] = [];
        let index = -1;
        const record = () => {
          const bytes = Buffer.concat(chunks);
          if (index === -1) {
            index = sessions.length;
            sessions.push(bytes);
          } else sessions[index] = bytes;
          for (const check of waiters) check();
        };
        socket.on('data', (chunk: Buffer) => {
          if (dieAt !== null) {
            const take = chunk.subarray(0, Math.max(0, dieAt - Buffer.concat(chunks).length));
            chunks.push(take);
            record();
            dieAt = null;
            // The printer is switched off mid-ticket: the connection reset, nothing listening any more.
            socket.resetAndDestroy();
            server.close(() => onDied?.());
            for (const other of sockets) other.destroy();
            return;
          }
          chunks.push(chunk);
          record();
        });
        // The shop closed its side: the printer closes its own, as network printers do.
        socket.on('end', () => socket.end());
        socket.on('error', () => {});
        socket.on('close', () => sockets.delete(socket));
      });
      server.on('error', reject);
      server.listen(onPort, '127.0.0.1', () => {
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      });
    });

  const boundPort = await listen(port);
  const printer: TcpPrinter = {
    port: boundPort,
    sessions,
    text: () => sessions.map(printedText).join('\n'),
    cuts: () => sessions.reduce((sum, bytes) => sum + countOf(bytes, CUT), 0),
    waitForCuts(count, ms = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (printer.cuts() >= count) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve();
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`the printer got ${printer.cuts()} cuts, not ${count}, within ${ms} ms`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
    dieAfter(bytes) {
      dieAt = bytes;
      diedPromise = new Promise((resolve) => {
        onDied = resolve;
      });
    },
    died: () => diedPromise,
    async restart() {
      await listen(boundPort);
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (!server.listening) resolve();
        else server.close(() => resolve());
      }),
  };
  return printer;
}
