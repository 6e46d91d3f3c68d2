import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useShopTrader } from '../lib/shop-trader';

/** The phone as a link a phone dials: 'tel:+441174960123' for '0117 496 0123'. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return `tel:${digits.startsWith('0') ? `+44${digits.slice(1)}` : digits}`;
}

/**
 * Every storefront page's footer (decision 1002; Consumer Contracts Regulations 2013): who the customer buys from,
 * with the shop's geographic address, phone, e-mail and VAT number when it has one. Nothing until the answer comes.
 */
export function ShopFooter() {
  const { data: trader } = useShopTrader();
  return (
    <Box component="footer" sx={{ mt: 6, py: 3, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Container maxWidth="lg">
        {trader && (
          <Box component="address" aria-label="The shop" sx={{ fontStyle: 'normal', color: 'text.secondary', fontSize: '0.875rem' }}>
            <Typography component="p" sx={{ fontWeight: 600, color: 'text.primary', fontSize: 'inherit' }}>
              {trader.name}
            </Typography>
            <Typography component="p" sx={{ fontSize: 'inherit' }}>
              {trader.address.join(', ')}
            </Typography>
            <Typography component="p" sx={{ fontSize: 'inherit' }}>
              Phone <Link href={telHref(trader.phone)}>{trader.phone}</Link> · E-mail{' '}
              <Link href={`mailto:${trader.email}`}>{trader.email}</Link>
              {trader.vatNumber && <> · VAT number {trader.vatNumber}</>}
            </Typography>
          </Box>
        )}
      </Container>
    </Box>
  );
}
