import { describe, expect, it } from '@jest/globals';
import { cropAround, enlarged } from './pgm';

describe('cropAround', () => {
  it('cuts the prepared image around a box, with half its height of margin, clipped to the image', () => {
    const width = 40;
    const height = 30;
    const header = new TextEncoder().encode(`P5\n${width} ${height}\n255\n`);
    const pgm = new Uint8Array(header.length + width * height);
    pgm.set(header);
    for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) pgm[header.length + y * width + x] = y * 8 + (x % 8);
    const image = { pgm, left: 100, top: 200, width, height };
    const crop = cropAround(image, { left: 110, top: 204, right: 119, bottom: 207 });
    expect(crop).toMatchObject({ left: 108, top: 202, width: 14, height: 8 });
    const text = new TextDecoder().decode(crop?.pgm.subarray(0, 12));
    expect(text.startsWith('P5\n14 8\n255\n')).toBe(true);
    const body = crop?.pgm.subarray(crop.pgm.length - 14 * 8) ?? new Uint8Array();
    // The crop's first pixel is the image's (8, 2), its last (21, 9).
    expect(body[0]).toBe(2 * 8 + 0);
    expect(body[body.length - 1]).toBe(9 * 8 + (21 % 8));
    expect(cropAround(image, { left: 0, top: 0, right: 5, bottom: 5 })).toBeNull();
  });
});

describe('enlarged', () => {
  it('doubles the image, keeping flat areas and blending across an edge', () => {
    const header = new TextEncoder().encode('P5\n2 1\n255\n');
    const pgm = new Uint8Array([...header, 0, 200]);
    const big = enlarged({ pgm, left: 0, top: 0, width: 2, height: 1 }, 2);
    expect(new TextDecoder().decode(big.subarray(0, 11))).toBe('P5\n4 2\n255\n');
    const row = Array.from(big.subarray(big.length - 8, big.length - 4));
    // Outer pixels keep their level; the two between blend a quarter and three quarters of the way.
    expect(row).toEqual([0, 50, 150, 200]);
    expect(Array.from(big.subarray(big.length - 4))).toEqual(row);
  });
});
