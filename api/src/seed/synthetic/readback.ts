/**
 * Reads generated files back the way a document reader gets them, for the tests: each PDF page's text and
 * positioned text items with pdf.js, and the catalog entities the text PDFs mention per document type.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { catalog } from './catalog';
import type { ClaimAudit, GeneratedClaim } from './generator';
import { findMentions, tokens } from './text-match';

const require = createRequire(import.meta.url);
const standardFontDataUrl = `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

export async function openPdf(data: Uint8Array) {
  return getDocument({ data: data.slice(), standardFontDataUrl, isEvalSupported: false, disableFontFace: true, verbosity: 0 }).promise;
}

/** A text item of a PDF page, placed as the layout placed it: `top` is the top of its line box, in points from the page's top. */
export interface PdfItem {
  text: string;
  x: number;
  top: number;
  size: number;
}

const itemCache = new WeakMap<Uint8Array, Promise<PdfItem[][]>>();

/** The text items of each page of a PDF (none on an image-only page). */
export function pdfItems(data: Uint8Array): Promise<PdfItem[][]> {
  let pages = itemCache.get(data);
  if (!pages) {
    pages = extractItems(data);
    itemCache.set(data, pages);
  }
  return pages;
}

async function extractItems(data: Uint8Array): Promise<PdfItem[][]> {
  const pdf = await openPdf(data);
  const pages: PdfItem[][] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const page = await pdf.getPage(i);
    const height = page.view[3] - page.view[1];
    const content = await page.getTextContent();
    pages.push(
      content.items.flatMap((item) => {
        // pdf.js adds empty items where a line ends.
        if (!('str' in item) || item.str === '') return [];
        const [size, , , , x, baseline] = item.transform as number[];
        // render.ts puts a run's baseline 0.8 of its size below the top of its line box.
        return [{ text: item.str, x, top: height - baseline - size * 0.8, size }];
      }),
    );
  }
  await pdf.destroy();
  return pages;
}

/** The text of each page of a PDF, as pdf.js extracts it (items joined by spaces). */
export async function pdfPages(data: Uint8Array): Promise<string[]> {
  return (await pdfItems(data)).map((items) => items.map((i) => i.text).join(' '));
}

const MATCH_GROUPS = {
  procedures: catalog.procedures,
  diagnoses: catalog.diagnoses,
  evidence: catalog.evidence,
  drug: catalog.drugs,
  tissue: catalog.tissues,
};

/** Each document type of the claim's text PDFs -> the text of its pages, as pdf.js reads them. */
export async function documentTextsFromPdfs(claim: GeneratedClaim, audit: ClaimAudit): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  for (const file of claim.documents) {
    const docs = audit.fileDocuments.get(file.fileName);
    if (!docs) continue;
    const pages = await pdfPages(file.data);
    let page = 0;
    for (const { type, pages: count } of docs) {
      texts.set(type, pages.slice(page, page + count).join(' '));
      page += count;
    }
    if (page !== pages.length) throw new Error(`${file.fileName} has ${pages.length} pages, its documents ${page}`);
  }
  return texts;
}

/** Mentions read back from the text PDFs themselves (not from the generator's own text): key -> document types. */
export async function mentionsFromPdfs(claim: GeneratedClaim, audit: ClaimAudit): Promise<Map<string, Set<string>>> {
  const found = new Map<string, Set<string>>();
  for (const [type, text] of await documentTextsFromPdfs(claim, audit)) {
    const words = tokens(text);
    for (const [group, rows] of Object.entries(MATCH_GROUPS)) {
      for (const m of findMentions(words, rows)) {
        const key = `${group}:${m.entity}`;
        found.set(key, new Set([...(found.get(key) ?? []), type]));
      }
    }
  }
  return found;
}
