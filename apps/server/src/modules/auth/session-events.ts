import { EventEmitter } from 'node:events';
import type { Db } from '../../db/client';

/** Sessions that ended: one (logout, a new sign-in in the same browser) or every session of a user (password change). */
export type SessionsEnded = { sessionId: string } | { userId: string };

// Keyed by database, so every app (and every test server) in a process hears only its own sessions.
const emitters = new WeakMap<Db, EventEmitter>();

function emitterOf(db: Db): EventEmitter {
  let emitter = emitters.get(db);
  if (!emitter) {
    emitter = new EventEmitter();
    emitters.set(db, emitter);
  }
  return emitter;
}

/**
 * Subscribe to sessions as they end (committed), e.g. so realtime can drop the sockets that were opened with them.
 * Returns an unsubscribe function. Listeners must not throw.
 */
export function onSessionsEnded(db: Db, listener: (ended: SessionsEnded) => void): () => void {
  emitterOf(db).on('ended', listener);
  return () => emitterOf(db).off('ended', listener);
}

export function emitSessionsEnded(db: Db, ended: SessionsEnded): void {
  emitterOf(db).emit('ended', ended);
}
