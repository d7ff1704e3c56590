import { pdfjs } from 'react-pdf';
import './pdfWorker';

type LoadingTask = ReturnType<typeof pdfjs.getDocument>;
export type LoadedPdf = Awaited<LoadingTask['promise']>;

interface Load {
  pdf: Promise<LoadedPdf>;
  task: LoadingTask | null;
  failed: boolean;
}

/**
 * The PDFs one viewer opened, each read once and kept while the viewer lives: going back to a document draws it at
 * once. pdf.js is given each file's bytes, read through the api client, and makes no request of its own: its own
 * reads were cancelled when a document was left (destroying a loading task aborts them) and, for small files, just
 * after the whole file had arrived, and the browser reported each as a failed request.
 */
export class PdfDocuments {
  readonly #loads = new Map<string, Load>();

  /**
   * The document at `url` (which names it; `key` adds whatever else tells two reads apart, such as the token), its
   * bytes read by `read`; asked again after a failure, it is read anew.
   */
  open(url: string, key: string, read: () => Promise<Uint8Array>): Promise<LoadedPdf> {
    const name = `${key} ${url}`;
    const known = this.#loads.get(name);
    if (known && !known.failed) return known.pdf;
    if (known?.task) void known.task.destroy();
    const load: Load = {
      pdf: read().then((data) => {
        // The address only names the document: given its bytes, pdf.js reads nothing from it.
        load.task = pdfjs.getDocument({ url, data });
        return load.task.promise;
      }),
      task: null,
      failed: false,
    };
    load.pdf.catch(() => {
      load.failed = true;
    });
    this.#loads.set(name, load);
    return load.pdf;
  }

  /** Lets every document go. */
  close(): void {
    for (const { task } of this.#loads.values()) void task?.destroy();
    this.#loads.clear();
  }
}
