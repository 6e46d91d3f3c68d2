import { useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CallerOrder, StaffCustomer, StaffOrderAnswer } from '@shop/shared/contract/staff-orders';
import type { Fulfilment } from '@shop/shared/domain/fulfilment';
import type { StaffChannel } from '@shop/shared/domain/order-channel';
import { canonicalPhone, formatPhone } from '@shop/shared/domain/phone';
import { ApiError } from '../../../lib/api';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { productsQuery } from '../../../lib/menu-queries';
import { formatWirePounds } from '../../../lib/money';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useQueryClient } from '@tanstack/react-query';
import { placeStaffOrder, useBasketQuote, useOrderSlots } from '../api/new-order-api';
import type { NewOrderBasket } from '../lib/basket';
import { EMPTY_ADDRESS, refusalSections, staffOrderBody, type DraftSection, type OrderDraft } from '../lib/order-draft';
import { repeatLines } from '../lib/repeat';
import { BasketSection, type BasketTotals } from './basket-section';
import { CallerSection } from './caller-section';
import { DeliverySection } from './delivery-section';
import { OrderPlaced } from './order-placed';
import { PaymentSection } from './payment-section';
import { PromoSection } from './promo-section';

const FRESH_DRAFT: OrderDraft = {
  channel: 'counter',
  name: '',
  phone: '',
  email: '',
  accountId: null,
  fulfilment: 'collection',
  addressId: null,
  address: EMPTY_ADDRESS,
  scheduledFor: null,
  payment: 'cash',
  tender: 'cash',
  sendLinkBy: 'sms',
  note: '',
  allergyNote: '',
  promoCode: '',
};

interface NewOrderScreenProps {
  /** The screen's own basket (never the customer's cart). */
  basket: NewOrderBasket;
  /** The storefront's menu, adding to `basket` (composed by the app layer). */
  menu: ReactNode;
}

/**
 * New order (decision 1500): a phone or counter order taken by the staff. The caller found by their number (or a new
 * caller's name), the storefront's menu beside the basket, priced by the cart's own quote; delivery or collection,
 * when, the note and allergies, and how it is paid. A refusal is shown at what it is about, and nothing typed is lost.
 */
