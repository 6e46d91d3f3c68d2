import { useState } from 'react';
import type { PushSubscribeBody } from '@shop/shared/contract/order-updates';
import type { Fulfilment } from '@shop/shared/domain/fulfilment';
import { Alert, Button, Checkbox } from './ui';
import { useChangeOrderUpdates, useOrderUpdates, useSubscribeToOrder } from '../lib/order-updates-api';
import { applicationServerKey, pushSupported } from '../lib/web-push';

export const PUSH_BUTTON = 'Tell me when it’s on its way';
export const PUSH_BUTTON_COLLECTION = 'Tell me when it’s ready';
export const PUSH_BUTTON_ON_THE_WAY = 'Tell me when it’s delivered';
export const NOTIFICATIONS_BLOCKED = 'Notifications are blocked for this shop in your browser’s settings.';

/**
 * This browser's push subscription (asking the customer's permission first), as the shop stores it. Its service
 * worker is the storefront's (src/sw/sw.ts), which shows the updates; one subscription serves every order followed
 * in this browser.
 */
async function browserSubscription(publicKey: string): Promise<PushSubscribeBody> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error(NOTIFICATIONS_BLOCKED);
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(publicKey) }));
  const json = subscription.toJSON();
  return { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
}

/**
 * An order's updates, on its tracking page and on the customer's order page (decision 1702): "Tell me when it's on
 * its way" (once it is, "...delivered") where the browser can take Web Push and the shop sends it, and a switch per
 * channel the shop sends (notifications, texts) to turn it off.
 */
export function OrderUpdates({ token, fulfilment, onTheWay }: { token: string; fulfilment: Fulfilment; onTheWay: boolean }) {
  const supported = pushSupported();
  const updates = useOrderUpdates(token, true);
  const change = useChangeOrderUpdates(token);
  const subscribe = useSubscribeToOrder(token, browserSubscription);
  const [blocked] = useState(() => supported && Notification.permission === 'denied');
  if (!updates.data) return null;
  const { push, sms } = updates.data;
  const offerPush = push.offered && supported;
  if (!offerPush && !sms.offered) return null;
  const when = fulfilment === 'collection' ? 'When it is accepted and ready to collect' : 'When it is accepted, on its way and delivered';

  return (
    <section aria-labelledby="track-updates-heading" className="ui-surface ui-stack">
      <h2 id="track-updates-heading" className="ui-h3 order-section-title">
        Updates
      </h2>
      {offerPush &&
        (push.subscriptions === 0 ? (
          blocked ? (
            <p className="ui-p ui-muted">{NOTIFICATIONS_BLOCKED}</p>
          ) : (
            <div>
              <Button variant="contained" onClick={() => subscribe.mutate()} disabled={subscribe.isPending}>
                {fulfilment === 'collection' ? PUSH_BUTTON_COLLECTION : onTheWay ? PUSH_BUTTON_ON_THE_WAY : PUSH_BUTTON}
              </Button>
            </div>
          )
        ) : (
          <Checkbox
            label="Notifications in this browser"
            note={when}
            checked={push.on}
            disabled={change.isPending}
            onChange={(event) => change.mutate({ push: event.target.checked })}
          />
        ))}
      {sms.offered && (
        <Checkbox
          label="Text messages to your phone"
          note={when}
          checked={sms.on}
          disabled={change.isPending}
          onChange={(event) => change.mutate({ sms: event.target.checked })}
        />
      )}
      {subscribe.isError && <Alert severity="warning">{subscribe.error.message}</Alert>}
      {change.isError && <Alert severity="error">{change.error.message}</Alert>}
    </section>
  );
}
