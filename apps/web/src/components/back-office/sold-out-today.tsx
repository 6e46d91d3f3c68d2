import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { AvailabilityAnswer, AvailabilityRequest } from '@shop/shared/contract/catalogue';
import type { OrderItemWire } from '@shop/shared/contract/orders';
import { api, ApiError } from '../../lib/api';
import { productsQueryKey, toppingsQueryKey, useProducts, useToppings } from '../../lib/menu-queries';
import { showToast } from '../../lib/toast';

/** What can be marked: a product (`PUT /api/allproduts/{id}/availability`) or a topping (`/api/ingredients/...`). */
export type SoldOutKind = 'product' | 'topping';

const LIST_KEYS = { product: productsQueryKey, topping: toppingsQueryKey } as const;

function setAvailability(kind: SoldOutKind, id: string, body: AvailabilityRequest): Promise<AvailabilityAnswer> {
  return kind === 'product'
    ? api.put<AvailabilityAnswer>(`/allproduts/${encodeURIComponent(id)}/availability`, body)
    : api.put<AvailabilityAnswer>(`/ingredients/${encodeURIComponent(id)}/availability`, body);
}

interface SoldOutTodayProps {
  kind: SoldOutKind;
  id: string;
  /** The product's title or the topping's name, as the shop calls it. */
  name: string;
  /** Whether the menu lists it sold out already (null: not known yet). */
  listedSoldOut: boolean | null;
  /** 'line': the order line's own product ('Sold out today'); 'choice': one of its choices, named on the button. */
  variant: 'line' | 'choice';
}

/**
 * One tap on an order's line: what that order ran out of is 'Sold out today' (back by itself at
 * the next opening), with 'Back on sale' to undo it. Every open menu hears it (menu_changed). Used by the order page
 * and the new-order popup alike (decision 0903).
 */
export function SoldOutToday({ kind, id, name, listedSoldOut, variant }: SoldOutTodayProps) {
  const client = useQueryClient();
  /**
   * The last answer of this tap: it holds until the menu's list says something new (asked again after a tap, or
   * changed by another admin or the next opening), and from then the list does.
   */
  const [answered, setAnswered] = useState<boolean | null>(null);
  const [listed, setListed] = useState(listedSoldOut);
  if (listed !== listedSoldOut) {
    setListed(listedSoldOut);
    setAnswered(null);
  }
  const [sending, setSending] = useState(false);
  const soldOut = answered ?? listedSoldOut ?? false;

  const send = async (body: AvailabilityRequest) => {
    setSending(true);
    try {
      const answer = await setAvailability(kind, id, body);
      setAnswered(answer.soldOut);
      // The back office's lists show the state too.
      void client.invalidateQueries({ queryKey: LIST_KEYS[kind] });
      showToast(answer.soldOut ? `"${name}" is sold out today` : `"${name}" is back on sale`, 'success', 4000);
    } catch (error) {
      const what = kind === 'product' ? 'product' : 'topping';
      showToast(error instanceof ApiError ? error.message : `The ${what} could not be changed. Try again.`, 'error');
    } finally {
      setSending(false);
    }
  };

  if (soldOut) {
    return (
      <Button
        size="small"
        color={variant === 'choice' ? 'error' : 'primary'}
        variant={variant === 'choice' ? 'contained' : 'text'}
        disabled={sending}
        onClick={() => void send({ soldOut: false })}
        aria-label={`Put ${name} back on sale`}
        sx={{ textTransform: 'none' }}
      >
        {/* A choice says what it is now (filled) and what the tap does. */}
        {variant === 'choice' ? `${name} sold out · Undo` : 'Back on sale'}
      </Button>
    );
  }
  return (
    <Button
      size="small"
      color="error"
      variant={variant === 'choice' ? 'outlined' : 'text'}
      disabled={sending}
      onClick={() => void send({ soldOut: true, until: 'next-opening' })}
      aria-label={`Mark ${name} sold out today`}
      sx={{ textTransform: 'none' }}
    >
      {variant === 'choice' ? name : 'Sold out today'}
    </Button>
  );
}

