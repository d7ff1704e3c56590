import { Typography } from 'antd';
import { useState } from 'react';
import { Document, Page } from 'react-pdf';
import { PdfIcon } from './PdfIcon';
import './pdfWorker';

/** A picked PDF's first page, drawn in the browser before it is sent, with its page count. */
export default function PdfThumbnail({ file, size }: { file: File; size: number }) {
  const [pages, setPages] = useState<number | null>(null);
  return (
    <div style={{ width: size, textAlign: 'center' }}>
      <Document
        file={file}
        onLoadSuccess={(pdf) => setPages(pdf.numPages)}
        loading={<PdfIcon size={size} />}
        error={<PdfIcon size={size} />}
      >
        <Page
          pageNumber={1}
          width={size}
          renderTextLayer={false}
          renderAnnotationLayer={false}
          loading={<PdfIcon size={size} />}
          aria-label={`First page of ${file.name}`}
        />
      </Document>
      {pages !== null && (
        <Typography.Text type="secondary" style={{ fontSize: 11 }}>
          {pages === 1 ? '1 page' : `${pages} pages`}
        </Typography.Text>
      )}
    </div>
  );
}
