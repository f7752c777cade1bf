import { MAX_FILE_BYTES, messages } from './rules';
import { checkDimensions, checkFile, fileExtension, invalidFileLine, isAcceptedType, simpleFilename, validateImageFile } from './validation';

const file = (name: string, type: string, size = 1024) => ({ name, type, size });

function realFile(name: string, type: string, size = 16): File {
  const f = new File([new Uint8Array(Math.min(size, 16))], name, { type });
  if (size > 16) Object.defineProperty(f, 'size', { value: size });
  return f;
}

describe('type', () => {
  it.each([
    ['photo.jpg', 'image/jpeg'],
    ['photo.JPEG', 'image/jpeg'],
    ['photo.png', 'image/png'],
    ['photo.webp', 'image/webp'],
    ['photo.gif', 'image/gif'],
    ['photo.png', 'IMAGE/PNG'],
  ])('accepts %s as %s', (name, type) => {
    expect(isAcceptedType({ name, type })).toBe(true);
    expect(checkFile(file(name, type))).toBeNull();
  });

  it.each([
    ['notes.txt', 'text/plain'],
    ['scan.pdf', 'application/pdf'],
    ['vector.svg', 'image/svg+xml'],
    ['photo.heic', 'image/heic'],
    ['photo.bmp', 'image/bmp'],
  ])('refuses %s (%s)', (name, type) => {
    expect(checkFile(file(name, type))).toBe(messages.invalidType);
  });

  it('falls back to the extension only when the browser gave no type', () => {
    expect(isAcceptedType({ name: 'photo.png', type: '' })).toBe(true);
    expect(isAcceptedType({ name: 'photo.tiff', type: '' })).toBe(false);
    expect(isAcceptedType({ name: 'photo', type: '' })).toBe(false);
  });

  it('reads extensions', () => {
    expect(fileExtension('a.b.PNG')).toBe('png');
    expect(fileExtension('.png')).toBe('');
    expect(fileExtension('trailing.')).toBe('');
  });
});

describe('size', () => {
  it('accepts exactly 15 MiB and refuses one byte more', () => {
    expect(MAX_FILE_BYTES).toBe(15 * 1024 * 1024);
    expect(checkFile(file('a.png', 'image/png', MAX_FILE_BYTES))).toBeNull();
    expect(checkFile(file('a.png', 'image/png', MAX_FILE_BYTES + 1))).toBe(messages.tooLarge);
  });

  it('checks the type before the size', () => {
    expect(checkFile(file('a.txt', 'text/plain', MAX_FILE_BYTES + 1))).toBe(messages.invalidType);
  });

  it('treats an empty file as corrupted', () => {
    expect(checkFile(file('a.png', 'image/png', 0))).toBe(messages.corrupted);
  });
});

describe('dimensions', () => {
  it('accepts 4096 and refuses 4097 on either side', () => {
    expect(checkDimensions({ width: 4096, height: 4096 })).toBeNull();
    expect(checkDimensions({ width: 4097, height: 100 })).toBe(messages.dimensionsTooLarge);
    expect(checkDimensions({ width: 100, height: 4097 })).toBe(messages.dimensionsTooLarge);
    expect(checkDimensions({ width: 1, height: 1 })).toBeNull();
  });

  it('treats an empty decode as corrupted', () => {
    expect(checkDimensions({ width: 0, height: 10 })).toBe(messages.corrupted);
    expect(checkDimensions({ width: Number.NaN, height: 10 })).toBe(messages.corrupted);
  });
});

describe('validateImageFile', () => {
  it('passes a decodable image within the limits', async () => {
    await expect(validateImageFile(realFile('a.png', 'image/png'), async () => ({ width: 4096, height: 4096 }))).resolves.toBeNull();
  });

  it('refuses a file that does not decode', async () => {
    const reader = async () => {
      throw new Error('decode failed');
    };
    await expect(validateImageFile(realFile('fake.png', 'image/png'), reader)).resolves.toBe(messages.corrupted);
  });

  it('refuses oversized pixels', async () => {
    await expect(validateImageFile(realFile('wide.png', 'image/png'), async () => ({ width: 4097, height: 10 }))).resolves.toBe(messages.dimensionsTooLarge);
  });

  it('leaves the dimensions to the server when the browser cannot decode', async () => {
    await expect(validateImageFile(realFile('a.png', 'image/png'), async () => null)).resolves.toBeNull();
  });

  it('does not decode files refused by type or size', async () => {
    const reader = vi.fn(async () => ({ width: 1, height: 1 }));
    await expect(validateImageFile(realFile('a.txt', 'text/plain'), reader)).resolves.toBe(messages.invalidType);
    await expect(validateImageFile(realFile('big.png', 'image/png', MAX_FILE_BYTES + 1), reader)).resolves.toBe(messages.tooLarge);
    expect(reader).not.toHaveBeenCalled();
  });

  it('uses createImageBitmap when the browser has it', async () => {
    const close = vi.fn();
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => ({ width: 5000, height: 10, close })),
    );
    await expect(validateImageFile(realFile('big.png', 'image/png'))).resolves.toBe(messages.dimensionsTooLarge);
    expect(close).toHaveBeenCalled();
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => Promise.reject(new DOMException('bad', 'InvalidStateError'))),
    );
    await expect(validateImageFile(realFile('text.png', 'image/png'))).resolves.toBe(messages.corrupted);
  });
});

describe('lines and names', () => {
  it('formats refused files as filename: reason', () => {
    expect(invalidFileLine('notes.png', messages.corrupted)).toBe('notes.png: Invalid or corrupted image file');
  });

  it('makes a simple filename', () => {
    expect(simpleFilename('Mon Produit (été) #1.PNG')).toBe('mon-produit-ete-1.png');
    expect(simpleFilename('???.jpg')).toBe('image.jpg');
    expect(simpleFilename('noext')).toBe('noext');
    expect(simpleFilename(`${'a'.repeat(200)}.webp`)).toBe(`${'a'.repeat(80)}.webp`);
  });
});
