import type { ComponentType } from 'react';
import { Outlet, ScrollRestoration, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/page-spinner';
import { Toaster } from '../components/toaster';
import { categoriesQuery, productsQuery } from '../lib/menu-queries';
import { paths } from '../lib/paths';
import { AdminAlerts } from './admin-alerts';
import { RequireAdmin, RequirePayment, RequirePermission, RequireUser } from './guards';
import { CustomerLayout } from './layouts/customer-layout';
import { queryClient } from './query-client';
import { RouteErrorPage } from './routes/route-error-page';

/** Every screen is its own chunk: the storefront never downloads the back office, nor pages it has not opened. */
function page(load: () => Promise<ComponentType>): RouteObject['lazy'] {
  return async () => ({ Component: await load() });
}

/**
 * Around every screen, storefront and back office: the one toast area, scroll restoration, and for an admin the
 * new-order popup with its chime.
 */
function AppRoot() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
      <Toaster />
      <AdminAlerts />
    </>
  );
}

const customerRoutes: RouteObject[] = [
  {
    index: true,
    // Starts the menu requests while the page's code downloads, instead of after, and waits for them (index.html
    // preloads both), so the first render draws the cards rather than placeholders drawn and then replaced.
    // prefetchQuery never throws: a failed request leaves the query in error and the page offers a retry.
    // On the server (entry-server.tsx) the answers are already in the render's query cache.
    loader: async () => {
      if (import.meta.env.SSR) return null;
      await Promise.all([queryClient.prefetchQuery(categoriesQuery), queryClient.prefetchQuery(productsQuery)]);
      return null;
    },
    shouldRevalidate: () => false,
    lazy: page(() => import('./routes/home-page').then((m) => m.HomePage)),
  },
  { path: paths.cart, lazy: page(() => import('../features/cart/routes/cart-page').then((m) => m.CartPage)) },
  { path: paths.signin, lazy: page(() => import('../features/account/routes/signin-page').then((m) => m.SignInPage)) },
  { path: paths.signup, lazy: page(() => import('../features/account/routes/signup-page').then((m) => m.SignUpPage)) },
  {
    path: paths.staffInvite,
    lazy: page(() => import('../features/staff-invite/routes/staff-invite-page').then((m) => m.StaffInvitePage)),
  },
  {
    Component: RequireUser,
    children: [
      { path: paths.favourite, lazy: page(() => import('./routes/favourites-page').then((m) => m.FavouritesPage)) },
      {
        path: paths.notification,
        lazy: page(() => import('../features/notifications/routes/notifications-page').then((m) => m.NotificationsPage)),
      },
      // /profile/{type}: the spec knows two types, and My addresses is a third; any other falls through to the 404 page.
      { path: paths.myProfile, lazy: page(() => import('../features/account/routes/profile-page').then((m) => m.ProfilePage)) },
      {
        path: paths.myOrders,
        lazy: page(() => import('../features/orders/routes/order-history-page').then((m) => m.OrderHistoryPage)),
      },
      {
        path: paths.myAddresses,
        lazy: page(() => import('../features/addresses/routes/my-addresses-page').then((m) => m.MyAddressesPage)),
      },
      { path: paths.addAddress, lazy: page(() => import('../features/addresses/routes/address-form-page').then((m) => m.AddressFormPage)) },
      {
        path: paths.editAddress,
        lazy: page(() => import('../features/addresses/routes/address-form-page').then((m) => m.AddressFormPage)),
      },
      { path: paths.order, lazy: page(() => import('../features/orders/routes/order-detail-page').then((m) => m.OrderDetailPage)) },
    ],
  },
  // An order's tracking page: anyone holding its link, signed in or not (decision 1502).
  { path: paths.track, lazy: page(() => import('./routes/track-page').then((m) => m.TrackPage)) },
  { path: paths.tippingPolicy, lazy: page(() => import('./routes/tipping-policy-page').then((m) => m.TippingPolicyPage)) },
  {
    Component: RequirePayment,
    children: [{ path: paths.payment, lazy: page(() => import('./routes/payment-page').then((m) => m.PaymentPage)) }],
  },
  { path: '*', lazy: page(() => import('./routes/not-found-page').then((m) => m.NotFoundPage)) },
];

