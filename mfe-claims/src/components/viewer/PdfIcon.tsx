import { FilePdfOutlined } from '@ant-design/icons';
import { theme } from 'antd';

/** A PDF's stand-in while its first page is drawn, and for one pdf.js cannot read (the server names the problem on Submit). */
export function PdfIcon({ size }: { size: number }) {
  const { token } = theme.useToken();
  return (
    <FilePdfOutlined aria-label="PDF" style={{ fontSize: size * 0.7, width: size, color: token.volcano7, justifyContent: 'center' }} />
  );
}
