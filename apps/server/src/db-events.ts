import { EventEmitter } from 'node:events';
import type { ServiceLog } from './context';
import type { Db } from './db/client';

/** One kind of committed change a module announces: `on` to hear it, `emit` once the change has committed. */
export interface DbEvents<E> {
  /**
   * Subscribe to the change as it commits in this process. The listener runs detached (after `emit` returns), so a
   * slow or failing listener never delays or fails the request that made the change; its errors are logged. Returns
   * an unsubscribe function.
   */
  on(db: Db, listener: (event: E) => void | Promise<void>, log: ServiceLog): () => void;
  emit(db: Db, event: E): void;
}

/**
 * A module's events of one kind, keyed by database handle, so every app (and every test server) in a process hears
 * only its own changes; every plugin scope of one app shares them. `name` says in the log which listener failed
 * ('menu changed listener failed'), with `logFields` of the event (e.g. its order's id).
 */
export function dbEvents<E = void>(name: string, logFields: (event: E) => object = () => ({})): DbEvents<E> {
  const emitters = new WeakMap<Db, EventEmitter>();
  const emitterOf = (db: Db): EventEmitter => {
    let emitter = emitters.get(db);
    if (!emitter) {
      emitter = new EventEmitter();
      // One listener per realtime server and mail queue; tests run several apps on one database only through
      // separate handles.
      emitter.setMaxListeners(50);
      emitters.set(db, emitter);
    }
    return emitter;
  };
  return {
    on(db, listener, log) {
      const detached = (event: E) => {
        Promise.resolve(event)
          .then(listener)
          .catch((error: unknown) => log.error({ err: error, ...logFields(event) }, `${name} listener failed`));
      };
      emitterOf(db).on(name, detached);
      return () => {
        emitterOf(db).off(name, detached);
      };
    },
    emit(db, event) {
      emitterOf(db).emit(name, event);
    },
  };
}
