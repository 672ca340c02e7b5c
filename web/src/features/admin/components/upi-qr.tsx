import { useEffect, useState } from 'react';

/** A QR code's dark modules as one SVG path (`M x y h1 v1 h-1 z` per module), with its side in modules. */
interface QrDrawing {
  size: number;
  path: string;
}

/**
 * `text` as a QR code drawing, by the `qrcode` library (loaded on first use, so only the admin's
 * order cards fetch it, never a shopper's page): error correction M, as UPI apps scan it.
 */
async function drawQr(text: string): Promise<QrDrawing> {
  const { create } = await import('qrcode');
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let y = 0; y < modules.size; y++) {
    for (let x = 0; x < modules.size; x++) if (modules.get(x, y)) parts.push(`M${x} ${y}h1v1h-1z`);
  }
  return { size: modules.size, path: parts.join('') };
}

/**
 * The UPI QR code of an order's balance (docs/product.md#payment-at-the-door): `uri` is the server's
 * `upi://pay?…` link with the exact amount and the order number as its note. Drawn as SVG
 * shapes (no markup injected, no `data:` image), with a 4-module quiet zone and `label` as its
 * accessible name; nothing until the library has drawn it.
 */
export function UpiQr({ uri, label }: { uri: string; label: string }) {
  const [drawing, setDrawing] = useState<QrDrawing | null>(null);
  useEffect(() => {
    let current = true;
    void drawQr(uri).then((drawn) => current && setDrawing(drawn));
    return () => {
      current = false;
    };
  }, [uri]);
  if (!drawing) return null;
  const side = drawing.size + 8;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`-4 -4 ${side} ${side}`}
      className="h-44 w-44 bg-white"
      shapeRendering="crispEdges"
      data-uri={uri}
    >
      <path d={drawing.path} fill="#000" />
    </svg>
  );
}
