import { useState } from 'react';
import { NewOrderScreen } from '../../features/admin-new-order/components/new-order-screen';
import { useNewOrderBasket } from '../../features/admin-new-order/lib/basket';
import { CategorySelector } from '../../features/menu/components/category-selector';
import { ProductList } from '../../features/menu/components/product-list';
import { AddTargetContext, type AddLine } from '../../features/menu/lib/add-target';
import { selectCategory } from '../../features/menu/lib/select-category';
import { LiveMenu } from '../../lib/live-menu';
import { useCategories, useProducts } from '../../lib/menu-queries';

/**
 * The storefront's menu for New order: its categories and cards (options, extras, the deal builder, sold out), each
 * Add going to New order's basket instead of the customer's cart. The category is the screen's own state: the URL
 * stays New order's.
 */
function StaffMenu({ add }: { add: AddLine }) {
  const categories = useCategories();
  const products = useProducts();
  const [category, setCategory] = useState<string | null>(null);
  const list = categories.data ?? [];
  const selected = selectCategory(list, category);
  const shown = (products.data ?? []).filter((product) => product.category === selected);
  return (
    <AddTargetContext value={add}>
      <div className="staff-menu">
        <LiveMenu />
        <CategorySelector categories={list} selected={selected} onSelect={setCategory} />
        <h2 className="menu-category-heading" style={{ marginTop: 16 }}>
          {selected ?? 'Menu'}
        </h2>
        <ProductList products={shown} loading={products.isPending || categories.isPending} />
      </div>
    </AddTargetContext>
  );
}

/** New order `/new-order` (permission takeOrders): the staff's phone and counter orders, the menu beside the order. */
export function NewOrderPage() {
  const basket = useNewOrderBasket();
  return <NewOrderScreen basket={basket} menu={<StaffMenu add={basket.add} />} />;
}
