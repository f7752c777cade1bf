import { isPaintedPixel, maskIsEmpty, rasterizeStrokes } from './rasterize';
import { beginStroke, breakStroke, extendStroke, type Stroke } from './strokes';

const size = { width: 100, height: 80 };

function painted(pixels: Uint8ClampedArray, x: number, y: number): boolean {
  const offset = (y * size.width + x) * 4;
  return isPaintedPixel(pixels[offset] ?? 0, pixels[offset + 1] ?? 0, pixels[offset + 2] ?? 0, pixels[offset + 3] ?? 0);
}

function count(pixels: Uint8ClampedArray): number {
  let total = 0;
  for (let y = 0; y < size.height; y += 1) for (let x = 0; x < size.width; x += 1) if (painted(pixels, x, y)) total += 1;
  return total;
}

function line(from: [number, number], to: [number, number], width = 25): Stroke {
  return extendStroke(beginStroke({ x: from[0], y: from[1] }, width), { x: to[0], y: to[1] });
}

describe('rasterizeStrokes', () => {
  it('makes RGBA data of the given size, transparent black when nothing is painted', () => {
    const pixels = rasterizeStrokes([], size);
    expect(pixels).toHaveLength(100 * 80 * 4);
    expect(pixels.every((v) => v === 0)).toBe(true);
    expect(maskIsEmpty(pixels)).toBe(true);
  });

  it('paints opaque white along the stroke and nothing far from it', () => {
    const pixels = rasterizeStrokes([line([20, 40], [80, 40])], size);
    const offset = (40 * size.width + 50) * 4;
    expect([...pixels.slice(offset, offset + 4)]).toEqual([255, 255, 255, 255]);
    expect(painted(pixels, 20, 40)).toBe(true);
    expect(painted(pixels, 79, 40)).toBe(true);
    expect(painted(pixels, 50, 5)).toBe(false);
    expect(painted(pixels, 50, 75)).toBe(false);
    expect(painted(pixels, 2, 40)).toBe(false);
    expect(painted(pixels, 97, 40)).toBe(false);
    expect(maskIsEmpty(pixels)).toBe(false);
  });

  it('respects the width: 25 px across a horizontal line, round caps at the ends', () => {
    // Through pixel centres, so the band is symmetric about the line.
    const pixels = rasterizeStrokes([line([20, 40.5], [80, 40.5])], size);
    const column = Array.from({ length: size.height }, (_, y) => painted(pixels, 50, y)).filter(Boolean).length;
    expect(column).toBe(25);
    // The cap reaches half the width past the end point, on the axis, but not at the corner.
    expect(painted(pixels, 80 + 11, 40)).toBe(true);
    expect(painted(pixels, 80 + 11, 40 - 11)).toBe(false);
    // A thinner brush paints a thinner line.
    const thin = rasterizeStrokes([line([20, 40.5], [80, 40.5], 5)], size);
    expect(Array.from({ length: size.height }, (_, y) => painted(thin, 50, y)).filter(Boolean).length).toBe(5);
  });

  it('paints a dot (a disc of the brush width) for a single-point stroke', () => {
    const pixels = rasterizeStrokes([beginStroke({ x: 50, y: 40 })], size);
    const area = count(pixels);
    expect(area).toBeGreaterThan(Math.PI * 12.5 * 12.5 * 0.9);
    expect(area).toBeLessThan(Math.PI * 12.5 * 12.5 * 1.1);
  });

  it('does not join runs across a gap where the pointer left the image', () => {
    const stroke = extendStroke(breakStroke(beginStroke({ x: 10, y: 40 }, 6)), { x: 90, y: 40 });
    const pixels = rasterizeStrokes([stroke], size);
    expect(painted(pixels, 10, 40)).toBe(true);
    expect(painted(pixels, 89, 40)).toBe(true);
    expect(painted(pixels, 50, 40)).toBe(false);
  });

  it('clips strokes at the edges of the image', () => {
    const pixels = rasterizeStrokes([line([-20, -20], [5, 5])], size);
    expect(painted(pixels, 0, 0)).toBe(true);
    expect(pixels).toHaveLength(100 * 80 * 4);
  });

  it('undoing the only stroke leaves an empty mask', () => {
    const strokes = [line([20, 40], [80, 40])];
    expect(maskIsEmpty(rasterizeStrokes(strokes.slice(0, -1), size))).toBe(true);
  });
});

describe('isPaintedPixel', () => {
  it('counts luminance × alpha from the midpoint up, as the server does', () => {
    expect(isPaintedPixel(255, 255, 255, 255)).toBe(true);
    expect(isPaintedPixel(0, 0, 0, 0)).toBe(false);
    expect(isPaintedPixel(255, 255, 255, 0)).toBe(false);
    expect(isPaintedPixel(255, 255, 255, 127)).toBe(false);
    expect(isPaintedPixel(255, 255, 255, 128)).toBe(true);
  });
});