export function NewOrderScreen({ basket, menu }: NewOrderScreenProps) {
  useDocumentTitle('New order');
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<OrderDraft>(FRESH_DRAFT);
  // Whether the staff chose these themselves: until then a typed number makes it a phone order for delivery.
  const [chosen, setChosen] = useState({ channel: false, fulfilment: false, sendLinkBy: false });
  const [customer, setCustomer] = useState<StaffCustomer | null>(null);
  const [repeatNote, setRepeatNote] = useState<string | null>(null);
  const [problems, setProblems] = useState<Partial<Record<DraftSection, string>>>({});
  const [placing, setPlacing] = useState(false);
  const [placed, setPlaced] = useState<StaffOrderAnswer | null>(null);
  // One key per order as it stands: a retry of the same basket and choices sends the same key (decision 0401).
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);

  const change = (patch: Partial<OrderDraft>) => {
    setDraft((current) => {
      const next = { ...current, ...patch };
      // A payment link goes by e-mail when there is one, unless the staff chose the text message.
      if (!chosen.sendLinkBy) next.sendLinkBy = next.email.trim() ? 'email' : 'sms';
      if (next.sendLinkBy === 'email' && !next.email.trim()) next.sendLinkBy = 'sms';
      return next;
    });
    if (patch.sendLinkBy) setChosen((current) => ({ ...current, sendLinkBy: true }));
  };

  const savedAddresses = customer?.userId && draft.accountId === customer.userId ? customer.addresses : [];
  const delivery = draft.fulfilment === 'delivery';
  const saved = savedAddresses.find((address) => address._id === draft.addressId);
  const postcode = delivery ? (saved?.postcode ?? draft.address.postcode).trim() || null : null;
  const quote = useBasketQuote(basket.lines, postcode, {
    fulfilment: draft.fulfilment,
    channel: draft.channel,
    promoCode: draft.promoCode,
  });
  const slots = useOrderSlots();
  const check = delivery ? quote.data?.delivery : undefined;
  const fee = check?.delivers ? check.fee : 0;
  // The total is the quote's toPay: the food and the fee less the discounts, what the order will charge.
  const totals: BasketTotals | null = quote.data ? { subtotal: quote.data.subtotal, fee, total: quote.data.toPay } : null;

  const onPhoneTyped = (text: string) => {
    const patch: Partial<OrderDraft> = { phone: text };
    // Another number is another caller: the account found for the last one no longer holds.
    if (draft.accountId && customer && canonicalPhone(text) !== customer.phone) {
      Object.assign(patch, { accountId: null, addressId: null });
    }
    if (!chosen.channel && basket.count === 0 && text.trim() !== '') {
      patch.channel = 'phone';
      if (!chosen.fulfilment) patch.fulfilment = 'delivery';
    }
    change(patch);
  };

  const onChannel = (channel: StaffChannel) => {
    setChosen((current) => ({ ...current, channel: true }));
    change({ channel, ...(chosen.fulfilment ? {} : { fulfilment: channel === 'phone' ? 'delivery' : 'collection' }) });
  };

  const onFulfilment = (fulfilment: Fulfilment) => {
    setChosen((current) => ({ ...current, fulfilment: true }));
    change({ fulfilment });
  };

  const pick = (found: StaffCustomer): Partial<OrderDraft> => {
    setCustomer(found);
    return {
      name: found.name,
      phone: formatPhone(found.phone),
      email: found.email ?? '',
      accountId: found.userId,
      addressId: found.userId ? (found.addresses[0]?._id ?? null) : null,
    };
  };

  const onRepeat = async (found: StaffCustomer, order: CallerOrder) => {
    const patch = pick(found);
    patch.fulfilment = order.fulfilment;
    if (order.fulfilment === 'delivery') {
      const still = found.userId ? found.addresses.find((address) => address._id === order.addressId) : undefined;
      if (still) patch.addressId = still._id;
      else if (order.address) {
        patch.addressId = null;
        patch.address = {
          address: order.address.address,
          address2: order.address.address2,
          city: order.address.city,
          postcode: order.address.postcode,
        };
      }
    }
    setChosen((current) => ({ ...current, fulfilment: true }));
    change(patch);
    const menu = await queryClient.fetchQuery({ ...productsQuery, staleTime: 0 });
    const { lines, missing } = repeatLines(order, menu);
    basket.addLines(lines);
    const gone = missing.length > 0 ? ` Not added: ${missing.join(', ')}.` : '';
    setRepeatNote(lines.length > 0 ? `Added the order of ${order.date} at today’s prices.${gone}` : `Nothing could be added.${gone}`);
  };

  const place = async () => {
    const body = staffOrderBody(draft, basket.lines);
    const fingerprint = JSON.stringify(body);
    if (attempt.current?.fingerprint !== fingerprint) attempt.current = { fingerprint, key: newIdempotencyKey() };
    setPlacing(true);
    setProblems({});
    try {
      setPlaced(await placeStaffOrder(body, attempt.current.key));
    } catch (error) {
      if (error instanceof ApiError) setProblems(refusalSections(error.code, error.message));
      else setProblems({ order: 'The order could not be placed. Try again.' });
    } finally {
      setPlacing(false);
    }
  };

  const next = () => {
    basket.clear();
    setDraft(FRESH_DRAFT);
    setChosen({ channel: false, fulfilment: false, sendLinkBy: false });
    setCustomer(null);
    setRepeatNote(null);
    setProblems({});
    setPlaced(null);
    attempt.current = null;
  };

  if (placed) {
    return (
      <Box sx={{ py: 2 }}>
        <Typography component="h1" variant="h4" sx={{ mb: 2 }}>
          New order
        </Typography>
        <OrderPlaced answer={placed} onNext={next} />
      </Box>
    );
  }

  return (
    <Box sx={{ py: 2 }}>
      <Typography component="h1" variant="h4" sx={{ mb: 2 }}>
        New order
      </Typography>
      {/* The menu beside the order from a tablet's width up, the order's panel kept in view as the menu scrolls. */}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 1fr) 340px', xl: 'minmax(0, 1fr) 400px' },
        }}
      >
        <Box sx={{ minWidth: 0 }}>{menu}</Box>
        <Paper
          variant="outlined"
          component="aside"
          aria-label="The order"
          sx={{
            p: 2,
            display: 'grid',
            gap: 2,
            alignContent: 'start',
            position: { sm: 'sticky' },
            top: { sm: 80 },
            maxHeight: { sm: 'calc(100vh - 96px)' },
            overflowY: { sm: 'auto' },
          }}
        >
          <CallerSection
            draft={draft}
            onChange={change}
            onChannel={onChannel}
            onPhoneTyped={onPhoneTyped}
            onPick={(found) => change(pick(found))}
            onRepeat={(found, order) => void onRepeat(found, order)}
            problems={problems}
          />
          <Divider />
          <BasketSection
            basket={basket}
            quote={quote.data}
            quoteError={quote.isError ? quote.error.message : null}
            totals={totals}
            delivery={delivery}
            repeatNote={repeatNote}
            problem={problems.basket}
          />
          <Divider />
          <DeliverySection
            draft={draft}
            onChange={change}
            onFulfilment={onFulfilment}
            savedAddresses={savedAddresses}
            check={check}
            slots={slots.data}
            problems={problems}
          />
          <Divider />
          <Box component="section" aria-labelledby="new-order-notes" sx={{ display: 'grid', gap: 1.5 }}>
            <Typography id="new-order-notes" component="h2" variant="h6">
              Requests and allergies
            </Typography>
            <TextField
              label="Note"
              size="small"
              multiline
              minRows={1}
              value={draft.note}
              onChange={(event) => change({ note: event.target.value })}
              placeholder="Anything the kitchen or the driver should know"
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
            <TextField
              label="Any allergies we should know about?"
              size="small"
              multiline
              minRows={1}
              value={draft.allergyNote}
              onChange={(event) => change({ allergyNote: event.target.value })}
              helperText="Ask every customer: the kitchen sees the answer boxed on the ticket."
              error={Boolean(problems.notes)}
              slotProps={{ htmlInput: { maxLength: 300 } }}
            />
            {problems.notes && <Alert severity="error">{problems.notes}</Alert>}
          </Box>
          <Divider />
          <PromoSection
            promoCode={draft.promoCode}
            onChange={(promoCode) => change({ promoCode })}
            quote={quote.data}
            problem={problems.promo}
          />
          <Divider />
          <PaymentSection draft={draft} onChange={change} problems={problems} />
          {problems.order && (
            <Alert severity="error" data-testid="order-problem">
              {problems.order}
            </Alert>
          )}
          <Button variant="contained" size="large" onClick={() => void place()} disabled={placing} data-testid="place-order">
            {placing ? 'Placing…' : `Place order${totals && basket.count > 0 ? ` · ${formatWirePounds(totals.total)}` : ''}`}
          </Button>
        </Paper>
      </Box>
    </Box>
  );
}
