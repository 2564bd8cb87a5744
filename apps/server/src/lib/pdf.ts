import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/**
 * What every PDF Pawdesk makes shares (tax documents, run cards): pdfkit with DejaVu Sans embedded. The standard PDF
 * fonts have no ₹ (U+20B9) and no Indian scripts' names, DejaVu does (docs/decisions.md "GST documents as PDF").
 */

const require = createRequire(import.meta.url);
/** The fonts, parsed once by fontkit (pdfkit's font engine) and shared by every document: 5× faster than a file each time. */
const fontkit = require('fontkit') as { create(data: Uint8Array): unknown };
let fonts: { regular: unknown; bold: unknown } | undefined;
const parsedFonts = () =>
  (fonts ??= {
    regular: fontkit.create(readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'))),
    bold: fontkit.create(readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'))),
  });

export type Pdf = InstanceType<typeof PDFDocument>;

/**
 * A new pdfkit document with the fonts `regular` and `bold` registered, and the promise of its bytes (resolved after
 * `pdf.end()`).
 */
export function newPdf(options: ConstructorParameters<typeof PDFDocument>[0]): { pdf: Pdf; done: Promise<Buffer> } {
  const pdf = new PDFDocument(options);
  // pdfkit 0.20 takes a fontkit font as well as a file (PDFFontFactory.open); its types name only files.
  pdf.registerFont('regular', parsedFonts().regular as Buffer);
  pdf.registerFont('bold', parsedFonts().bold as Buffer);
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  return { pdf, done };
}
