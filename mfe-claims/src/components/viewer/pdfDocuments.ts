import { pdfjs } from 'react-pdf';
import './pdfWorker';
import { documentAuthHeaders } from '../../api/documents';

type LoadingTask = ReturnType<typeof pdfjs.getDocument>;
export type LoadedPdf = Awaited<LoadingTask['promise']>;

/**
 * The PDFs one viewer opened, each loaded once by pdf.js (by ranges for a large file) and kept while the
 * viewer lives: going back to a document draws it at once, and leaving one never stops pdf.js mid-read
 * (destroying a loading task aborts its requests for the file, which the browser reports as failed).
 */
export class PdfDocuments {
  readonly #loads = new Map<string, { task: LoadingTask; failed: boolean }>();

  /** The document at the address, read with the bearer token; asked again after a failure, it is read anew. */
  open(url: string, token: string | null): Promise<LoadedPdf> {
    const key = `${token ?? ''} ${url}`;
    const known = this.#loads.get(key);
    if (known && !known.failed) return known.task.promise;
    if (known) void known.task.destroy();
    const load = { task: pdfjs.getDocument({ url, httpHeaders: documentAuthHeaders(token) }), failed: false };
    load.task.promise.catch(() => {
      load.failed = true;
    });
    this.#loads.set(key, load);
    return load.task.promise;
  }

  /** Lets every document go, each once pdf.js has read its file whole. */
  close(): void {
    for (const { task } of this.#loads.values()) void release(task);
    this.#loads.clear();
  }
}

async function release(task: LoadingTask): Promise<void> {
  try {
    await (await task.promise).getDownloadInfo();
  } catch {
    // A load that failed has no read left to wait for.
  }
  await task.destroy();
}
