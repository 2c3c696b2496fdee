/** DejaVu Sans (it has every Vietnamese letter) for the PDFs the product draws: certificates, invoices. */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

const FONT_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);
let fonts: { regular: Buffer; bold: Buffer } | undefined;

function loadFonts() {
  fonts ??= {
    regular: fs.readFileSync(path.join(FONT_DIR, 'DejaVuSans.ttf')),
    bold: fs.readFileSync(path.join(FONT_DIR, 'DejaVuSans-Bold.ttf')),
  };
  return fonts;
}

/** Registers fontkit on the document and embeds the regular and bold faces (subset). */
export async function embedVietnameseFonts(pdf: PDFDocument): Promise<{ font: PDFFont; heavy: PDFFont }> {
  pdf.registerFontkit(fontkit);
  const { regular, bold } = loadFonts();
  return {
    font: await pdf.embedFont(regular, { subset: true }),
    heavy: await pdf.embedFont(bold, { subset: true }),
  };
}
