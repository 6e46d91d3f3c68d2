import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { NavBar } from './nav-bar';

// The small screen's menu button is a link to #site-menu: a tap before the app runs sets the hash, and the menu opens
// once the app runs (decision 1104); with the app running, a click opens it in place.

describe('the menu button', () => {
  it('links to #site-menu and, with the app running, opens the menu in place', async () => {
    fakeApi();
    const { user } = renderWithProviders(<NavBar />, { at: '/?category=Pizza' });
    const button = screen.getByRole('link', { name: 'Open menu' });
    expect(button).toHaveAttribute('href', '#site-menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    expect(await screen.findByRole('dialog', { name: 'Menu' })).toBeVisible();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/?category=Pizza');
  });

  it('tapped before the app ran (#site-menu in the address): the menu opens, and the hash goes', async () => {
    fakeApi();
    renderWithProviders(<NavBar />, { at: '/?category=Pizza#site-menu' });
    expect(await screen.findByRole('dialog', { name: 'Menu' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/?category=Pizza');
  });
});
