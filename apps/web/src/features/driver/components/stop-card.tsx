import { useId, useState, type FormEvent } from 'react';
import type { RunStop } from '@shop/shared/contract/dispatch';
import { formatPounds, penceToPounds, poundsToPence } from '@shop/shared/domain/money';
import { formatPhone } from '@shop/shared/domain/phone';
import { formatWirePounds } from '../../../lib/money';
import { shopClock } from '../../../lib/shop-clock';
import { useDelivered, useDeliveryPhoto, usePickedUp } from '../api/driver-api';
import { mapsLink, telLink } from '../lib/maps-link';

const CASH_MESSAGE = 'Enter the cash you took, such as 23.50';
const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong: try again');

/** '23.50': the amount due as the cash field starts. */
function poundsField(pounds: number): string {
  return (Math.round(pounds * 100) / 100).toFixed(2);
}

/** Delivered on a cash order: the cash taken, prefilled with what is due, then Confirm. */
function CashForm({ stop, onCancel }: { stop: RunStop; onCancel: () => void }) {
  const delivered = useDelivered();
  const [cash, setCash] = useState(poundsField(stop.cashDue));
  const [invalid, setInvalid] = useState(false);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const pence = poundsToPence(cash);
    if (pence === null || pence > 100_000) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    delivered.mutate({ orderId: stop.orderId, body: { cashCollected: penceToPounds(pence) } });
  };
  return (
    <form className="driver-cash-form" aria-label={`Cash for ${stop.orderNumber}`} onSubmit={submit} noValidate>
      <label htmlFor={id} className="driver-cash-label">
        Cash collected (£)
      </label>
      <input
        id={id}
        className="driver-cash-input"
        inputMode="decimal"
        autoComplete="off"
        value={cash}
        onChange={(event) => setCash(event.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
      />
      {invalid && (
        <p id={`${id}-error`} className="driver-error" role="alert">
          {CASH_MESSAGE}
        </p>
      )}
      {delivered.isError && (
        <p className="driver-error" role="alert">
          {messageOf(delivered.error)}
        </p>
      )}
      <div className="driver-actions">
        <button type="submit" className="driver-button is-main" disabled={delivered.isPending}>
          Confirm delivered
        </button>
        <button type="button" className="driver-button" onClick={onCancel} disabled={delivered.isPending}>
          Back
        </button>
      </div>
    </form>
  );
}

/** An optional photo of the delivery at the door, once picked up: the phone's camera, sent at once. */
function DoorPhoto({ stop }: { stop: RunStop }) {
  const photo = useDeliveryPhoto();
  const id = useId();
  return (
    <div className="driver-photo">
      <label htmlFor={id} className="driver-button">
        {stop.photoImageId ? 'Take the photo again' : 'Photo of the door (optional)'}
      </label>
      <input
        id={id}
        className="driver-photo-input"
        type="file"
        accept="image/*"
        capture="environment"
        disabled={photo.isPending}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) photo.mutate({ orderId: stop.orderId, file });
          event.target.value = '';
        }}
      />
      {photo.isPending && <p className="driver-text">Sending the photo…</p>}
      {stop.photoImageId && !photo.isPending && (
        <p className="driver-done" role="status">
          Photo sent to the shop
        </p>
      )}
      {photo.isError && (
        <p className="driver-error" role="alert">
          {messageOf(photo.error)}
        </p>
      )}
    </div>
  );
}

/** What the driver does next at this stop: Picked up, then Delivered; the times once done. */
function StopActions({ stop }: { stop: RunStop }) {
  const pickedUp = usePickedUp();
  const delivered = useDelivered();
  const [askingCash, setAskingCash] = useState(false);
  if (stop.deliveredAt) {
    return (
      <p className="driver-done" role="status">
        Delivered {shopClock(stop.deliveredAt)}
        {stop.cashCollected !== null && !stop.paid && <> · cash taken {formatPounds(poundsToPence(stop.cashCollected) ?? 0)}</>}
      </p>
    );
  }
  if (!stop.pickedUpAt) {
    return (
      <>
        {pickedUp.isError && (
          <p className="driver-error" role="alert">
            {messageOf(pickedUp.error)}
          </p>
        )}
        <div className="driver-actions">
          <button
            type="button"
            className="driver-button is-main"
            disabled={pickedUp.isPending}
            onClick={() => pickedUp.mutate(stop.orderId)}
          >
            Picked up
          </button>
        </div>
      </>
    );
  }
  return (
    <>
      <p className="driver-done">Picked up {shopClock(stop.pickedUpAt)}</p>
      <DoorPhoto stop={stop} />
      {askingCash ? (
        <CashForm stop={stop} onCancel={() => setAskingCash(false)} />
      ) : (
        <>
          {delivered.isError && (
            <p className="driver-error" role="alert">
              {messageOf(delivered.error)}
            </p>
          )}
          <div className="driver-actions">
            <button
              type="button"
              className="driver-button is-main"
              disabled={delivered.isPending}
              onClick={() => (stop.paid ? delivered.mutate({ orderId: stop.orderId, body: {} }) : setAskingCash(true))}
            >
              Delivered
            </button>
          </div>
        </>
      )}
    </>
  );
}

/**
 * One stop of a run, for a phone held at arm's length in the street: its number, the address (a tap opens the
 * phone's maps), the customer's phone (a tap dials), the notes, what to take at the door, and the next action.
 */
export function StopCard({ stop }: { stop: RunStop }) {
  const headingId = useId();
  return (
    <li className={stop.deliveredAt ? 'driver-stop is-done' : 'driver-stop'} aria-labelledby={headingId}>
      <div className="driver-stop-head">
        <span className="driver-stop-number" aria-hidden="true">
          {stop.position}
        </span>
        <h3 id={headingId} className="driver-stop-title">
          Stop {stop.position}: order {stop.orderNumber}
        </h3>
        {stop.dueAt && <span className="driver-due">Due {shopClock(stop.dueAt)}</span>}
      </div>
      {stop.deliveredAt && stop.cashCollected !== null ? (
        <p className="driver-pay is-paid">CASH TAKEN {formatWirePounds(stop.cashCollected)}</p>
      ) : stop.paid || stop.deliveredAt ? (
        <p className="driver-pay is-paid">PAID</p>
      ) : (
        <p className="driver-pay is-cash">CASH DUE {formatWirePounds(stop.cashDue)}</p>
      )}
      <p className="driver-customer">{stop.customerName}</p>
      <a className="driver-address" href={mapsLink(stop.addressLines, stop.postcode)} target="_blank" rel="noopener noreferrer">
        {stop.addressLines.map((line) => (
          <span key={line} className="driver-address-line">
            {line}
          </span>
        ))}
        <span className="driver-address-line driver-postcode">{stop.postcode}</span>
        <span className="driver-link-hint">Open in maps</span>
      </a>
      {stop.phone && (
        <a className="driver-call" href={telLink(stop.phone)}>
          Call {formatPhone(stop.phone)}
        </a>
      )}
      {stop.note && (
        <p className="driver-note">
          <strong>Note:</strong> {stop.note}
        </p>
      )}
      {stop.allergyNote && (
        <p className="driver-note is-allergy">
          <strong>Allergy:</strong> {stop.allergyNote}
        </p>
      )}
      <StopActions stop={stop} />
    </li>
  );
}
