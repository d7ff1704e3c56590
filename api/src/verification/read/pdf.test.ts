import { describe, expect, it } from '@jest/globals';
import { file, makeTextPdf } from '../../../testing/verification/fixtures';
import { readDocument } from './reader';

describe('pdfjs in the process', () => {
  it("leaves the process's own Array.prototype.push and JSON.stringify in place once a PDF is read", async () => {
    const push = Array.prototype.push;
    const stringify = JSON.stringify;
    const document = await readDocument(
      file('lab.pdf', await makeTextPdf([[{ text: 'Haemoglobin 12.5 g/dL', x: 50, baseline: 700, size: 10 }]])),
    );
    expect(document.pages[0].words.map((w) => w.text)).toEqual(['Haemoglobin', '12.5', 'g/dL']);
    expect(Array.prototype.push).toBe(push);
    expect(JSON.stringify).toBe(stringify);
  });
});
