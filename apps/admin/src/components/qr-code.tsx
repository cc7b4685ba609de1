import { useMemo } from 'react';
import qrcode from 'qrcode-generator';

/** Modules of blank border around the code, as the QR standard asks for. */
const QUIET_ZONE = 2;

/**
 * The dark modules of a QR code of `value` as one SVG path (error correction M, the smallest
 * version that fits), made in the browser so a TOTP secret never leaves the page. The library
 * encodes one byte per character: an otpauth:// address is ASCII.
 */
export function qrPath(value: string): { size: number; path: string } {
  const code = qrcode(0, 'M');
  code.addData(value, 'Byte');
  code.make();
  const count = code.getModuleCount();
  const parts: string[] = [];
  for (let row = 0; row < count; row++) {
    for (let column = 0; column < count; column++) {
      if (code.isDark(row, column))
        parts.push(`M${column + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`);
    }
  }
  return { size: count + QUIET_ZONE * 2, path: parts.join('') };
}

export function QrCode({ value, label, size }: { value: string; label: string; size: number }) {
  const { size: modules, path } = useMemo(() => qrPath(value), [value]);
  return (
    <svg
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-qr-value={value}
    >
      <rect width={modules} height={modules} fill="#ffffff" />
      <path d={path} fill="#111111" />
    </svg>
  );
}
