import { useEffect, useState } from 'react';
import { useTopCover } from './api/top-cover.ts';

/**
 * True once the home's banners have come (or failed to) and the frame showing them has been
 * painted. The banner is the largest paint of a home screen; what waits for this (the hot
 * games below it, with their chunks, schemas and call, and the popup notice) would otherwise
 * compete with it for a slow phone's network and main thread.
 */
export function useAfterBanners(): boolean {
  const { isPending } = useTopCover();
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (isPending || after) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame showing the banners is drawn after the first callback; by the second it is
    // on screen, and a task queued from there runs after it.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        timer = setTimeout(() => setAfter(true), 0);
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [isPending, after]);
  return after;
}
