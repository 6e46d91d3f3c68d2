import { describe, expect, it } from 'vitest';
import type { Session } from '../lib/use-session';
import { navItems } from './nav-items';

const visitor: Session = { user: null, isAdmin: false, isLoading: false };
const customer: Session = { user: { email: 'c@example.com', username: 'Cat', role: 'user' }, isAdmin: false, isLoading: false };
const admin: Session = { user: { email: 'a@example.com', username: 'Ada', role: 'owner' }, isAdmin: true, isLoading: false };

const labels = (session: Session, small: boolean) => navItems(session, small).map((item) => `${item.label} ${item.to}`);

describe('navItems', () => {
  it('offers a visitor Home and Sign In', () => {
    expect(labels(visitor, false)).toEqual(['Home /', 'Sign In /signin']);
  });

  it('offers a customer their profile, favourites and notifications', () => {
    expect(labels(customer, false)).toEqual([
      'Home /',
      'Profile /profile/my-profile',
      'Favourite /favourite',
      'Notification /notification',
    ]);
  });

  it('offers an admin the dashboard but not favourites or notifications', () => {
    expect(labels(admin, false)).toEqual(['Home /', 'Profile /profile/my-profile', 'Dashboard /dashboard']);
  });

  it('adds the cart to the small-screen menu only', () => {
    expect(labels(visitor, true)).toContain('Cart /cart');
    expect(labels(visitor, false)).not.toContain('Cart /cart');
  });

  it('shows no account links while the session is loading', () => {
    expect(labels({ user: null, isAdmin: false, isLoading: true }, false)).toEqual(['Home /']);
  });
});

describe('navItems for the shop’s staff', () => {
  const staff = (role: string): Session => ({ user: { email: 's@example.com', username: 'Sam', role }, isAdmin: true, isLoading: false });

  it('leads the kitchen to the back office’s order list, not the dashboard it cannot open', () => {
    expect(labels(staff('kitchen'), false)).toEqual(['Home /', 'Profile /profile/my-profile', 'Back Office /order-list']);
  });

  it('leads a driver to their deliveries', () => {
    expect(labels(staff('driver'), false)).toEqual(['Home /', 'Profile /profile/my-profile', 'My deliveries /driver']);
  });

  it('leads a manager to the dashboard', () => {
    expect(labels(staff('manager'), false)).toContain('Dashboard /dashboard');
  });
});
