import net from 'node:net';

/** How long a printer may take to accept the connection, and to take the bytes. */
const CONNECT_TIMEOUT_MS = 5_000;
const IDLE_TIMEOUT_MS = 10_000;
/** After our last byte is handed over, how long to wait for the printer to close its side before we close ours. */
const CLOSE_GRACE_MS = 2_000;

/**
 * Sends the bytes to a raw TCP printer (port 9100) and resolves only once every byte was written and the connection
 * closed without an error: the printer closed its side after ours, or stayed silent for CLOSE_GRACE_MS after taking
 * everything (most printers keep the port open). A refused or reset connection, a timeout or a printer that closes
 * before taking everything rejects: the job is then kept and sent again.
 */
export function sendToTcpPrinter(host: string, port: number, bytes: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    let settled = false;
    let finished = false;
    let grace: NodeJS.Timeout | undefined;
    const settle = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(grace);
      clearTimeout(connectTimer);
      if (error) {
        socket.destroy();
        reject(error);
      } else {
        socket.destroy();
        resolve();
      }
    };
    const connectTimer = setTimeout(
      () => settle(new Error(`no answer from ${host}:${port} within ${CONNECT_TIMEOUT_MS / 1000} s`)),
      CONNECT_TIMEOUT_MS,
    );
    socket.setNoDelay(true);
    socket.on('connect', () => {
      clearTimeout(connectTimer);
      socket.setTimeout(IDLE_TIMEOUT_MS, () => settle(new Error(`${host}:${port} stopped taking the ticket`)));
      socket.end(bytes, () => {
        finished = true;
        grace = setTimeout(() => settle(), CLOSE_GRACE_MS);
      });
    });
    socket.on('error', (error) => settle(error));
    // The printer closed its side: fine once it had everything, a failure before.
    socket.on('end', () => settle(finished ? undefined : new Error(`${host}:${port} closed the connection before the ticket was sent`)));
    socket.on('close', (hadError) =>
      settle(hadError || !finished ? new Error(`${host}:${port} closed the connection before the ticket was sent`) : undefined),
    );
  });
}

/** Whether something answers on the printer's port (connect, then close without sending anything). */
export function probeTcpPrinter(host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer from ${host}:${port} within ${CONNECT_TIMEOUT_MS / 1000} s`));
    }, CONNECT_TIMEOUT_MS);
    socket.on('connect', () => {
      clearTimeout(timer);
      socket.end();
      socket.destroy();
      resolve();
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      socket.destroy();
      reject(error);
    });
  });
}
