/**
 * What the tracker says of a delivery (decision 1702), from what happened and never from a timer: each stage is
 * shown done only with the time its event was recorded. The arrival time is domain/driver-position.ts's.
 */
import { shopDateTime, type ShopDateTime } from './dates';

/** 'You are the next stop', '2 stops before yours'. */
export function stopsBeforeLine(stopsBefore: number): string {
  if (stopsBefore === 0) return 'You are the next stop';
  return stopsBefore === 1 ? '1 stop before yours' : `${stopsBefore} stops before yours`;
}

export const DELIVERY_STAGES = ['accepted', 'being-made', 'on-the-way', 'delivered'] as const;
export type DeliveryStageKey = (typeof DELIVERY_STAGES)[number];

const STAGE_LABELS: Record<DeliveryStageKey, string> = {
  accepted: 'Accepted',
  'being-made': 'Being made',
  'on-the-way': 'On the way',
  delivered: 'Delivered',
};

export interface DeliveryStage {
  key: DeliveryStageKey;
  label: string;
  state: 'done' | 'current' | 'upcoming';
  /** When it happened, in the shop's time; null for a stage still to come. */
  at: ShopDateTime | null;
}

/** The times the tracker's answer carries (ISO), as DeliveryProgress has them. */
export interface DeliveryTimes {
  acceptedAt: string | null;
  readyAt: string | null;
  onTheWayAt: string | null;
  deliveredAt: string | null;
}

/**
 * The stages in order: those with a recorded time are done, the last of them is where the order is, the rest are to
 * come. A stage the shop skipped (delivered without a pick-up recorded) shows as passed, without a time.
 */
export function deliveryStages(times: DeliveryTimes): DeliveryStage[] {
  const at: Record<DeliveryStageKey, string | null> = {
    accepted: times.acceptedAt,
    'being-made': times.readyAt,
    'on-the-way': times.onTheWayAt,
    delivered: times.deliveredAt,
  };
  const reached = DELIVERY_STAGES.reduce((last, key, index) => (at[key] !== null ? index : last), -1);
  return DELIVERY_STAGES.map((key, index) => {
    const time = at[key];
    const state = index < reached || (index === reached && key === 'delivered') ? 'done' : index === reached ? 'current' : 'upcoming';
    return { key, label: STAGE_LABELS[key], state, at: time !== null && index <= reached ? shopDateTime(new Date(time)) : null };
  });
}
