/**
 * Image addresses of our own assets (SPEC.md section 9): a cache-busting version is appended
 * (`?v=<assetVersion>`) and raster images are swapped to .webp where the browser supports it.
 * Data and blob URLs and images on other origins are left exactly as given: we do not know
 * that another host has a .webp twin, and a changed query could break a signed address.
 */

let webpSupport: boolean | null = null;

/**
 * Whether the browser can encode (and so decode) webp, detected once and remembered. A
 * browser without it returns a PNG data URL from toDataURL('image/webp').
 */
export function supportsWebp(
  createCanvas: () => HTMLCanvasElement = () => document.createElement('canvas'),
): boolean {
  if (webpSupport === null) {
    try {
      const canvas = createCanvas();
      canvas.width = 1;
      canvas.height = 1;
      webpSupport = canvas.toDataURL('image/webp').startsWith('data:image/webp');
    } catch {
      webpSupport = false;
    }
  }
  return webpSupport;
}

/** For tests: detect again on the next call. */
export function resetWebpSupport(): void {
  webpSupport = null;
}

export type ImagePathOptions = {
  /** The brand's asset version; none or '' adds no version. */
  version?: string | null;
  /** Swap .png/.jpg/.jpeg to .webp; detected with `supportsWebp()` when omitted. */
  webp?: boolean;
  /** The page's origin, to recognise absolute addresses of our own. */
  origin?: string;
};

const RASTER_EXTENSION = /\.(png|jpe?g)$/i;

export function imagePath(path: string, options: ImagePathOptions = {}): string {
  const origin = options.origin ?? globalThis.location?.origin ?? '';
  if (path === '' || !isOwnAsset(path, origin)) return path;

  const hashAt = path.indexOf('#');
  const beforeHash = hashAt < 0 ? path : path.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : path.slice(hashAt);
  const queryAt = beforeHash.indexOf('?');
  let pathname = queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt);
  const query = queryAt < 0 ? '' : beforeHash.slice(queryAt);

  if (RASTER_EXTENSION.test(pathname) && (options.webp ?? supportsWebp())) {
    pathname = pathname.replace(RASTER_EXTENSION, '.webp');
  }
  let address = pathname + query;
  if (options.version) {
    address += (query === '' ? '?' : '&') + `v=${encodeURIComponent(options.version)}`;
  }
  return address + hash;
}

function isOwnAsset(path: string, origin: string): boolean {
  if (path.startsWith('//')) return origin !== '' && sameOrigin(`https:${path}`, origin, true);
  // http(s) addresses are ours only on our origin; other schemes (data:, blob:) never are,
  // even though a blob: URL reports our origin.
  if (/^https?:/i.test(path)) return origin !== '' && sameOrigin(path, origin, false);
  return !/^[a-z][a-z0-9+.-]*:/i.test(path);
}

function sameOrigin(address: string, origin: string, ignoreScheme: boolean): boolean {
  try {
    const url = new URL(address);
    const own = new URL(origin);
    return ignoreScheme ? url.host === own.host : url.origin === own.origin;
  } catch {
    return false;
  }
}
