/**
 * A Material icon drawn from its path (the 24 x 24 paths of @mui/icons-material), without MUI's SvgIcon: the
 * storefront draws no MUI (decision 1105). Its size and colour come from the
 * element's class in styles/storefront.css; it is decoration, so hidden from assistive technology.
 */
export function MaterialIcon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} />
    </svg>
  );
}
