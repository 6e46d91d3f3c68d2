import { EventEmitter } from 'node:events';
import type { ServiceLog } from '../../context';
import type { Db } from '../../db/client';

// The menu changed (a catalogue write committed in this process: an item sold out or back on, a product, topping or
// category added, changed or deleted). The realtime server tells every open storefront (`menu_changed`), and with
// several processes its PostgreSQL adapter carries that to the sockets of the others. Keyed by database, so every
// app (and every test server) in a process hears only its own menu.
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

/** Subscribe to the menu's changes as they commit; the listener runs detached and its errors are logged. */
export function onMenuChanged(db: Db, listener: () => void | Promise<void>, log: ServiceLog): () => void {
  const wrapped = () => {
    Promise.resolve()
      .then(listener)
      .catch((error: unknown) => log.error({ err: error }, 'menu changed listener failed'));
  };
  emitterOf(db).on('changed', wrapped);
  return () => {
    emitterOf(db).off('changed', wrapped);
  };
}

export function emitMenuChanged(db: Db): void {
  emitterOf(db).emit('changed');
}
