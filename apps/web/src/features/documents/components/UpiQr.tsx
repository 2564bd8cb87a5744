import { formatINR } from '@pawdesk/shared';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { upiCaption } from './document-rules';
import classes from './document.module.css';

/** The QR image of a UPI payment link, drawn here as SVG (no canvas, no remote service). */
export async function upiQrDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, {
    type: 'svg',
    margin: 1,
    errorCorrectionLevel: 'M',
    color: { dark: '#000000', light: '#ffffff' },
  });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** What is still due on the sale as a UPI QR code, with the amount and the UPI id under it. */
export function UpiQr({ upi, due }: { upi: { id: string; uri: string }; due: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    upiQrDataUrl(upi.uri).then(
      (url) => live && setSrc(url),
      () => live && setSrc(null),
    );
    return () => {
      live = false;
    };
  }, [upi.uri]);
  return (
    <figure className={classes.upi} data-testid="upi-qr">
      {src ? (
        <img src={src} width={132} height={132} alt={`UPI QR code: pay ${formatINR(due)} to ${upi.id}`} />
      ) : (
        <div className={classes.upiPlaceholder} aria-hidden="true" />
      )}
      <figcaption>{upiCaption(due, upi.id)}</figcaption>
    </figure>
  );
}
