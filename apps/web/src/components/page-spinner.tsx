/** Shown while a page or the session is loading (a static ring, styles/storefront.css: no MUI at start-up). */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="page-spinner">
      <span role="progressbar" aria-label={label} className="page-spinner-ring" />
    </div>
  );
}
