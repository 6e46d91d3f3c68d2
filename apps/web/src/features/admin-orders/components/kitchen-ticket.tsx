import { formatPhone } from '@shop/shared/domain/phone';
import { createPortal } from 'react-dom';
import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import type { OrderWire } from '@shop/shared/contract/orders';
import { displayOrderId } from '@shop/shared/domain/order-id';
import { channelBadge } from '@shop/shared/domain/order-channel';
import { orderDeliveryFeeText } from '../../../lib/delivery-fee-line';
import { orderTipText } from '../../../lib/tip-line';
import { TIP_LINE_LABEL } from '@shop/shared/domain/tips';
import { formatWirePounds } from '../../../lib/money';
import { itemChoices } from '../lib/order-items';
import { ReceiptDetails } from '../../../components/trader-details';
import { scheduledForText } from '../../../components/scheduled-for';
import { addressLines, ticketPaymentLine } from '../lib/ticket';

const TICKET_CLASS = 'kitchen-ticket';

/**
 * What the kitchen and the driver need, and only that, when the detail page is printed: the ticket sits directly
 * in <body> (a portal), hidden on screen; the print stylesheet hides everything else in <body> and shows it.
 */
const printStyles = (
  <GlobalStyles
    styles={{
      [`.${TICKET_CLASS}`]: { display: 'none' },
      '@media print': {
        [`body > *:not(.${TICKET_CLASS})`]: { display: 'none !important' },
        body: { background: '#fff !important' },
        [`.${TICKET_CLASS}`]: { display: 'block' },
        '@page': { margin: '10mm' },
      },
    }}
  />
);

/** The printers' own ticket (receiptline's SVG, `GET /api/orders/:id/ticket`), as the browser prints it. */
export interface PrintedTicket {
  src: string;
  paperWidth: 80 | 58;
  label: string;
}

/**
 * The browser's print of the order page (the fallback for a shop without a receipt printer): the very
 * ticket the printers print, `printed`, at its paper's printable width (72 mm on 80 mm paper, 48 mm on 58 mm);
 * while that cannot be had (null), the page's own ticket below.
 */
export function KitchenTicket({ order, printed = null }: { order: OrderWire; printed?: PrintedTicket | null }) {
  if (printed) {
    return createPortal(
      <>
        {printStyles}
        <Box className={TICKET_CLASS} data-testid="kitchen-ticket" sx={{ bgcolor: '#fff' }}>
          <Box
            component="img"
            src={printed.src}
            alt={printed.label}
            data-testid="printed-ticket"
            sx={{ display: 'block', width: printed.paperWidth === 80 ? '72mm' : '48mm' }}
          />
        </Box>
      </>,
      document.body,
    );
  }
  return <PageTicket order={order} />;
}

