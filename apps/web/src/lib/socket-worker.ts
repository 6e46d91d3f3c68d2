import { io } from 'socket.io-client';
import { IO_OPTIONS, serveSocket, type FromSocketWorker, type MessageEnd, type ToSocketWorker } from './socket-bridge';

// The realtime socket's worker (socket-bridge.ts): opens the connection as the page would (the worker's origin is the
// page's, so `io()` reaches the same server with the same cookies) and serves it to the page that started it.
const scope = self as unknown as MessageEnd<FromSocketWorker, ToSocketWorker> & Pick<EventTarget, 'dispatchEvent'> & { close(): void };
serveSocket(scope, io(IO_OPTIONS), () => scope.close());
