import { ACCEPTED_EXTENSIONS, ACCEPTED_MIME_TYPES, MAX_DIMENSION, MAX_FILE_BYTES, messages } from './rules';

/** What validation needs of a File (a plain object in tests). */
export interface FileLike {
  name: string;
  type: string;
  size: number;
}

export interface Dimensions {
  width: number;
  height: number;
}

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

/** JPEG, PNG, WebP or GIF by MIME type; by extension only when the browser gave no type. */
export function isAcceptedType(file: Pick<FileLike, 'name' | 'type'>): boolean {
  const type = file.type.trim().toLowerCase();
  if (type) return (ACCEPTED_MIME_TYPES as readonly string[]).includes(type);
  return (ACCEPTED_EXTENSIONS as readonly string[]).includes(fileExtension(file.name));
}

/** The checks that need no decoding: type, then size (15 MiB inclusive). Null when they pass. */
export function checkFile(file: FileLike): string | null {
  if (!isAcceptedType(file)) return messages.invalidType;
  if (file.size > MAX_FILE_BYTES) return messages.tooLarge;
  if (file.size <= 0) return messages.corrupted;
  return null;
}

/** 4096×4096 inclusive; zero or non-finite sizes mean the image did not decode. */
export function checkDimensions(dimensions: Dimensions): string | null {
  const { width, height } = dimensions;
  if (!Number.isFinite(width) || !Number.isFinite(height) || width <= 0 || height <= 0) return messages.corrupted;
  if (width > MAX_DIMENSION || height > MAX_DIMENSION) return messages.dimensionsTooLarge;
  return null;
}

/**
 * Reads an image's pixel size. Resolves null when this browser cannot decode here (no
 * createImageBitmap, no object URLs), leaving the check to the server; rejects when the file
 * does not decode.
 */
export type DimensionReader = (file: File) => Promise<Dimensions | null>;

export const readImageDimensions: DimensionReader = async (file) => {
  if (typeof globalThis.createImageBitmap === 'function') {
    const bitmap = await globalThis.createImageBitmap(file);
    try {
      return { width: bitmap.width, height: bitmap.height };
    } finally {
      bitmap.close();
    }
  }
  if (typeof Image === 'undefined' || typeof URL.createObjectURL !== 'function') return null;
  const url = URL.createObjectURL(file);
  try {
    return await new Promise<Dimensions>((resolve, reject) => {
      const image = new Image();
      image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
      image.onerror = () => reject(new Error(messages.corrupted));
      image.src = url;
    });
  } finally {
    URL.revokeObjectURL(url);
  }
};

/** Every client-side check of one file: null when it may be uploaded, else the reason. */
export async function validateImageFile(file: File, readDimensions: DimensionReader = readImageDimensions): Promise<string | null> {
  const quick = checkFile(file);
  if (quick) return quick;
  let dimensions: Dimensions | null;
  try {
    dimensions = await readDimensions(file);
  } catch {
    return messages.corrupted;
  }
  return dimensions ? checkDimensions(dimensions) : null;
}

/** The `filename: reason` line listed for a refused file. */
export function invalidFileLine(name: string, reason: string): string {
  return `${name}: ${reason}`;
}

/** A name safe for storage paths: lowercase letters, digits, dots, dashes; keeps the extension. */
export function simpleFilename(name: string): string {
  const extension = fileExtension(name);
  const stem = extension ? name.slice(0, -(extension.length + 1)) : name;
  const cleaned = stem
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  const safeExtension = extension.replace(/[^a-z0-9]/g, '');
  return `${cleaned || 'image'}${safeExtension ? `.${safeExtension}` : ''}`;
}
