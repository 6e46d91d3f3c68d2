import Typography from '@mui/material/Typography';
import { TOPPING_CATEGORIES } from '@shop/shared/domain/catalogue';
import { Page } from '../../../components/page';

/** `/ingredients` and `/ingredientforms`: the toppings table beside the Add Ingredient form. */
export function ToppingsPage() {
  return (
    <Page title="Toppings">
      <Typography color="text.secondary">
        The toppings will be listed here with their name, category and price, beside a form to add one. Toppings
        belong to one of: {TOPPING_CATEGORIES.join(', ')}.
      </Typography>
    </Page>
  );
}
