/** Placeholder tiles while games load. Light: the home screens show it before any game code. */
export function GameGridSkeleton({
  count = 8,
  compact = false,
}: {
  count?: number;
  compact?: boolean;
}) {
  return (
    <div className={compact ? 'game-grid game-grid--compact' : 'game-grid'} aria-busy="true">
      {Array.from({ length: count }, (_, index) => (
        <span key={index} className="game-tile game-tile--skeleton">
          <span className="game-tile__art skeleton" />
          <span className="skeleton skeleton--line" />
        </span>
      ))}
    </div>
  );
}
