import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { NavBar } from './nav-bar';
import { SkipLink } from '../../components/skip-link';

// The footer is below the fold on every screen: it loads after the first paint, so the trader's details stay out of
// the storefront's first-load JS (decision 0301's budget).
const ShopFooter = lazy(() => import('../../components/shop-footer').then((module) => ({ default: module.ShopFooter })));

/** The storefront's frame: the navigation bar above every customer screen, the shop's footer below (decision 1002). */
export function CustomerLayout() {
  return (
    // Static classes (styles/storefront.css) rather than Box and Container, hydrated with every storefront page.
    <div className="customer-frame">
      <SkipLink />
      <NavBar />
      <main id="main" tabIndex={-1} className="lg-container customer-main">
        <Outlet />
      </main>
      <Suspense fallback={null}>
        <ShopFooter />
      </Suspense>
    </div>
  );
}
