// The realtime socket through a worker's messages (socket-bridge.ts): a real socket.io server and a real socket.io
// client, the client served over a real MessageChannel (a worker's messages are the same structured-clone messages)
// to the page's WorkerSocket. What the screens see must be what they saw with the client in the page.
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serveSocket, WorkerSocket, type FromSocketWorker, type MessageEnd, type ToSocketWorker } from './socket-bridge';

let http: HttpServer;
let server: Server;
let url: string;
const channels: MessageChannel[] = [];

beforeEach(async () => {
  http = createServer();
  server = new Server(http);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterEach(async () => {
  for (const channel of channels.splice(0)) {
    channel.port1.close();
    channel.port2.close();
  }
  await server.close();
});

/**
 * A page's socket and the worker's stop, over a fresh channel to a client of the test's server. `page` stands for the
 * page's window (its `offline` event); `heardOffline` counts the `offline` events fired on the worker's end.
 */
function bridged(): { page: WorkerSocket; stopped: () => boolean; window: EventTarget; heardOffline: () => number } {
  const channel = new MessageChannel();
  channels.push(channel);
  let stopped = false;
  let offline = 0;
  channel.port2.addEventListener('offline', () => (offline += 1));
  serveSocket(
    channel.port2 as unknown as MessageEnd<FromSocketWorker, ToSocketWorker> & EventTarget,
    io(url, { transports: ['polling', 'websocket'] }),
    () => {
      stopped = true;
    },
  );
  const window = new EventTarget();
  const page = new WorkerSocket(channel.port1 as unknown as MessageEnd<ToSocketWorker, FromSocketWorker>, window);
  channel.port1.start();
  channel.port2.start();
  return { page, stopped: () => stopped, window, heardOffline: () => offline };
}

describe('the realtime socket in a worker', () => {
  it("connects, hears the server's events with their payloads, and sends the page's emits", async () => {
    const heard: Array<{ event: string; payload: unknown }> = [];
    server.on('connection', (socket) => {
      socket.on('order_confirmation', (payload: unknown) => heard.push({ event: 'order_confirmation', payload }));
    });
    const { page } = bridged();
    expect(page.connected).toBe(false);
    const connected = vi.fn();
    page.on('connect', connected);
    await vi.waitFor(() => expect(connected).toHaveBeenCalledTimes(1));
    expect(page.connected).toBe(true);

    const changed = vi.fn();
    page.on('menu_changed', changed);
    server.emit('menu_changed', { version: 7 });
    await vi.waitFor(() => expect(changed).toHaveBeenCalledWith({ version: 7 }));

    page.emit('order_confirmation', { order_id: 'a1' });
    await vi.waitFor(() => expect(heard).toEqual([{ event: 'order_confirmation', payload: { order_id: 'a1' } }]));

    // A listener taken off hears nothing more.
    page.off('menu_changed', changed);
    const later = vi.fn();
    page.on('menu_changed', later);
    server.emit('menu_changed', { version: 8 });
    await vi.waitFor(() => expect(later).toHaveBeenCalledWith({ version: 8 }));
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it('says when the connection drops and when it comes back', async () => {
    const { page } = bridged();
    const connects = vi.fn();
    const drops = vi.fn();
    page.on('connect', connects);
    page.on('disconnect', drops);
    await vi.waitFor(() => expect(connects).toHaveBeenCalledTimes(1));
    // The server drops every connection.
    server.disconnectSockets();
    await vi.waitFor(() => expect(drops).toHaveBeenCalledWith('io server disconnect'));
    expect(page.connected).toBe(false);
  });

  it("fires the page's offline event in the worker, where socket.io's client listens for it (Chromium fires none there)", async () => {
    const { page, window, heardOffline } = bridged();
    await vi.waitFor(() => expect(page.connected).toBe(true));
    window.dispatchEvent(new Event('offline'));
    await vi.waitFor(() => expect(heardOffline()).toBe(1));
    // Once the page's socket is closed, the page's events no longer reach the worker.
    page.close();
    window.dispatchEvent(new Event('offline'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heardOffline()).toBe(1);
  });

  it("closing the page's socket closes the connection and stops the worker; nothing more reaches the page", async () => {
    const { page, stopped } = bridged();
    await vi.waitFor(() => expect(page.connected).toBe(true));
    const changed = vi.fn();
    page.on('menu_changed', changed);
    page.close();
    expect(page.connected).toBe(false);
    await vi.waitFor(() => expect(stopped()).toBe(true));
    await vi.waitFor(async () => expect(await server.fetchSockets()).toHaveLength(0));
    server.emit('menu_changed', {});
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(changed).not.toHaveBeenCalled();
  });
});
