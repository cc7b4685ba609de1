/**
 * Runs `work` once the page has loaded (the window's load event), at once if it has already:
 * for what the first screen does not need and should not compete with on a slow phone, such as
 * third-party statistics scripts and the service worker's install.
 */
export function afterPageLoad(work: () => void, target: Window = window): void {
  if (target.document.readyState === 'complete') {
    work();
    return;
  }
  target.addEventListener('load', () => work(), { once: true });
}
