import { afterEach, describe, expect, it } from 'vitest';
import { CART_TOAST_MS, dismissToast, POPUP_MS, showToast, toastStore } from './toast';

afterEach(() => dismissToast());

describe('the toast store', () => {
  it('shows one toast at a time, 2 s and success unless told otherwise', () => {
    showToast('Category Update Successful!');
    expect(toastStore.getSnapshot()).toMatchObject({ message: 'Category Update Successful!', severity: 'success', durationMs: POPUP_MS });
    showToast('Added To Cart!', 'success', CART_TOAST_MS);
    expect(toastStore.getSnapshot()).toMatchObject({ message: 'Added To Cart!', durationMs: 1000 });
  });

  it('tells its subscribers, and stops when they unsubscribe', () => {
    let calls = 0;
    const unsubscribe = toastStore.subscribe(() => (calls += 1));
    showToast('Please signin or register', 'warning');
    dismissToast();
    unsubscribe();
    showToast('Password Updated.');
    expect(calls).toBe(2);
  });

  it('closing an earlier toast leaves a later one showing', () => {
    showToast('Removed From Cart!', 'success', CART_TOAST_MS);
    const first = toastStore.getSnapshot()?.id;
    showToast('Minimum order amount is £10.00', 'warning');
    dismissToast(first);
    expect(toastStore.getSnapshot()?.message).toBe('Minimum order amount is £10.00');
    dismissToast(toastStore.getSnapshot()?.id);
    expect(toastStore.getSnapshot()).toBeNull();
  });
});
