import { DEFAULT_OPENING_HOURS } from '@shop/shared/domain/opening-hours';
import { DEFAULT_KITCHEN_SETTINGS, openingStatus, type KitchenState, type OpeningStatus } from '@shop/shared/domain/kitchen';

/**
 * GET /api/opening-status as the server answers it at `now` (the same shared rule, domain/kitchen.ts openingStatus):
 * the default settings, an empty kitchen unless `queueLength` says otherwise, busy mode and a pause as given.
 */
export function kitchenStatus(
  now: string,
  { state = { busy: null, pausedUntil: null }, queueLength = 0 }: { state?: KitchenState; queueLength?: number } = {},
): OpeningStatus {
  return openingStatus({
    hours: DEFAULT_OPENING_HOURS,
    now: new Date(now),
    settings: DEFAULT_KITCHEN_SETTINGS,
    state,
    queueLength,
    load: new Map(),
  });
}
