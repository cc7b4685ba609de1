/** Shown while a screen's code loads: the outline of a page, not a spinner. */
export function ScreenFallback() {
  return (
    <div className="screen-fallback" aria-busy="true">
      <div className="skeleton skeleton--title" />
      <div className="skeleton skeleton--line" />
      <div className="skeleton skeleton--block" />
    </div>
  );
}
