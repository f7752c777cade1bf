import { chatWidthRange, clampChatWidth, initialChatWidth, renderedChatWidth } from './chatWidth';

describe('chat width range', () => {
  it('is 500–800 on desktop, 300–800 narrow, 250–800 under 375 px', () => {
    expect(chatWidthRange(1440)).toEqual({ min: 500, max: 800 });
    expect(chatWidthRange(1024)).toEqual({ min: 500, max: 800 });
    expect(chatWidthRange(900)).toEqual({ min: 300, max: 800 });
    expect(chatWidthRange(375)).toEqual({ min: 300, max: 800 });
    expect(chatWidthRange(360)).toEqual({ min: 250, max: 800 });
  });
});

describe('clampChatWidth', () => {
  it('clamps into the range for the viewport', () => {
    expect(clampChatWidth(100, 1440)).toBe(500);
    expect(clampChatWidth(100, 900)).toBe(300);
    expect(clampChatWidth(100, 320)).toBe(250);
    expect(clampChatWidth(2000, 1440)).toBe(800);
    expect(clampChatWidth(612.4, 1440)).toBe(612);
  });
  it('falls back to the default for nonsense', () => {
    expect(clampChatWidth(Number.NaN, 1440)).toBe(650);
  });
});

describe('initialChatWidth', () => {
  it('uses the default when nothing is stored', () => {
    expect(initialChatWidth(null, 1440)).toBe(650);
  });
  it('uses a stored width only if it lies inside the range', () => {
    expect(initialChatWidth(720, 1440)).toBe(720);
    expect(initialChatWidth(400, 1440)).toBe(650);
    expect(initialChatWidth(400, 900)).toBe(400);
    expect(initialChatWidth(900, 1440)).toBe(650);
    expect(initialChatWidth(500, 1440)).toBe(500);
    expect(initialChatWidth(800, 1440)).toBe(800);
  });
});

describe('renderedChatWidth', () => {
  it('keeps the chosen width on a wide window', () => {
    expect(renderedChatWidth(650, 1440)).toBe(650);
    expect(renderedChatWidth(800, 1440)).toBe(800);
  });
  it('leaves the storyboard room on a small window, never below the minimum', () => {
    expect(renderedChatWidth(650, 900)).toBe(540);
    expect(renderedChatWidth(650, 1024)).toBe(650);
    expect(renderedChatWidth(800, 1024)).toBe(664);
    expect(renderedChatWidth(650, 780)).toBe(420);
    expect(renderedChatWidth(650, 600)).toBe(300);
  });
});
