/** A turning ring while something loads; `label` is what a screen reader hears. */
export function Spinner({ label = 'Loading', size = 40 }: { label?: string; size?: number }) {
  return <span className="ui-spinner" role="progressbar" aria-label={label} style={{ width: size, height: size }} />;
}

/** A grey placeholder of the shape of what is loading. */
export function Skeleton({ width, height = 24, round = false }: { width?: number | string; height?: number | string; round?: boolean }) {
  return <span className={round ? 'ui-skeleton is-round' : 'ui-skeleton'} aria-hidden="true" style={{ width, height }} />;
}
