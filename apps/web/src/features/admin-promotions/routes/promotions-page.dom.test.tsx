import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toPromotionWire, type PromotionWire, type PromotionWriteInput } from '@shop/shared/contract/promotions';
import { promotionWriteSchema } from '@shop/shared/contract/promotions';
import { fakeApi, ok, refuse } from '../../../../test/fake-api';
import { fill, renderWithProviders } from '../../../../test/render';
import { sessionAnswer } from '../../../../test/wire-fixtures';
import { paths } from '../../../lib/paths';
import { PromotionsPage } from './promotions-page';

// Decision 1600: the back office's Promotions screen, against a stand-in of /api/promotions that checks what it is
// sent with the shared contract (the server's rules themselves are tested in apps/server/test/promotions.test.ts).

function openPromotions(start: PromotionWire[] = []) {
  const state = { promotions: [...start] };
  let next = 1;
  const stored = (body: PromotionWriteInput, id: string, uses = 0) => {
    const parsed = promotionWriteSchema.safeParse(body);
    if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'invalid' };
    const now = new Date('2026-11-29T09:00:00Z');
    return { promotion: toPromotionWire({ id, ...parsed.data, uses, discounted: 0, createdAt: now, updatedAt: null }) };
  };
  const api = fakeApi({
    'GET /session': sessionAnswer('admin@example.com', 'owner', 'Admin'),
    'GET /categories': ok([{ _id: 'c1', categoriName: 'Pizzas', order: 1, imageUrl: null }]),
    'GET /allproduts': ok([]),
    'GET /promotions': () => ok(state.promotions),
    'POST /promotions': (request) => {
      const made = stored(request.body as PromotionWriteInput, `p${next++}`);
      if ('error' in made) return refuse('VALIDATION_FAILED', made.error ?? 'invalid');
      state.promotions.push(made.promotion);
      return ok(made.promotion, 201);
    },
    'PUT /promotions/:id': (request, params) => {
      const made = stored(request.body as PromotionWriteInput, params.id ?? '');
      if ('error' in made) return refuse('VALIDATION_FAILED', made.error ?? 'invalid');
      state.promotions = state.promotions.map((each) => (each._id === params.id ? made.promotion : each));
      return ok(made.promotion);
    },
    'DELETE /promotions/:id': (_request, params) => {
      state.promotions = state.promotions.filter((each) => each._id !== params.id);
      return ok({ deletedCount: 1 });
    },
  });
  return { api, state, ...renderWithProviders(<PromotionsPage />, { at: paths.promotions }) };
}

const rows = () =>
  within(screen.getByRole('table', { name: 'Promotions' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].slice(0, 5).map((cell) => cell.textContent));

describe('the Promotions screen', () => {
  it('adds a code with its conditions and limits, lists it with its uses, pauses it and archives it', async () => {
    const { api, user } = openPromotions();
    expect(await screen.findByText('No promotions yet.')).toBeVisible();
    const form = screen.getByRole('form', { name: 'Add a promotion' });
    await fill(user, within(form).getByRole('textbox', { name: 'Name' }), 'Ten off');
    await fill(user, within(form).getByRole('textbox', { name: 'Code' }), 'pizza10');
    await fill(user, within(form).getByRole('textbox', { name: 'Percent off' }), '10');
    await fill(user, within(form).getByRole('textbox', { name: 'Minimum spend (£)' }), '20');
    await user.click(within(form).getByRole('checkbox', { name: 'Mon' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Tue' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Wed' }));
    await fill(user, within(form).getByRole('textbox', { name: 'Uses per customer' }), '1');
    await user.click(within(form).getByRole('button', { name: 'Add promotion' }));

    expect(await within(form).findByText('PIZZA10 saved')).toBeVisible();
    expect(api.sent('POST /promotions')[0]?.body).toMatchObject({
      name: 'Ten off',
      code: 'pizza10',
      kind: 'percent',
      value: 10,
      conditions: { minSpend: 20, days: [1, 2, 3] },
      limits: { perCustomer: 1, total: null },
    });
    await waitFor(() =>
      expect(rows()).toEqual([['PIZZA10 Ten off', '10% off', 'From £20.00 · Monday to Wednesday · 1 per customer', '0', 'Running']]),
    );

    await user.click(screen.getByRole('button', { name: 'Change PIZZA10' }));
    const change = screen.getByRole('form', { name: 'Change PIZZA10' });
    await user.click(within(change).getByRole('checkbox', { name: 'Running' }));
    await user.click(within(change).getByRole('button', { name: 'Save promotion' }));
    await waitFor(() => expect(rows()[0]?.[4]).toBe('Paused'));

    await user.click(screen.getByRole('button', { name: 'Archive PIZZA10' }));
    expect(await screen.findByText('No promotions yet.')).toBeVisible();
  });

  it('shows the server’s refusal in its words', async () => {
    const { user } = openPromotions();
    const form = await screen.findByRole('form', { name: 'Add a promotion' });
    await fill(user, within(form).getByRole('textbox', { name: 'Name' }), 'Too much');
    await fill(user, within(form).getByRole('textbox', { name: 'Percent off' }), '150');
    await user.click(within(form).getByRole('button', { name: 'Add promotion' }));
    expect(await within(form).findByText('value: a percentage must be a whole number from 1 to 100')).toBeVisible();
  });
});
