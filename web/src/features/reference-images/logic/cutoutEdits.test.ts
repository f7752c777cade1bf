import {
  boxFromCorners,
  clampBrush,
  cutoutAdjustment,
  cutoutEditsReducer,
  defaultBrushPx,
  simplifyRun,
  stepBrush,
  type CutoutEdit,
  type CutoutEdits,
} from './cutoutEdits';

const photo = { width: 600, height: 400 };
const none: CutoutEdits = { edits: [], brushPx: 24 };

describe('boxFromCorners', () => {
  it('orders the corners of a drag made in any direction', () => {
    expect(boxFromCorners({ x: 500.7, y: 350.2 }, { x: 120.4, y: 40.9 }, photo)).toEqual([120, 40, 500, 350]);
  });

  it('keeps the box on the photo: a drag to the far edge ends on the last pixel', () => {
    expect(boxFromCorners({ x: 0, y: 0 }, { x: 600, y: 400 }, photo)).toEqual([0, 0, 599, 399]);
    expect(boxFromCorners({ x: -30, y: -5 }, { x: 900, y: 90 }, photo)).toEqual([0, 0, 599, 90]);
  });

  it('is null for a click or a sliver, which the server would refuse as an empty box', () => {
    expect(boxFromCorners({ x: 100, y: 100 }, { x: 100, y: 100 }, photo)).toBeNull();
    expect(boxFromCorners({ x: 100, y: 100 }, { x: 400, y: 105 }, photo)).toBeNull();
  });
});

describe('simplifyRun', () => {
  it('sends whole photo pixels and drops points closer than a quarter brush', () => {
    const run = [
      { x: 10.2, y: 10.9 },
      { x: 11, y: 11 },
      { x: 12, y: 12 },
      { x: 30, y: 10 },
      { x: 31, y: 10 },
      { x: 32.6, y: 10.1 },
    ];
    expect(simplifyRun(run, photo, 24)).toEqual([
      [10, 10],
      [30, 10],
      [32, 10],
    ]);
  });

  it('keeps a single tap as a one-point stroke (a dot)', () => {
    expect(simplifyRun([{ x: 5, y: 6 }], photo, 24)).toEqual([[5, 6]]);
  });

  it('holds points on the photo', () => {
    expect(simplifyRun([{ x: 600, y: 400 }], photo, 24)).toEqual([[599, 399]]);
  });
});

describe('cutoutAdjustment', () => {
  const box: CutoutEdit = { kind: 'box', box: [100, 50, 500, 380] };
  const keep: CutoutEdit = {
    kind: 'stroke',
    mode: 'keep',
    runs: [
      [
        { x: 300, y: 200 },
        { x: 340, y: 200 },
      ],
    ],
  };
  const remove: CutoutEdit = {
    kind: 'stroke',
    mode: 'remove',
    runs: [
      [
        { x: 120, y: 60 },
        { x: 160, y: 60 },
      ],
      [{ x: 480, y: 70 }],
    ],
  };

  it('is null without edits: the cutout goes back to automatic', () => {
    expect(cutoutAdjustment(none, photo)).toBeNull();
  });

  it('sends the box, the strokes by kind (one per run) and the brush, in photo pixels', () => {
    expect(cutoutAdjustment({ edits: [box, keep, remove], brushPx: 24 }, photo)).toEqual({
      box: [100, 50, 500, 380],
      keep: [
        [
          [300, 200],
          [340, 200],
        ],
      ],
      remove: [
        [
          [120, 60],
          [160, 60],
        ],
        [[480, 70]],
      ],
      brush_px: 24,
    });
  });

  it('sends the last box drawn, and no box when there is none', () => {
    const second: CutoutEdit = { kind: 'box', box: [0, 0, 200, 200] };
    expect(cutoutAdjustment({ edits: [box, keep, second], brushPx: 24 }, photo)?.box).toEqual([0, 0, 200, 200]);
    expect(cutoutAdjustment({ edits: [keep], brushPx: 24 }, photo)).not.toHaveProperty('box');
  });

  it('undo takes back the last gesture, and the request follows', () => {
    const state = [box, keep, remove].reduce((s, edit) => cutoutEditsReducer(s, { type: 'add', edit }), none);
    const undone = cutoutEditsReducer(state, { type: 'undo' });
    expect(undone.edits).toEqual([box, keep]);
    expect(cutoutAdjustment(undone, photo)?.remove).toEqual([]);
    expect(cutoutEditsReducer(cutoutEditsReducer(undone, { type: 'undo' }), { type: 'undo' }).edits).toEqual([]);
  });
});

describe('brush', () => {
  it('starts at about 4 % of the longer side, within limits', () => {
    expect(defaultBrushPx(photo)).toBe(24);
    expect(defaultBrushPx({ width: 4000, height: 3000 })).toBe(160);
    expect(defaultBrushPx({ width: 40, height: 30 })).toBe(4);
  });

  it('steps by about a fifth and stays within limits', () => {
    expect(stepBrush(24, 1)).toBe(29);
    expect(stepBrush(24, -1)).toBe(19);
    expect(stepBrush(4, -1)).toBe(4);
    expect(clampBrush(5000)).toBe(400);
  });

  it('a new width is the same state when nothing changes', () => {
    expect(cutoutEditsReducer(none, { type: 'brush', px: 24 })).toBe(none);
    expect(cutoutEditsReducer(none, { type: 'brush', px: 40 }).brushPx).toBe(40);
  });
});
