import { beginStroke, breakStroke, BRUSH_WIDTH, extendStroke, strokesReducer, type Stroke } from './strokes';

describe('stroke model', () => {
  it('starts a stroke with the brush width of 25 image pixels', () => {
    expect(beginStroke({ x: 1, y: 2 })).toEqual({ width: 25, runs: [[{ x: 1, y: 2 }]] });
    expect(BRUSH_WIDTH).toBe(25);
  });

  it('extends the current run and skips points that add nothing', () => {
    const stroke = extendStroke(beginStroke({ x: 0, y: 0 }), { x: 10, y: 0 });
    expect(stroke.runs).toEqual([
      [
        { x: 0, y: 0 },
        { x: 10, y: 0 },
      ],
    ]);
    expect(extendStroke(stroke, { x: 10.2, y: 0.1 })).toBe(stroke);
  });

  it('breaks into a new run when the pointer leaves the image, once', () => {
    const broken = breakStroke(beginStroke({ x: 0, y: 0 }));
    expect(broken.runs).toEqual([[{ x: 0, y: 0 }], []]);
    expect(breakStroke(broken)).toBe(broken);
    expect(extendStroke(broken, { x: 50, y: 50 }).runs).toEqual([[{ x: 0, y: 0 }], [{ x: 50, y: 50 }]]);
  });
});

describe('strokesReducer', () => {
  const draw = (...points: [number, number][]): readonly Stroke[] => {
    const [first, ...rest] = points;
    let strokes = strokesReducer([], { type: 'begin', point: { x: first?.[0] ?? 0, y: first?.[1] ?? 0 } });
    for (const [x, y] of rest) strokes = strokesReducer(strokes, { type: 'extend', point: { x, y } });
    return strokes;
  };

  it('extends only the last stroke', () => {
    const one = draw([0, 0], [5, 5]);
    const two = strokesReducer(strokesReducer(one, { type: 'begin', point: { x: 20, y: 20 } }), { type: 'extend', point: { x: 30, y: 20 } });
    expect(two).toHaveLength(2);
    expect(two[0]).toBe(one[0]);
    expect(two[1]?.runs).toEqual([
      [
        { x: 20, y: 20 },
        { x: 30, y: 20 },
      ],
    ]);
  });

  it('undoes the last whole stroke, then the one before', () => {
    const strokes = strokesReducer(draw([0, 0], [5, 5]), { type: 'begin', point: { x: 9, y: 9 } });
    const once = strokesReducer(strokes, { type: 'undo' });
    expect(once).toHaveLength(1);
    expect(once[0]).toBe(strokes[0]);
    expect(strokesReducer(once, { type: 'undo' })).toEqual([]);
  });

  it('keeps the same array when nothing changes', () => {
    const empty: readonly Stroke[] = [];
    expect(strokesReducer(empty, { type: 'undo' })).toBe(empty);
    expect(strokesReducer(empty, { type: 'clear' })).toBe(empty);
    expect(strokesReducer(empty, { type: 'extend', point: { x: 1, y: 1 } })).toBe(empty);
  });

  it('clears everything', () => {
    expect(strokesReducer(draw([0, 0], [5, 5]), { type: 'clear' })).toEqual([]);
  });
});