const adminRoutes: RouteObject[] = [
  {
    element: <RequirePermission permission="reports" />,
    children: [
      { path: paths.dashboard, lazy: page(() => import('../features/admin-dashboard/routes/dashboard-page').then((m) => m.DashboardPage)) },
    ],
  },
  {
    element: <RequirePermission permission="board" />,
    children: [
      { path: paths.orderList, lazy: page(() => import('../features/admin-orders/routes/order-list-page').then((m) => m.OrderListPage)) },
      { path: paths.newOrders, lazy: page(() => import('../features/admin-orders/routes/new-orders-page').then((m) => m.NewOrdersPage)) },
      {
        path: paths.todaysOrders,
        lazy: page(() => import('../features/admin-orders/routes/todays-orders-page').then((m) => m.TodaysOrdersPage)),
      },
      {
        path: paths.lastDayOrders,
        lazy: page(() => import('../features/admin-orders/routes/last-day-orders-page').then((m) => m.LastDayOrdersPage)),
      },
      {
        path: paths.lastWeekOrders,
        lazy: page(() => import('../features/admin-orders/routes/last-week-orders-page').then((m) => m.LastWeekOrdersPage)),
      },
      {
        path: paths.lastMonthOrders,
        lazy: page(() => import('../features/admin-orders/routes/last-month-orders-page').then((m) => m.LastMonthOrdersPage)),
      },
      { path: paths.allOrders, lazy: page(() => import('../features/admin-orders/routes/all-orders-page').then((m) => m.AllOrdersPage)) },
      {
        path: paths.adminOrder,
        lazy: page(() => import('../features/admin-orders/routes/admin-order-detail-page').then((m) => m.AdminOrderDetailPage)),
      },
      {
        path: paths.pendingOrders,
        lazy: page(() => import('../features/admin-orders/routes/pending-orders-page').then((m) => m.PendingOrdersPage)),
      },
      {
        path: paths.acceptedOrders,
        lazy: page(() => import('../features/admin-orders/routes/accepted-orders-page').then((m) => m.AcceptedOrdersPage)),
      },
    ],
  },
  {
    element: <RequirePermission permission="menu" />,
    children: [
      {
        path: paths.categories,
        lazy: page(() => import('../features/admin-catalogue/routes/categories-page').then((m) => m.CategoriesPage)),
      },
      {
        path: paths.addCategory,
        lazy: page(() => import('../features/admin-catalogue/routes/category-form-page').then((m) => m.CategoryFormPage)),
      },
      {
        path: paths.editCategory,
        lazy: page(() => import('../features/admin-catalogue/routes/category-edit-page').then((m) => m.CategoryEditPage)),
      },
      { path: paths.toppings, lazy: page(() => import('../features/admin-catalogue/routes/toppings-page').then((m) => m.ToppingsPage)) },
      {
        path: paths.toppingForms,
        lazy: page(() => import('../features/admin-catalogue/routes/toppings-page').then((m) => m.ToppingsPage)),
      },
      { path: paths.products, lazy: page(() => import('../features/admin-catalogue/routes/products-page').then((m) => m.ProductsPage)) },
      {
        path: paths.addProduct,
        lazy: page(() => import('../features/admin-catalogue/routes/product-form-page').then((m) => m.ProductFormPage)),
      },
      {
        path: paths.editProduct,
        lazy: page(() => import('../features/admin-catalogue/routes/product-edit-page').then((m) => m.ProductEditPage)),
      },
      {
        path: paths.categoryProducts,
        lazy: page(() => import('../features/admin-catalogue/routes/category-products-page').then((m) => m.CategoryProductsPage)),
      },
      { path: paths.banner, lazy: page(() => import('../features/admin-content/routes/banner-page').then((m) => m.BannerPage)) },
      {
        path: paths.addNotification,
        lazy: page(() => import('../features/admin-content/routes/add-notification-page').then((m) => m.AddNotificationPage)),
      },
    ],
  },
  {
    element: <RequirePermission permission="settings" />,
    children: [
      {
        path: paths.shopSettings,
        lazy: page(() => import('../features/admin-settings/routes/shop-settings-page').then((m) => m.ShopSettingsPage)),
      },
      {
        path: paths.openingHours,
        lazy: page(() => import('../features/admin-settings/routes/opening-hours-page').then((m) => m.OpeningHoursPage)),
      },
      {
        path: paths.deliveryZones,
        lazy: page(() => import('../features/admin-delivery/routes/delivery-zones-page').then((m) => m.DeliveryZonesPage)),
      },
      {
        path: paths.promotions,
        lazy: page(() => import('../features/admin-promotions/routes/promotions-page').then((m) => m.PromotionsPage)),
      },
      { path: paths.printers, lazy: page(() => import('../features/admin-printers/routes/printers-page').then((m) => m.PrintersPage)) },
    ],
  },
  // The driver's cash-up and the tips' pay-out (decision 1701).
  {
    element: <RequirePermission permission="cashUp" />,
    children: [{ path: paths.cashUp, lazy: page(() => import('../features/admin-cash-up/routes/cash-up-page').then((m) => m.CashUpPage)) }],
  },
  {
    element: <RequirePermission permission="reports" />,
    children: [{ path: paths.tips, lazy: page(() => import('../features/admin-cash-up/routes/tips-page').then((m) => m.TipsPage)) }],
  },
  {
    element: <RequirePermission permission="soldOut" />,
    children: [
      { path: paths.soldOut, lazy: page(() => import('../features/admin-catalogue/routes/sold-out-page').then((m) => m.SoldOutPage)) },
    ],
  },
  {
    element: <RequirePermission permission="staff" />,
    children: [{ path: paths.staff, lazy: page(() => import('../features/admin-staff/routes/staff-page').then((m) => m.StaffPage)) }],
  },
  {
    element: <RequirePermission permission="takeOrders" />,
    children: [{ path: paths.newOrder, lazy: page(() => import('./routes/new-order-page').then((m) => m.NewOrderPage)) }],
  },
  {
    element: <RequirePermission permission="dispatch" />,
    children: [
      { path: paths.dispatch, lazy: page(() => import('../features/admin-dispatch/routes/dispatch-page').then((m) => m.DispatchPage)) },
    ],
  },
  {
    element: <RequirePermission permission="auditLog" />,
    children: [
      { path: paths.auditLog, lazy: page(() => import('../features/admin-audit/routes/audit-log-page').then((m) => m.AuditLogPage)) },
    ],
  },
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: AppRoot,
    // Errors outside both layouts (e.g. the admin layout's own chunk failing) land here, full screen.
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: PageSpinner,
    children: [
      {
        Component: CustomerLayout,
        // A pathless boundary inside the layout keeps the navigation bar when a page fails.
        children: [{ ErrorBoundary: RouteErrorPage, children: customerRoutes }],
      },
      // The driver's phone (decision 1703): full screen, outside both layouts; the page says so to anyone not a driver.
      {
        Component: RequireUser,
        children: [
          {
            ErrorBoundary: RouteErrorPage,
            children: [{ path: paths.driver, lazy: page(() => import('./routes/driver-page').then((m) => m.DriverPage)) }],
          },
        ],
      },
      {
        Component: RequireAdmin,
        children: [
          {
            lazy: page(() => import('./layouts/admin-layout').then((m) => m.AdminLayout)),
            children: [{ ErrorBoundary: RouteErrorPage, children: adminRoutes }],
          },
        ],
      },
    ],
  },
];
