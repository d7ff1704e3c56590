import { boxOnPage, enclosingBox, rotate, shownSize, turned, zoomIn, zoomOut } from './geometry';

// A4 in PDF points; the evidence box the adjudicator found on it.
const A4 = { width: 595, height: 842 };
const box = { x: 100, y: 200, width: 50, height: 10, pageWidth: 595, pageHeight: 842 };

describe('a page shown at a width', () => {
  it('keeps its proportions, upright or turned', () => {
    expect(shownSize(A4, 0, 595)).toEqual({ width: 595, height: 842 });
    expect(shownSize(A4, 180, 1190)).toEqual({ width: 1190, height: 1684 });
    expect(shownSize(A4, 90, 842)).toEqual({ width: 842, height: 595 });
    expect(shownSize(A4, 270, 421)).toEqual({ width: 421, height: 297.5 });
  });

  it('swaps its sides when turned a quarter', () => {
    expect(turned(A4, 90)).toEqual({ width: 842, height: 595 });
    expect(turned(A4, 180)).toEqual(A4);
  });
});

describe('the evidence box on the page as shown', () => {
  it('scales with the shown size at any zoom', () => {
    expect(boxOnPage(box, { width: 595, height: 842 }, 0)).toEqual({ left: 100, top: 200, width: 50, height: 10 });
    expect(boxOnPage(box, { width: 1190, height: 1684 }, 0)).toEqual({ left: 200, top: 400, width: 100, height: 20 });
    expect(boxOnPage(box, { width: 297.5, height: 421 }, 0)).toEqual({ left: 50, top: 100, width: 25, height: 5 });
  });

  it('scales each axis by its own page side (an image measured in pixels)', () => {
    const pixels = { x: 620, y: 450, width: 124, height: 90, pageWidth: 1240, pageHeight: 900 };
    expect(boxOnPage(pixels, { width: 310, height: 225 }, 0)).toEqual({ left: 155, top: 112.5, width: 31, height: 22.5 });
  });

  it('turns with the page: a quarter right puts the top-left corner at the top right', () => {
    // Shown turned a quarter at 842 wide: the page is 842 × 595, at scale 1.
    expect(boxOnPage(box, { width: 842, height: 595 }, 90)).toEqual({ left: 842 - 210, top: 100, width: 10, height: 50 });
  });

  it('turns upside down and a quarter left', () => {
    expect(boxOnPage(box, { width: 595, height: 842 }, 180)).toEqual({ left: 595 - 150, top: 842 - 210, width: 50, height: 10 });
    expect(boxOnPage(box, { width: 842, height: 595 }, 270)).toEqual({ left: 200, top: 595 - 150, width: 10, height: 50 });
  });

  it('is right turned and zoomed at once', () => {
    // Turned right and shown at half size: 421 × 297.5.
    expect(boxOnPage(box, { width: 421, height: 297.5 }, 90)).toEqual({ left: 421 - 105, top: 50, width: 5, height: 25 });
  });
});

describe('zoom and turn steps', () => {
  it('zooms by steps and stops at the ends', () => {
    expect(zoomIn(1)).toBe(1.25);
    expect(zoomOut(1)).toBe(0.75);
    expect(zoomIn(3)).toBe(3);
    expect(zoomOut(0.5)).toBe(0.5);
  });

  it('turns a quarter at a time, round the full turn', () => {
    expect(rotate(0, 90)).toBe(90);
    expect(rotate(270, 90)).toBe(0);
    expect(rotate(0, -90)).toBe(270);
  });
});

it('encloses the boxes of a hit', () => {
  const word = (x: number, y: number) => ({ x, y, width: 20, height: 10, pageWidth: 595, pageHeight: 842 });
  expect(enclosingBox([word(10, 50), word(40, 52), word(5, 70)])).toEqual({
    x: 5,
    y: 50,
    width: 55,
    height: 30,
    pageWidth: 595,
    pageHeight: 842,
  });
  expect(enclosingBox([])).toBeUndefined();
});
