import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { Fulfilment } from '@shop/shared/domain/fulfilment';

/** What an order says about how it leaves the shop and the customer's allergies. */
export interface FlaggedOrder {
  fulfilment: Fulfilment;
  allergyNote: string;
}

const sxList = (sx: SxProps<Theme> | undefined) => (Array.isArray(sx) ? sx : [sx]);

/**
 * COLLECTION, big and boxed, on an order the customer collects (the back office's popup, lists, order page and
 * ticket): the kitchen must not hand it to a driver. Nothing for a delivery.
 */
export function CollectionLabel({ order, sx }: { order: Pick<FlaggedOrder, 'fulfilment'>; sx?: SxProps<Theme> }) {
  if (order.fulfilment !== 'collection') return null;
  return (
    <Box
      component="span"
      data-testid="collection-label"
      sx={[
        {
          display: 'inline-block',
          px: 1,
          py: 0.25,
          border: 3,
          borderColor: 'text.primary',
          borderRadius: 1,
          fontWeight: 900,
          fontSize: '1.25rem',
          letterSpacing: '0.06em',
          color: 'text.primary',
          lineHeight: 1.3,
          whiteSpace: 'nowrap',
        },
        ...sxList(sx),
      ]}
    >
      COLLECTION
    </Box>
  );
}

/** 'ALLERGY: peanuts', boxed in red, wherever the kitchen or the customer reads the order; nothing without a note. */
export function AllergyNoteBox({ order, sx }: { order: Pick<FlaggedOrder, 'allergyNote'>; sx?: SxProps<Theme> }) {
  const note = order.allergyNote.trim();
  if (!note) return null;
  return (
    <Box
      role="note"
      aria-label="Allergy"
      data-testid="allergy-note"
      sx={[
        {
          display: 'block',
          p: 1,
          border: 3,
          borderColor: 'error.main',
          borderRadius: 1,
          color: 'text.primary',
          fontWeight: 700,
          fontSize: '1.125rem',
          lineHeight: 1.35,
          overflowWrap: 'anywhere',
          whiteSpace: 'pre-wrap',
        },
        ...sxList(sx),
      ]}
    >
      <Box component="span" sx={{ color: 'error.main', fontWeight: 900 }}>
        ALLERGY:
      </Box>{' '}
      {note}
    </Box>
  );
}

/** Both flags, COLLECTION first, stacked; what the popup, the lists and the order pages show above an order. */
export function OrderFlags({ order, sx }: { order: FlaggedOrder; sx?: SxProps<Theme> }) {
  if (order.fulfilment !== 'collection' && !order.allergyNote.trim()) return null;
  return (
    <Box sx={[{ display: 'grid', gap: 0.75, justifyItems: 'start' }, ...sxList(sx)]}>
      <CollectionLabel order={order} />
      <AllergyNoteBox order={order} sx={{ justifySelf: 'stretch' }} />
    </Box>
  );
}
