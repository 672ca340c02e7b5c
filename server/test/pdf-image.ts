import { createCanvas } from '@napi-rs/canvas';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** A page of a PDF drawn as an image by pdfjs, and the text pdfjs reads on it. */
export interface RenderedPage {
  /** PNG bytes of the page. */
  png: Buffer;
  width: number;
  height: number;
  /** How many pixels are not white (the page is blank when 0). */
  inkedPixels: number;
  /** The page's text as pdfjs extracts it, items joined by spaces. */
  text: string;
}

/**
 * Draw page `pageNumber` (from 1) of `pdf` at `scale` (1 = 72 dpi) with pdfjs-dist on a
 * @napi-rs/canvas canvas, as a person would see it, so a test checks what the PDF shows and not
 * only what it holds (docs/architecture.md#testing).
 */
export async function renderPdfPage(pdf: Buffer, pageNumber = 1, scale = 1.5): Promise<RenderedPage> {
  const document = await getDocument({ data: new Uint8Array(pdf), disableFontFace: true, useSystemFonts: false, isEvalSupported: false })
    .promise;
  try {
    const page = await document.getPage(pageNumber);
    const viewport = page.getViewport({ scale });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const context = canvas.getContext('2d');
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let inkedPixels = 0;
    for (let index = 0; index < pixels.length; index += 4)
      if (pixels[index]! < 200 || pixels[index + 1]! < 200 || pixels[index + 2]! < 200) inkedPixels++;
    const content = await page.getTextContent();
    const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
    return { png: canvas.toBuffer('image/png'), width: canvas.width, height: canvas.height, inkedPixels, text };
  } finally {
    await document.destroy();
  }
}
