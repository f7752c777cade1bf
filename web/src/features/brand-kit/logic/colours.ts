/** A brand kit holds at most this many colours (the server refuses more). */
export const MAX_COLOURS = 5;
/** The longest tagline the server takes. */
export const MAX_TAGLINE = 80;

/** `#rrggbb` in lower case, or null for anything else (`#abc`, names, blanks). */
export function normaliseHex(text: string): string | null {
  const trimmed = text.trim().toLowerCase();
  return /^#[0-9a-f]{6}$/.test(trimmed) ? trimmed : null;
}

/** The colours with `colour` set at `index`, repeats dropped (the server drops them too). */
export function replaceColour(colours: readonly string[], index: number, colour: string): string[] {
  const next = colours.map((c, i) => (i === index ? colour : c));
  return next.filter((c, i) => next.indexOf(c) === i);
}

/** A new chip's colour: white, or the first grey not already in the kit. */
export function nextColour(colours: readonly string[]): string | null {
  if (colours.length >= MAX_COLOURS) return null;
  return ['#ffffff', '#000000', '#808080', '#c0c0c0', '#404040', '#e0e0e0'].find((c) => !colours.includes(c)) ?? null;
}

/** Black or white, whichever reads better on `hex` (for the chip's label). */
export function inkOn(hex: string): '#000000' | '#ffffff' {
  const value = normaliseHex(hex) ?? '#ffffff';
  const channel = (i: number) => {
    const c = parseInt(value.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return luminance > 0.179 ? '#000000' : '#ffffff';
}
