import { describe, expect, it } from '@jest/globals';
import { createCanvas } from '@napi-rs/canvas';
import { makeTextPdf } from '../../../testing/verification/fixtures';
import { detectKind, imageSize } from './detect';

describe('file signatures and image sizes', () => {
  it('knows PDF, PNG and JPEG by their bytes, whatever they are called', async () => {
    const canvas = createCanvas(321, 123);
    expect(detectKind(await makeTextPdf([[]]))).toBe('pdf');
    expect(detectKind(await canvas.encode('png'))).toBe('png');
    expect(detectKind(await canvas.encode('jpeg'))).toBe('jpeg');
    expect(detectKind(new TextEncoder().encode('GIF89a...'))).toBeNull();
  });

  it('reads the pixel size from the header', async () => {
    const canvas = createCanvas(321, 123);
    expect(imageSize(await canvas.encode('png'), 'png')).toEqual({ width: 321, height: 123 });
    expect(imageSize(await canvas.encode('jpeg'), 'jpeg')).toEqual({ width: 321, height: 123 });
    expect(imageSize(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 2]), 'jpeg')).toBeNull();
  });
});
