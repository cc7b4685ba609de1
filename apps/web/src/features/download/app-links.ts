/** The platforms a brand may offer an app for, in the order the page shows them. */
export const APP_PLATFORMS = ['ios', 'android'] as const;
export type AppPlatform = (typeof APP_PLATFORMS)[number];

/**
 * The brand's app address for a platform, or null when it has none or the address is not an
 * http(s) one (it goes into a link and a QR code). Normalised by URL, so it is plain ASCII.
 */
export function appLink(links: Partial<Record<AppPlatform, string>>, platform: AppPlatform) {
  const value = links[platform]?.trim();
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
