/** Lets keyboard users jump past the navigation; visible only when focused (styles/storefront.css). */
export function SkipLink({ target = 'main' }: { target?: string }) {
  return (
    <a href={`#${target}`} className="skip-link">
      Skip to content
    </a>
  );
}
