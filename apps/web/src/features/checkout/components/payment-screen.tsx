import { useEffect, useRef, useState, type ReactNode } from 'react';
import { normalisePostcode } from '@shop/shared/contract/addresses';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import type { Fulfilment } from '@shop/shared/domain/fulfilment';
import { NO_PRODUCT_ADDED } from '@shop/shared/domain/messages';
import { deliveryAreaLine } from '@shop/shared/domain/delivery-fee-range';
import { Page } from '../../../components/page';
import { ButtonLink } from '../../../components/ui';
import { ApiError, hasErrorCode } from '../../../lib/api';
import { formatWirePounds } from '../../../lib/money';
import { showToast } from '../../../lib/toast';
import { useSession } from '../../../lib/use-session';
import { CheckoutExtras } from './checkout-extras';
import { NO_CHECKOUT_EXTRAS, useCartQuote, type CheckoutExtrasDraft } from '../../../lib/use-cart-quote';
import { useDeliveryCheck } from '../../../lib/delivery-check';
import { useCart } from '../../../lib/cart-store';
import { useRealtimeSocket } from '../../../lib/realtime';
import { LiveOpeningStatus } from '../../../lib/live-opening-status';
import { useOpeningHours } from '../../../lib/opening-hours';
import { openingStatusQueryKey, quoteLine } from '../../../lib/opening-status';
import {
  createPaymentIntent,
  orderSlotsQueryKey,
  placeCashOrder,
  useOpeningStatus,
  useOrderSlots,
  usePaymentConfig,
  useShopTrader,
  type OrderDraft,
} from '../api/checkout-api';
import { collectionQuoteLine, contactProblems, type ContactDraft } from '../lib/collection';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { draftFingerprint } from '../lib/idempotency-key';
import { sendOrderConfirmation } from '../lib/order-confirmation';
import { checkPayment, chosenAddressId as chooseAddress, quoteErrorText, type PaymentChoice } from '../lib/payment-checks';
import {
  GUEST_FIELD_ORDER,
  guestAddressProblems,
  guestContactProblems,
  guestFieldErrors,
  guestOrderFields,
  readStoredGuest,
  storeGuest,
  type GuestDraft,
  type GuestField,
  type GuestProblems,
} from '../lib/guest-details';
import { GuestAddress, GuestContact } from './guest-details';
import { CashConfirmDialog } from './cash-confirm-dialog';
import { FulfilmentChooser } from './fulfilment-chooser';
import { OrderNotes } from './order-notes';
import { OrderSummary } from './order-summary';
import type { StartPaymentOptions } from './card-form-props';
import { PaymentSection } from './payment-section';
import { StoreInformation } from './store-information';
import { WhenChooser, type WhenMode } from './when-chooser';
import { paths } from '../../../lib/paths';

export { CASH_ONLY_TEXT } from './payment-section';

/**
 * What the landing page receives after an order is placed, to show 'Your order has been placed': /notification for a
 * signed-in customer, the order's tracking page for a guest.
 */
export type PlacedOrderState = { placedOrder: { orderId: string; paymentType: PaymentChoice } };

/** The tab's storage, when there is one (none while rendered on the server). */
const tabStorage = (): Storage | undefined => (typeof window === 'undefined' ? undefined : window.sessionStorage);

