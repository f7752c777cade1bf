import { containRect, toImagePoint, toImagePointClamped } from './geometry';

describe('containRect', () => {
  it('letterboxes a wide image top and bottom', () => {
    expect(containRect({ width: 400, height: 400 }, { width: 1600, height: 800 })).toEqual({ x: 0, y: 100, width: 400, height: 200 });
  });

  it('pillarboxes a tall image left and right', () => {
    expect(containRect({ width: 600, height: 300 }, { width: 1024, height: 1536 })).toEqual({ x: 200, y: 0, width: 200, height: 300 });
  });

  it('is empty for an unknown size', () => {
    expect(containRect({ width: 600, height: 300 }, { width: 0, height: 0 })).toEqual({ x: 0, y: 0, width: 0, height: 0 });
  });
});

describe('toImagePoint', () => {
  // A 1024×1536 portrait shown in a 600×300 box at (100, 50): drawn 200×300 at x 200–400.
  const element = { left: 100, top: 50, width: 600, height: 300 };
  const image = { width: 1024, height: 1536 };

  it('maps the drawn image to image pixels', () => {
    expect(toImagePoint({ x: 300, y: 50 }, element, image)).toEqual({ x: 0, y: 0 });
    expect(toImagePoint({ x: 500, y: 350 }, element, image)).toEqual({ x: 1024, y: 1536 });
    expect(toImagePoint({ x: 400, y: 200 }, element, image)).toEqual({ x: 512, y: 768 });
  });

  it('ignores the letterbox bars and anything outside the element', () => {
    expect(toImagePoint({ x: 299, y: 200 }, element, image)).toBeNull();
    expect(toImagePoint({ x: 501, y: 200 }, element, image)).toBeNull();
    expect(toImagePoint({ x: 400, y: 49 }, element, image)).toBeNull();
    expect(toImagePoint({ x: 400, y: 351 }, element, image)).toBeNull();
  });

  it('scales with the displayed size: a display pixel is several image pixels when shown small', () => {
    const small = { left: 0, top: 0, width: 256, height: 256 };
    expect(toImagePoint({ x: 10, y: 20 }, small, { width: 1024, height: 1024 })).toEqual({ x: 40, y: 80 });
  });

  it('returns null before the image size is known', () => {
    expect(toImagePoint({ x: 10, y: 10 }, element, { width: 0, height: 0 })).toBeNull();
  });
});

describe('toImagePointClamped', () => {
  // A 600×400 photo shown in a 390×500 phone pane at (0, 100): drawn 390×260, 120 px below its top.
  const element = { left: 0, top: 100, width: 390, height: 500 };
  const photo = { width: 600, height: 400 };

  it('maps inside the drawn photo as toImagePoint does', () => {
    expect(toImagePointClamped({ x: 195, y: 350 }, element, photo)).toEqual({ x: 300, y: 200 });
    expect(toImagePointClamped({ x: 195, y: 350 }, element, photo)).toEqual(toImagePoint({ x: 195, y: 350 }, element, photo));
  });

  it('holds a pointer beyond the photo to its edge', () => {
    expect(toImagePointClamped({ x: -40, y: 150 }, element, photo)).toEqual({ x: 0, y: 0 });
    expect(toImagePointClamped({ x: 500, y: 590 }, element, photo)).toEqual({ x: 600, y: 400 });
    expect(toImagePointClamped({ x: 97.5, y: 700 }, element, photo)).toEqual({ x: 150, y: 400 });
  });

  it('returns null before the photo size is known', () => {
    expect(toImagePointClamped({ x: 10, y: 10 }, element, { width: 0, height: 0 })).toBeNull();
  });
});
