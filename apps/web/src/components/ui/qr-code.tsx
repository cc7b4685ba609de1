import { useMemo } from 'react';
import qrcode from 'qrcode-generator';

/** Modules of blank border around the code, as the QR standard asks for. */
const QUIET_ZONE = 2;

/**
 * The dark modules of a QR code of `value` as one SVG path (error correction M, the smallest
 * version that fits). Made in the browser, so the address never leaves the page. The library
 * encodes one byte per character: give it ASCII (a URL's `href` is).
 */
export function qrPath(value: string): { size: number; path: string } {
  const code = qrcode(0, 'M');
  code.addData(value, 'Byte');
  code.make();
  const count = code.getModuleCount();
  const parts: string[] = [];
  for (let row = 0; row < count; row++) {
    for (let column = 0; column < count; column++) {
      if (code.isDark(row, column)) {
        parts.push(`M${column + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`);
      }
    }
  }
  return { size: count + QUIET_ZONE * 2, path: parts.join('') };
}

/** A QR code that scales with its box (an image to screen readers, named by `label`). */
export function QrCode({ value, label }: { value: string; label: string }) {
  const { size, path } = useMemo(() => qrPath(value), [value]);
  return (
    <svg
      className="qr-code"
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-qr-value={value}
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#111111" />
    </svg>
  );
}