/** Checkout's terms, naming where the shop delivers from its zones (the quote's `deliveryArea`; undefined while it loads). */
export function termsText(deliveryArea: readonly string[] | null | undefined): string {
  const area = deliveryArea === undefined ? 'we deliver within our delivery area' : lowerFirst(deliveryAreaLine(deliveryArea));
  return `By placing your order you agree to our terms: orders are prepared as soon as they are confirmed, ${area}, and card payments made outside opening hours are not refunded.`;
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** What the address slot is given: the address chosen and a way to choose another. */
export interface AddressSlotProps {
  selectedId: string | null;
  onSelect(id: string | null): void;
}

interface PaymentScreenProps {
  /** The ids of the customer's saved addresses, in their order; undefined while they load. */
  savedAddressIds: readonly string[] | undefined;
  /** Draws the address list (the app layer brings the addresses feature's picker). */
  renderAddressPicker: (slot: AddressSlotProps) => ReactNode;
  /** The post code of a saved address, for its delivery fee (decision 1001); null while unknown. */
  postcodeOf?: (addressId: string) => string | null;
  /**
   * A visitor who chose Continue as guest (decision 1502): their details and a typed address instead of the saved
   * ones; `signIn` is the way to sign in instead, beside the details.
   */
  guest?: { signIn: ReactNode };
}

/** Checkout (SPEC.md sections 2, 4 and 5): the address, the payment type, a card form or the cash confirm step. */
export function PaymentScreen({ savedAddressIds, renderAddressPicker, postcodeOf, guest }: PaymentScreenProps) {
  const { user } = useSession();
  const asGuest = guest !== undefined;
  // A guest's details, kept in the tab as they are typed so a reload does not lose them.
  const [guestDraft, setGuestDraft] = useState<GuestDraft>(() => readStoredGuest(tabStorage()));
  const [guestLeft, setGuestLeft] = useState<ReadonlySet<GuestField>>(() => new Set());
  const [guestRefused, setGuestRefused] = useState<GuestProblems>({});
  const email = asGuest ? guestDraft.email.trim() : (user?.email ?? '');
  const cart = useCart();
  const opening = useOpeningStatus();
  const openingHours = useOpeningHours().data;
  const config = usePaymentConfig();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const socket = useRealtimeSocket();
  const slots = useOrderSlots();

  const [addressId, setAddressId] = useState<string | null>(null);
  const [chosenPaymentType, setPaymentType] = useState<PaymentChoice>('Card');
  // A shop that takes cash only (PAYMENTS=cash-only) offers no card payment: cash on delivery is the one choice.
  const cashOnly = config.data?.cardPayments === false;
  const paymentType: PaymentChoice = cashOnly ? 'Cash' : chosenPaymentType;
  const [note, setNote] = useState('');
  // Delivery or collection (decision 1003); a collection needs no address but a name and a phone number.
  const [fulfilment, setFulfilment] = useState<Fulfilment>('delivery');
  const collection = fulfilment === 'collection';
  const [contact, setContact] = useState<ContactDraft>({ name: user?.username ?? '', phone: '' });
  const [contactTried, setContactTried] = useState(false);
  const [allergyNote, setAllergyNote] = useState('');
  const shop = useShopTrader(collection);
  const [cashOpen, setCashOpen] = useState(false);
  // The cash order as it stood when the customer pressed Place order: the confirm sends that, so a pause arriving
  // while the question is open is refused in the server's words, and never turns an order for as soon as possible
  // into one ahead for a time the customer did not choose (the page offers only slots once paused).
  const [cashDraft, setCashDraft] = useState<OrderDraft | null>(null);
  const [placing, setPlacing] = useState(false);
  const [whenMode, setWhenMode] = useState<WhenMode>('asap');
  const [slotAt, setSlotAt] = useState<string | null>(null);
  // A message handed over by the address form or a reorder ('Address Added Successful!'), shown once.
  const flash = (location.state as { flash?: string } | null)?.flash;
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  // The tracking page of the card order being paid: a guest lands there once the card is taken.
  const cardTracking = useRef<string | null>(null);

  useEffect(() => {
    if (asGuest) storeGuest(tabStorage(), guestDraft);
  }, [asGuest, guestDraft]);

  // Show the flash once, and forget it, so a reload does not show it again.
  useEffect(() => {
    if (!flash) return;
    showToast(flash, 'success');
    void navigate('.', { replace: true, state: null });
  }, [flash, navigate]);

  // The first saved address is chosen until the customer picks another; a deleted choice falls back to it.
  const chosenAddressId = chooseAddress(savedAddressIds, addressId);

  // The slots follow the shop: a pause, busy mode or new settings change them (shop_status sets the status).
  const openingData = opening.data;
  useEffect(() => {
    if (openingData) void queryClient.invalidateQueries({ queryKey: orderSlotsQueryKey });
  }, [openingData, queryClient]);

  // When (decision 0901): as soon as possible while the shop takes such orders, else only a slot ahead. Closed or
  // paused with no slot chosen, place-order says why (the server's words) and is off. The first slot is offered
  // only to a customer who chose 'Order ahead for later': one who wanted as soon as possible, and finds the shop
  // closed or paused (perhaps while filling in the card), picks a time; the page never chooses one for them.
  const asapAllowed = opening.data?.acceptingOrders ?? true;
  const slotList = slots.data?.slots;
  const chosenSlot = slotList?.find((slot) => slot.at === slotAt) ?? (whenMode === 'later' ? slotList?.[0] : undefined) ?? null;
  const scheduledFor = !asapAllowed || whenMode === 'later' ? (chosenSlot?.at ?? null) : null;

  const lines = cart.entries.map((entry) => entry.line);
  // A delivery's fee (decision 1001): its own line before payment, and part of what is paid; a collection has none.
  const deliveryPostcode = collection
    ? null
    : asGuest
      ? normalisePostcode(guestDraft.postcode)
      : chosenAddressId && postcodeOf
        ? postcodeOf(chosenAddressId)
        : null;
  const delivery = useDeliveryCheck(deliveryPostcode).data;
  // The code, the stamp card's reward and the tip are priced by the server with the rest (the quote's toPay).
  const [extras, setExtras] = useState<CheckoutExtrasDraft>(NO_CHECKOUT_EXTRAS);
  const chosenExtras: CheckoutExtrasDraft = collection ? { ...extras, tip: null } : extras;
  const quote = useCartQuote({ fulfilment, postcode: deliveryPostcode, extras: chosenExtras });
  const totalToPay = quote.data?.toPay;
  const amountLabel = formatWirePounds(totalToPay);
  const quoteError = quoteErrorText(quote.error);
  const guestContactIssues = guestContactProblems(guestDraft);
  const guestAddressIssues = guestAddressProblems(guestDraft);
  // Under each field: the server's words for it, else the page's check once the guest has left the field.
  const guestErrors: GuestProblems = Object.fromEntries(
    GUEST_FIELD_ORDER.flatMap((field) => {
      const words = guestRefused[field] ?? (guestLeft.has(field) ? { ...guestContactIssues, ...guestAddressIssues }[field] : undefined);
      return words === undefined ? [] : [[field, words]];
    }),
  );
  const changeGuest = (field: GuestField, value: string) => {
    setGuestDraft((current) => ({ ...current, [field]: value }));
    // The server's words stand until the field is changed.
    setGuestRefused(({ [field]: _changed, ...rest }) => rest);
  };
  const leaveGuest = (field: GuestField) => setGuestLeft((left) => (left.has(field) ? left : new Set([...left, field])));

  /** A refusal naming the guest's fields ('guest.email: …'): its words go under them, and the first takes the focus. */
  const showGuestRefusal = (error: unknown): boolean => {
    if (!asGuest || !hasErrorCode(error, 'VALIDATION_FAILED')) return false;
    const found = guestFieldErrors(error);
    const first = GUEST_FIELD_ORDER.find((field) => found[field] !== undefined);
    if (!first) return false;
    setGuestRefused(found);
    document.querySelector<HTMLInputElement>(`[name="guest-${first}"]`)?.focus();
    return true;
  };

  /** The checks of SPEC.md section 5 (checkPayment) for a payment type. */
  const checkFor = (payment: PaymentChoice) =>
    checkPayment({
      lineCount: lines.length,
      quote: quote.data,
      quoteError,
      addressId: chosenAddressId,
      addressesLoading: savedAddressIds === undefined,
      collection,
      delivery,
      // An order ahead is for a slot the server offered: the hours and a pause do not refuse it.
      opening: scheduledFor ? undefined : opening.data,
      payment,
      guest: asGuest
        ? {
            contactComplete: Object.keys(guestContactIssues).length === 0,
            addressComplete: Object.keys(guestAddressIssues).length === 0,
          }
        : undefined,
    });
  // While a check fails, Pay and Place order are off, with the check's reason beside them.
  const shown = checkFor(paymentType);
  const blockedReason = shown.ok ? null : shown.reason;

  /** The checks again as the customer pays; a warning toast says what is wrong. */
  const check = (payment: PaymentChoice): OrderDraft | null => {
    const result = checkFor(payment);
    if (!result.ok) {
      showToast(result.problem, 'warning');
      return null;
    }
    if (!asGuest && collection && Object.keys(contactProblems(contact)).length > 0) {
      setContactTried(true);
      showToast('Please enter your name and phone number for collection', 'warning');
      return null;
    }
    if (whenMode === 'later' && asapAllowed && scheduledFor === null) {
      showToast('Choose a time to order ahead for', 'warning');
      return null;
    }
    return {
      items: lines,
      addressId: result.addressId,
      note: note.trim(),
      allergyNote: allergyNote.trim(),
      fulfilment,
      contact: collection && !asGuest ? { name: contact.name.trim(), phone: contact.phone.trim() } : null,
      email: asGuest ? '' : email,
      guest: asGuest ? guestOrderFields(guestDraft, collection) : null,
      scheduledFor,
      extras: chosenExtras,
    };
  };

  const keyFor = (draft: OrderDraft, type: PaymentChoice): string => {
    const fingerprint = draftFingerprint([
      draft.items,
      draft.addressId,
      draft.note,
      draft.scheduledFor,
      type,
      draft.fulfilment,
      draft.contact,
      draft.allergyNote,
      draft.guest,
      draft.extras,
    ]);
    if (attempt.current?.fingerprint !== fingerprint) attempt.current = { fingerprint, key: newIdempotencyKey() };
    return attempt.current.key;
  };

  /** The order is placed: a customer lands on their notifications, a guest on the order's tracking page. */
  const placed = (orderId: string, type: PaymentChoice, trackingUrl: string | null) => {
    attempt.current = null;
    sendOrderConfirmation(socket, orderId);
    cart.clear();
    void queryClient.invalidateQueries({ queryKey: ['order-history'] });
    void queryClient.invalidateQueries({ queryKey: ['my-notifications'] });
    const state: PlacedOrderState = { placedOrder: { orderId, paymentType: type } };
    void navigate(asGuest && trackingUrl ? trackingUrl : paths.notification, { state });
  };

  /** The slot was taken or the shop paused meanwhile: the page asks again, so what it offers is true. */
  const refreshWhen = (error: unknown) => {
    if (!hasErrorCode(error, 'SLOT_NOT_AVAILABLE', 'ORDERING_PAUSED', 'SHOP_CLOSED')) return;
    void queryClient.invalidateQueries({ queryKey: orderSlotsQueryKey });
    void queryClient.invalidateQueries({ queryKey: openingStatusQueryKey });
  };

  const startPayment = async (options: StartPaymentOptions = {}) => {
    const draft = check('Card');
    if (!draft) return null;
    try {
      const intent = await createPaymentIntent(draft, totalToPay, keyFor(draft, 'Card'), { saveCard: options.saveCard === true });
      cardTracking.current = intent.trackingUrl;
      return intent;
    } catch (error) {
      refreshWhen(error);
      showGuestRefusal(error);
      throw error;
    }
  };

  const confirmCash = async () => {
    const draft = cashDraft;
    if (!draft) {
      setCashOpen(false);
      return;
    }
    setPlacing(true);
    try {
      const answer = await placeCashOrder(draft, keyFor(draft, 'Cash'));
      setCashOpen(false);
      placed(answer.insertedId, 'Cash', answer.trackingUrl);
    } catch (error) {
      setCashOpen(false);
      refreshWhen(error);
      showGuestRefusal(error);
      showToast(error instanceof ApiError ? error.message : 'The order could not be placed. Try again.', 'error');
    } finally {
      setPlacing(false);
    }
  };

  if (cart.entries.length === 0) {
    return (
      <Page title="Checkout">
        <div className="ui-surface checkout-empty">
          <p className="ui-p checkout-empty-text">{NO_PRODUCT_ADDED}</p>
          <ButtonLink to={paths.home} variant="contained">
            Browse the menu
          </ButtonLink>
        </div>
      </Page>
    );
  }

  return (
    <Page title="Checkout">
      <LiveOpeningStatus />
      <div className="checkout-columns">
        <div className="ui-stack">
          {guest && (
            <GuestContact draft={guestDraft} onChange={changeGuest} onLeave={leaveGuest} errors={guestErrors} signIn={guest.signIn} />
          )}
          <div className="ui-surface ui-stack">
            <FulfilmentChooser
              value={fulfilment}
              onChange={setFulfilment}
              shop={shop.data}
              askContact={!asGuest}
              contact={contact}
              onContact={setContact}
              problems={contactTried ? contactProblems(contact) : {}}
            />
            {!collection &&
              (guest ? (
                <GuestAddress
                  draft={guestDraft}
                  onChange={changeGuest}
                  onLeave={leaveGuest}
                  errors={guestErrors}
                  deliveryWarning={delivery && !delivery.delivers ? delivery.message : null}
                />
              ) : (
                renderAddressPicker({ selectedId: chosenAddressId, onSelect: setAddressId })
              ))}
            <WhenChooser
              asapAllowed={asapAllowed}
              quote={collection ? collectionQuoteLine(opening.data) : quoteLine(opening.data)}
              mode={whenMode}
              onMode={setWhenMode}
              slots={slotList}
              slotAt={chosenSlot?.at ?? null}
              onSlot={setSlotAt}
            />
          </div>

          <OrderNotes note={note} onNote={setNote} allergyNote={allergyNote} onAllergyNote={setAllergyNote} />

          <CheckoutExtras
            extras={chosenExtras}
            onChange={(change) => setExtras((current) => ({ ...current, ...change }))}
            fulfilment={fulfilment}
            signedIn={!asGuest}
            quote={quote.data}
          />

          <PaymentSection
            paymentType={paymentType}
            onPaymentType={setPaymentType}
            cashOnly={cashOnly}
            fulfilment={fulfilment}
            stripeKey={config.isPending ? undefined : config.data?.provider === 'stripe' ? (config.data.publishableKey ?? null) : null}
            amountLabel={amountLabel}
            reason={blockedReason}
            card={{
              email,
              startPayment,
              signedIn: !asGuest && user !== null,
              amount: totalToPay,
              onPaid: (orderId) => placed(orderId, 'Card', cardTracking.current),
              onError: (message) => showToast(message, 'error'),
            }}
            onPlaceCash={() => {
              const draft = check('Cash');
              setCashDraft(draft);
              if (draft) setCashOpen(true);
            }}
            terms={termsText(quote.data?.deliveryArea)}
          />
        </div>

        <div className="ui-stack">
          <OrderSummary quote={quote.data} error={quoteError} loading={quote.isPending} delivery={collection ? null : (delivery ?? null)} />
          <StoreInformation status={opening.data} hours={openingHours} deliveryArea={quote.data?.deliveryArea} />
        </div>
      </div>

      <CashConfirmDialog
        open={cashOpen}
        amountLabel={amountLabel}
        collection={collection}
        busy={placing}
        onCancel={() => setCashOpen(false)}
        onConfirm={() => void confirmCash()}
      />
    </Page>
  );
}
