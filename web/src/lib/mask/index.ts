export { clearedFrame, containRect, toImagePoint, toImagePointClamped, type CanvasFrame, type ClientBox, type Rect, type Size } from './geometry';
export { isPaintedPixel, maskIsEmpty, rasterizeStrokes } from './rasterize';
export { beginStroke, breakStroke, BRUSH_WIDTH, extendStroke, strokesReducer, type MaskPoint, type Stroke, type StrokesAction } from './strokes';
