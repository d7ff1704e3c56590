/**
 * Writes claims of the real-world corpus as files and as PNG pictures, to look at them as a reviewer would:
 *
 *   npx tsx testing/realworld/samples.ts [out-dir=/tmp/realworld-samples] [per-class=2] [seed=1] [class]
 *
 * Each file keeps its name under `<referenceClaimId>__`; PDF pages are drawn with pdf.js at 700 px wide.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { buildRealWorldClaim, REALWORLD_CLASSES, type RealWorldClass } from './generator';

const WIDTH = 700;

interface CanvasFactory {
  create(width: number, height: number): { canvas: { toBuffer(type: 'image/png'): Buffer }; context: unknown };
}

async function pdfPictures(data: Uint8Array, base: string): Promise<void> {
  const doc = await getDocument({ data: new Uint8Array(data), verbosity: 0 }).promise;
  for (let p = 1; p <= doc.numPages; p++) {
    const page = await doc.getPage(p);
    const viewport = page.getViewport({ scale: WIDTH / page.getViewport({ scale: 1 }).width });
    // pdf.js draws in node with its own @napi-rs/canvas factory.
    const factory = (doc as unknown as { canvasFactory: CanvasFactory }).canvasFactory;
    const { canvas, context } = factory.create(Math.round(viewport.width), Math.round(viewport.height));
    await page.render({ canvasContext: context as never, canvas: canvas as never, viewport }).promise;
    writeFileSync(`${base}.p${p}.png`, canvas.toBuffer('image/png'));
  }
}

async function imagePicture(data: Uint8Array, base: string): Promise<void> {
  const image = await loadImage(Buffer.from(data));
  const canvas = createCanvas(WIDTH, Math.round((image.height * WIDTH) / image.width));
  canvas.getContext('2d').drawImage(image, 0, 0, canvas.width, canvas.height);
  writeFileSync(`${base}.png`, canvas.toBuffer('image/png'));
}

async function main(): Promise<void> {
  const [out = '/tmp/realworld-samples', perClass = '2', seed = '1', only] = process.argv.slice(2);
  const classes = only ? [only as RealWorldClass] : REALWORLD_CLASSES;
  mkdirSync(join(out, 'files'), { recursive: true });
  for (const cls of classes) {
    for (let i = 0; i < Number(perClass); i++) {
      const claim = await buildRealWorldClaim(cls, i, Number(seed));
      for (const d of claim.documents) {
        const name = `${claim.referenceClaimId}__${d.fileName}`;
        writeFileSync(join(out, 'files', name), d.data);
        if (d.contentType === 'application/pdf') await pdfPictures(d.data, join(out, name));
        else await imagePicture(d.data, join(out, name));
      }
      console.log(
        `${claim.referenceClaimId} ${claim.realWorld.variant} ${claim.procedureCodes[0]} ${claim.organization} ${claim.caseType} ${claim.expected.result}`,
      );
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
