/**
 * Draws a VietQR payload with the maintained `qrcode` package (server side: the page receives the
 * SVG, the tests a PNG they decode back). Error correction M and a quiet zone of 4 modules, as
 * banking apps scan best.
 */
import QRCode from 'qrcode';

const OPTIONS = { errorCorrectionLevel: 'M', margin: 4 } as const;

/** An SVG drawing of the code (inline in the payment page). */
export function qrSvg(payload: string): Promise<string> {
  return QRCode.toString(payload, { ...OPTIONS, type: 'svg' });
}

/** A PNG of the code, `width` pixels wide. */
export function qrPng(payload: string, width = 360): Promise<Buffer> {
  return QRCode.toBuffer(payload, { ...OPTIONS, type: 'png', width });
}
