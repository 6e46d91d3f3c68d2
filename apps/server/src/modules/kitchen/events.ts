import { EventEmitter } from 'node:events';
import type { OpeningStatus } from '@shop/shared/domain/kitchen';
import type { ServiceLog } from '../../context';
import type { Db } from '../../db/client';

// Busy mode or the pause changed (PUT /api/shop-status committed in this process), with the opening status after
// it. The realtime server tells every connection (`shop_status`); with several processes its PostgreSQL adapter
// carries that to the sockets of the others. Keyed by database, so every app (and test server) hears only its own.
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

/** Subscribe to the shop status's changes as they commit; the listener runs detached and its errors are logged. */
export function onShopStatusChanged(db: Db, listener: (status: OpeningStatus) => void | Promise<void>, log: ServiceLog): () => void {
  const wrapped = (status: OpeningStatus) => {
    Promise.resolve(status)
      .then(listener)
      .catch((error: unknown) => log.error({ err: error }, 'shop status changed listener failed'));
  };
  emitterOf(db).on('changed', wrapped);
  return () => {
    emitterOf(db).off('changed', wrapped);
  };
}

export function emitShopStatusChanged(db: Db, status: OpeningStatus): void {
  emitterOf(db).emit('changed', status);
}
