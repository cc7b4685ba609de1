/** Shown for the instant before the first route is ready. */
export function Splash() {
  return (
    <div className="splash" aria-busy="true">
      <span className="splash__ring" />
    </div>
  );
}