/** The ids a line's choices carry: its toppings (crusts, dips, shake flavours among them) and a deal's chosen items. */
export function lineChoiceIds(item: OrderItemWire): { toppingIds: string[]; dealProductIds: string[] } {
  return {
    toppingIds: [...new Set(item.line.toppingIds ?? [])],
    dealProductIds: [...new Set((item.line.deal?.items ?? []).map((choice) => choice.productId))],
  };
}

/** Something an order's line names that can be marked sold out. */
type SoldOutTarget = { kind: SoldOutKind; id: string; name: string; soldOut: boolean | null };

/**
 * The menu's lists by id, and a line's choices as targets: each chosen topping, then each deal item, named as the
 * menu names them by their ids (the stored line carries the ids; a choice the menu no longer lists cannot be marked,
 * so it is left out). The crust picked by size (deep pan, thin, stuffed) is an option of the product, not a topping,
 * and has no tap.
 */
function useLineTargets() {
  const products = useProducts().data;
  const toppings = useToppings().data;
  const productById = new Map((products ?? []).map((product) => [product._id, product]));
  const toppingById = new Map((toppings ?? []).map((topping) => [topping._id, topping]));
  const lineProduct = (item: OrderItemWire): SoldOutTarget => ({
    kind: 'product',
    id: item.line.productId,
    name: item.title,
    soldOut: productById.get(item.line.productId)?.soldOut ?? null,
  });
  const choices = (item: OrderItemWire): SoldOutTarget[] => {
    const { toppingIds, dealProductIds } = lineChoiceIds(item);
    return [
      ...toppingIds.flatMap((id) => {
        const topping = toppingById.get(id);
        return topping ? [{ kind: 'topping' as const, id, name: topping.ToopingName, soldOut: topping.soldOut }] : [];
      }),
      ...dealProductIds.flatMap((id) => {
        const product = productById.get(id);
        return product ? [{ kind: 'product' as const, id, name: product.title, soldOut: product.soldOut }] : [];
      }),
    ];
  };
  return { lineProduct, choices };
}

/**
 * An order line's sold-out taps, for the order page's Items table: its product ('Sold out today'), then 'Ran out of:'
 * each of its choices by name.
 */
export function OrderLineSoldOut({ item }: { item: OrderItemWire }) {
  const targets = useLineTargets();
  const lineProduct = targets.lineProduct(item);
  const choices = targets.choices(item);

  return (
    <>
      <SoldOutToday kind="product" id={lineProduct.id} name={lineProduct.name} listedSoldOut={lineProduct.soldOut} variant="line" />
      {choices.length > 0 && (
        <Box
          role="group"
          aria-label={`Sold out today from ${item.title}`}
          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75, mt: 0.5, width: '100%' }}
        >
          <Typography variant="body2" color="text.secondary" component="span">
            Ran out of:
          </Typography>
          {choices.map((choice) => (
            <SoldOutToday
              key={`${choice.kind}-${choice.id}`}
              kind={choice.kind}
              id={choice.id}
              name={choice.name}
              listedSoldOut={choice.soldOut}
              variant="choice"
            />
          ))}
        </Box>
      )}
    </>
  );
}

/**
 * The new-order popup's sold-out taps: everything the order names, each once (its lines' products, then their
 * choices), one tap each by name, under the products, so the popup's list stays the order as the kitchen reads it.
 */
export function OrderSoldOut({ items }: { items: readonly OrderItemWire[] }) {
  const targets = useLineTargets();
  const seen = new Set<string>();
  const all = [...items.map(targets.lineProduct), ...items.flatMap(targets.choices)].filter((target) => {
    const key = `${target.kind}-${target.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (all.length === 0) return null;
  return (
    <Box role="group" aria-label="Sold out today" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75, mt: 1.5 }}>
      <Typography variant="body2" color="text.secondary" component="span">
        Ran out? Mark it sold out today:
      </Typography>
      {all.map((target) => (
        <SoldOutToday
          key={`${target.kind}-${target.id}`}
          kind={target.kind}
          id={target.id}
          name={target.name}
          listedSoldOut={target.soldOut}
          variant="choice"
        />
      ))}
    </Box>
  );
}
