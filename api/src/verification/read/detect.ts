/** What a file really is (by its signature) and, for images, its pixel size, read from the header. */

export type FileKind = 'pdf' | 'png' | 'jpeg';

const startsWith = (data: Uint8Array, bytes: number[], at = 0): boolean =>
  data.length >= at + bytes.length && bytes.every((b, i) => data[at + i] === b);

export function detectKind(data: Uint8Array): FileKind | null {
  // A PDF may carry a little junk before its header; readers accept it within the first KiB.
  const head = new TextDecoder('latin1').decode(data.subarray(0, 1024));
  if (head.includes('%PDF-')) return 'pdf';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'jpeg';
  return null;
}

export interface ImageSize {
  width: number;
  height: number;
}

/** PNG: the IHDR chunk follows the signature. */
function pngSize(data: Uint8Array): ImageSize | null {
  if (data.length < 24 || !startsWith(data, [0x49, 0x48, 0x44, 0x52], 12)) return null;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** Start-of-frame markers carry the size: SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC). */
const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpegSize(data: Uint8Array): ImageSize | null {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let at = 2;
  while (at + 9 < data.length) {
    if (data[at] !== 0xff) return null;
    const marker = data[at + 1];
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2; // markers without a length
      continue;
    }
    const length = view.getUint16(at + 2);
    if (SOF_MARKERS.has(marker)) return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
    if (length < 2) return null;
    at += 2 + length;
  }
  return null;
}

/** The image's size, or null when the header is damaged. */
export function imageSize(data: Uint8Array, kind: 'png' | 'jpeg'): ImageSize | null {
  const size = kind === 'png' ? pngSize(data) : jpegSize(data);
  return size && size.width > 0 && size.height > 0 ? size : null;
}
