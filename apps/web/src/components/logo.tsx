import { Link } from 'react-router';
import { useShopName } from '../lib/shop-trader';
import { paths } from '../lib/paths';

function LogoMark() {
  return (
    <svg width="32" height="32" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#ffffff" />
      <path d="M14 18 Q32 8 50 18 L32 54 Z" fill="#ffc94d" />
      <path d="M14 18 Q32 8 50 18 L47 24 Q32 15 17 24 Z" fill="#e08a2e" />
      <circle cx="30" cy="28" r="4" fill="#d6453d" />
      <circle cx="38" cy="35" r="3.5" fill="#d6453d" />
      <circle cx="31" cy="42" r="3" fill="#d6453d" />
    </svg>
  );
}

/** The shop's mark and trading name; always leads home. A plain link with a static class (styles/storefront.css). */
export function Logo() {
  const name = useShopName();
  return (
    <Link to={paths.home} aria-label={`${name} home`} className="shop-logo">
      <LogoMark />
      <span>{name}</span>
    </Link>
  );
}
