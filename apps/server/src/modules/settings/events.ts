import { EventEmitter } from 'node:events';
import type { ServiceLog } from '../../context';
import type { Db } from '../../db/client';

// The shop's settings changed (a PUT committed in this process). The kitchen's settings move the quote, so the
// realtime server tells every connection (`shop_status`); with several processes its PostgreSQL adapter carries that
// to the sockets of the others. Keyed by database, so every app (and every test server) hears only its own.
const emitters = new WeakMap<Db, EventEmitter>();

function emitterOf(db: Db): EventEmitter {
  let emitter = emitters.get(db);
  if (!emitter) {
    emitter = new EventEmitter();
    emitter.setMaxListeners(50);
    emitters.set(db, emitter);
  }
  return emitter;
}

/** Subscribe to the settings' changes as they commit; the listener runs detached and its errors are logged. */
export function onShopSettingsChanged(db: Db, listener: () => void | Promise<void>, log: ServiceLog): () => void {
  const wrapped = () => {
    Promise.resolve()
      .then(listener)
      .catch((error: unknown) => log.error({ err: error }, 'shop settings changed listener failed'));
  };
  emitterOf(db).on('changed', wrapped);
  return () => {
    emitterOf(db).off('changed', wrapped);
  };
}

export function emitShopSettingsChanged(db: Db): void {
  emitterOf(db).emit('changed');
}