function PageTicket({ order }: { order: OrderWire }) {
  const payment = ticketPaymentLine(order);
  const deliveryFee = orderDeliveryFeeText(order);
  const tip = orderTipText(order);
  const { address } = order;
  return createPortal(
    <>
      {printStyles}
      <Box
        className={TICKET_CLASS}
        data-testid="kitchen-ticket"
        sx={{
          color: '#000',
          bgcolor: '#fff',
          fontFamily: 'Helvetica, Arial, sans-serif',
          fontSize: '14pt',
          lineHeight: 1.3,
          maxWidth: '120mm',
        }}
      >
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', borderBottom: '2px solid #000', pb: 1 }}>
          <Box component="p" sx={{ m: 0, fontSize: '22pt', fontWeight: 700 }}>
            Order {displayOrderId(order._id)}
          </Box>
          <Box component="p" sx={{ m: 0 }}>
            {order.date} {order.time}
          </Box>
        </Box>
        {channelBadge(order.channel) && (
          <Box component="p" data-testid="ticket-channel" sx={{ m: 0, mt: 1, fontSize: '20pt', fontWeight: 900, letterSpacing: '0.08em' }}>
            {channelBadge(order.channel)}
            {order.takenBy ? ` · taken by ${order.takenBy}` : ''}
          </Box>
        )}
        {scheduledForText(order) && (
          <Box
            component="p"
            data-testid="ticket-scheduled"
            sx={{ m: 0, mt: 1, fontSize: '22pt', fontWeight: 800, border: '3px solid #000', px: 1 }}
          >
            {scheduledForText(order)}
          </Box>
        )}
        {order.fulfilment === 'collection' && (
          <Box
            component="p"
            data-testid="ticket-collection"
            sx={{ m: 0, mt: 1, fontSize: '28pt', fontWeight: 900, letterSpacing: '0.08em', border: '4px solid #000', textAlign: 'center' }}
          >
            COLLECTION
          </Box>
        )}
        {order.allergyNote.trim() !== '' && (
          <Box
            data-testid="ticket-allergy"
            sx={{
              mt: 1,
              p: 1,
              fontSize: '18pt',
              fontWeight: 700,
              border: '4px double #000',
              breakInside: 'avoid',
              overflowWrap: 'anywhere',
            }}
          >
            <Box component="span" sx={{ fontWeight: 900 }}>
              ALLERGY:
            </Box>{' '}
            {order.allergyNote.trim()}
          </Box>
        )}
        {order.expectedTime && (
          <Box component="p" data-testid="ticket-expected" sx={{ m: 0, mt: 1, fontSize: '18pt', fontWeight: 700 }}>
            Expected at {order.expectedTime}
          </Box>
        )}

        <Box component="ul" sx={{ listStyle: 'none', p: 0, my: 2 }}>
          {order.items.map((item, index) => (
            <Box component="li" key={`${item.id}-${index}`} sx={{ mb: 1.5, breakInside: 'avoid' }}>
              <Box sx={{ fontSize: '20pt', fontWeight: 700 }}>
                {item.quantity} × {item.title}
              </Box>
              {itemChoices(item).map((choice) => (
                <Box key={choice} sx={{ fontSize: '15pt', pl: 3 }}>
                  {choice}
                </Box>
              ))}
            </Box>
          ))}
        </Box>

        {order.note.trim() !== '' && (
          <Box sx={{ border: '2px solid #000', p: 1, my: 2, fontSize: '16pt', breakInside: 'avoid' }}>
            <strong>Note:</strong> {order.note}
          </Box>
        )}

        <Box sx={{ borderTop: '2px solid #000', pt: 1, breakInside: 'avoid' }}>
          {addressLines(address).map((line) => (
            <Box key={line}>{line}</Box>
          ))}
          {address.phone && <Box>Tel {formatPhone(address.phone)}</Box>}
        </Box>

        <Box sx={{ mt: 2, borderTop: '2px solid #000', pt: 1, breakInside: 'avoid' }}>
          {/* A delivery's fee and each discount on their own lines between the subtotal and the total. */}
          {(deliveryFee !== null || order.discounts.length > 0) && (
            <Box component="p" sx={{ m: 0 }}>
              Subtotal {formatWirePounds(order.subtotal)}
            </Box>
          )}
          {deliveryFee !== null && (
            <Box component="p" sx={{ m: 0 }} data-testid="ticket-delivery-fee">
              Delivery {deliveryFee}
            </Box>
          )}
          {order.discounts.map((discount, index) => (
            <Box key={`${discount.label}-${index}`} component="p" sx={{ m: 0 }}>
              {discount.label} −{formatWirePounds(discount.amount)}
            </Box>
          ))}
          {tip !== null && (
            <Box component="p" sx={{ m: 0 }} data-testid="ticket-tip">
              {TIP_LINE_LABEL} {tip}
            </Box>
          )}
          <Box component="p" sx={{ m: 0 }}>
            {order.paymentType === 'Card'
              ? 'Card'
              : order.paymentStatus === 'paid'
                ? 'Cash'
                : order.fulfilment === 'collection'
                  ? 'Pay on collection'
                  : 'Cash on delivery'}
            , total {formatWirePounds(order.totalPrice)}
          </Box>
          <Box
            component="p"
            data-testid="ticket-payment"
            sx={{ m: 0, mt: 0.5, fontSize: '24pt', fontWeight: 700, border: '3px solid #000', px: 1, textAlign: 'center' }}
          >
            {payment}
          </Box>
        </Box>
        {/* The receipt that goes with the food: who sold it, and the VAT per rate for a VAT-registered shop (decision 1002). */}
        <Box sx={{ mt: 2, borderTop: '1px solid #000', pt: 1, breakInside: 'avoid', '& *': { color: '#000' } }}>
          <ReceiptDetails orderId={order._id} />
        </Box>
      </Box>
    </>,
    document.body,
  );
}
