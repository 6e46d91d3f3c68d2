/**
 * Who the shop is, as its customers read it: the name the storefront shows, and the address and phone number its
 * order mails end with (issue 20 point 5), so a customer can call about an order. One constant: a shop that runs
 * this code under another name changes it here.
 */
export interface ShopIdentity {
  name: string;
  /** The address lines, first to last. */
  address: readonly string[];
  /** As it is dialled in the UK. */
  phone: string;
}

// The phone number is from Ofcom's range kept for drama (020 7946 0000 to 0999): it rings no one.
export const SHOP_IDENTITY: ShopIdentity = {
  name: 'Takeaway Shop',
  address: ['12 Market Street', 'London E1 6AA'],
  phone: '020 7946 0321',
};

/** 'Takeaway Shop, 12 Market Street, London E1 6AA, 020 7946 0321' as separate lines: the end of every order mail. */
export function shopSignatureLines(shop: ShopIdentity = SHOP_IDENTITY): string[] {
  return [shop.name, ...shop.address, `Phone: ${shop.phone}`];
}
