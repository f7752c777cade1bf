import { expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const screenshots = fileURLToPath(new URL('../../screenshots/', import.meta.url));
mkdirSync(screenshots, { recursive: true });

/** A screenshot of the viewport into e2e/screenshots/, to look at after the run. */
export async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${screenshots}${name}.png`, fullPage: false });
}

/** Collects the browser's Content-Security-Policy refusals on `page`, to assert there are none. */
export function cspViolations(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) refused.push(message.text());
  });
  return refused;
}

export const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** A fresh account through the sign-up modal, then its first project (with Campaign 1). */
export async function signUpWithProject(page: Page, prefix: string, projectName: string): Promise<string> {
  const email = `e2e-${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.goto('/create');
  const auth = page.getByRole('dialog', { name: 'Create your free account' });
  await expect(auth).toBeVisible();
  await auth.getByLabel('First name').fill('Ada');
  await auth.getByLabel('Email').fill(email);
  await auth.getByLabel('Password').fill('correct horse battery');
  await auth.getByRole('button', { name: 'Create account' }).click();
  const createProject = page.getByRole('dialog', { name: 'Create New Project' });
  await expect(createProject).toBeVisible();
  await createProject.getByLabel('Project Name').fill(projectName);
  await createProject.getByRole('button', { name: 'Create' }).click();
  await expect(createProject).toBeHidden();
  await expect(page.getByTestId('current-scene')).toHaveText('Campaign 1');
  return email;
}

// --- A tiny PNG encoder (8-bit RGB, no interlace), enough for product-photo stand-ins. ---

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export function encodePng(width: number, height: number, pixel: (x: number, y: number) => [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) raw.set(pixel(x, y), row + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A soft studio backdrop with a round "product" in the given colour. */
export function productPhoto(color: [number, number, number]): Buffer {
  // Large enough that a 2000×2000 marketplace image does not enlarge the product more than 2×.
  const size = 1400;
  return encodePng(size, size, (x, y) => {
    const dx = x - size / 2;
    const dy = y - size * 0.55;
    const inside = dx * dx + (dy * dy) / 1.6 < (size * 0.28) ** 2;
    if (inside) {
      const shade = 0.75 + 0.25 * (1 - (dx + size * 0.28) / (size * 0.56));
      return color.map((c) => Math.max(0, Math.min(255, Math.round(c * shade)))) as [number, number, number];
    }
    const v = Math.round(246 - (y / size) * 26);
    return [v, v - 2, Math.min(255, v + 4)];
  });
}

