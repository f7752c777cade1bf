import { expect, test, type Locator, type Page, type Response } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { shot, signUpWithProject } from './support/fixtures';
import { startImagesMock } from './support/openai';
import { decodePng, grey, rgb, type Pixels } from './support/png';
import { startStudio, type Studio } from './support/server';

// A real photograph: an espresso cup with a spoon on a saucer, on a wooden café table with a dark
// corner, 600×400.
const coffee = readFileSync(new URL('../fixtures/coffee.png', import.meta.url));
const PHOTO = { width: 600, height: 400 };
// Around the cup and saucer (the saucer's rim almost touches the bottom edge).
const BOX = { x0: 62, y0: 12, x1: 492, y1: 397 };
// Across the spoon's bowl, which lies on the saucer right of the cup.
const STROKE = [
  { x: 345, y: 268 },
  { x: 366, y: 285 },
  { x: 388, y: 302 },
];

const screenshots = fileURLToPath(new URL('../screenshots/', import.meta.url));

// The scene comes from a hosted model (a stand-in that paints every picture magenta) with the
// product kept exact: whatever is not magenta in the result is the seller's cutout.
let images: Awaited<ReturnType<typeof startImagesMock>>;
let studio: Studio;
test.beforeAll(async () => {
  images = await startImagesMock();
  studio = await startStudio({
    env: {
      STUDIO_IMAGE_PROVIDER: 'openai',
      OPENAI_API_KEY: 'sk-test-cutout',
      OPENAI_BASE_URL: images.baseUrl,
    },
  });
});
test.afterAll(async () => {
  await studio?.stop();
  await images?.stop();
});

const isMask = (response: Response) => /\/api\/reference-images\/[^/]+\/cutout\/mask/.test(response.url()) && response.status() === 200;
const isAdjust = (response: Response) => /\/api\/reference-images\/[^/]+\/cutout$/.test(response.url()) && response.request().method() === 'PUT';

/** The mask the page fetched, decoded (and kept beside the screenshots, to look at). */
async function maskOf(response: Promise<Response>, name: string): Promise<Pixels> {
  const answered = await response;
  // The browser may hand the image over without keeping its body: the same URL, fetched again
  // with the page's session, gives the same bytes.
  const bytes = await (await answered.request().frame().page().request.get(answered.url())).body();
  writeFileSync(`${screenshots}${name}.png`, bytes);
  const mask = decodePng(bytes);
  expect(mask.channels).toBe(1);
  expect({ width: mask.width, height: mask.height }).toEqual(PHOTO);
  return mask;
}

/** Where a photo pixel is drawn inside a pane that shows the photo whole, centred (object-fit: contain). */
async function onPane(pane: Locator, point: { x: number; y: number }): Promise<{ x: number; y: number }> {
  const bounds = await pane.boundingBox();
  if (!bounds) throw new Error('pane not laid out');
  const scale = Math.min(bounds.width / PHOTO.width, bounds.height / PHOTO.height);
  const left = bounds.x + (bounds.width - PHOTO.width * scale) / 2;
  const top = bounds.y + (bounds.height - PHOTO.height * scale) / 2;
  return { x: left + point.x * scale, y: top + point.y * scale };
}

async function drag(page: Page, pane: Locator, points: { x: number; y: number }[]) {
  const [first, ...rest] = points;
  if (!first) return;
  const start = await onPane(pane, first);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  for (const point of rest) {
    const next = await onPane(pane, point);
    await page.mouse.move(next.x, next.y, { steps: 8 });
  }
  await page.mouse.up();
}

async function balance(page: Page): Promise<number> {
  const answer = await page.request.get('/api/credits/balance');
  expect(answer.ok()).toBe(true);
  const body = (await answer.json()) as {
    balance?: number;
    credits?: number;
    data?: { balance?: number };
  };
  const value = body.balance ?? body.credits ?? body.data?.balance;
  expect(typeof value).toBe('number');
  return value as number;
}

// The stand-in's magenta, also where the scene's contact shadow darkens it.
const isMagenta = ([r, g, b]: [number, number, number]) => r - g > 60 && b - g > 40;

for (const viewport of [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`a seller adjusts a real photo's cutout with a box and a stroke, and the next scene uses it (${viewport.name})`, async ({ browser }) => {
    test.setTimeout(240_000);
    const context = await browser.newContext({ baseURL: studio.url, viewport });
    const page = await context.newPage();
    await signUpWithProject(page, `cutout-${viewport.name}`, 'Espresso Shots');
    const credits = await balance(page);

    // Upload the photo: its answer says how sure the automatic cutout is, and the page says so too.
    const uploaded = page.waitForResponse((response) => response.url().endsWith('/api/reference-images/upload-proxy'));
    await page.getByTestId('reference-image-input').setInputFiles({
      name: 'coffee.png',
      mimeType: 'image/png',
      buffer: coffee,
    });
    const upload = (await (await uploaded).json()) as {
      reference_image: {
        id: string;
        cutout: {
          confidence: number;
          source: string;
          warning: string | null;
        } | null;
      };
    };
    const automatic = upload.reference_image.cutout;
    expect(automatic).not.toBeNull();
    expect(automatic?.source).toBe('auto');
    expect(automatic?.confidence).toBeGreaterThanOrEqual(0);
    expect(automatic?.confidence).toBeLessThanOrEqual(1);
    await expect(page.getByTestId('reference-image')).toHaveCount(1, {
      timeout: 30_000,
    });
    if (automatic?.warning) {
      // Said where the seller sees the photo, before anything is spent.
      await expect(page.getByTestId('cutout-warning').first()).toContainText('We could not separate your product cleanly — adjust the cutout');
    }
    expect(await balance(page)).toBe(credits);
    await shot(page, `cutout-1-uploaded-${viewport.name}`);

    // Open "Adjust cutout": from the photo's thumbnail in the chat on a phone, from the Generate
    // panel's product images on a desktop.
    const firstMask = maskOf(page.waitForResponse(isMask), `cutout-mask-1-auto-${viewport.name}`);
    if (viewport.name === 'phone') {
      await page.getByRole('button', { name: 'Adjust cutout of product photo 1' }).click();
    } else {
      await page.getByRole('tab', { name: 'Generate' }).click();
      const tile = page.getByTestId('generate-panel').getByTestId('reference-image');
      await tile.hover();
      await tile.getByRole('button', { name: 'Adjust cutout of coffee.png' }).click();
    }
    const editor = page.getByRole('dialog', { name: 'Adjust cutout' });
    await expect(editor).toBeVisible();
    await expect(editor.getByRole('radio', { name: 'Box' })).toBeFocused();
    await expect(editor.getByTestId('cutout-state')).toContainText(automatic?.warning ? 'Automatic' : 'sure');
    await firstMask;
    await expect(editor.getByRole('status')).toHaveCount(0);
    await shot(page, `cutout-2-editor-${viewport.name}`);

    // A box around the cup and saucer: everything outside it becomes background.
    const photoPane = viewport.name === 'phone' ? editor.getByTestId('cutout-cutout') : editor.getByTestId('cutout-photo');
    const cutoutPane = editor.getByTestId('cutout-cutout');
    let adjusted = page.waitForResponse(isAdjust);
    let nextMask = maskOf(page.waitForResponse(isMask), `cutout-mask-2-box-${viewport.name}`);
    await drag(page, photoPane, [
      { x: BOX.x0, y: BOX.y0 },
      { x: BOX.x1, y: BOX.y1 },
    ]);
    let request = (await adjusted).request().postDataJSON() as {
      box?: number[];
      keep: unknown[];
      remove: number[][][];
      brush_px: number;
    };
    // Sent in the photo's own pixels, whatever size the pane shows it at.
    expect(request.box?.length).toBe(4);
    for (const [sent, wanted] of (request.box ?? []).map((value, i) => [value, [BOX.x0, BOX.y0, BOX.x1, BOX.y1][i] ?? 0])) {
      expect(Math.abs((sent ?? 0) - wanted)).toBeLessThanOrEqual(3);
    }
    expect(request.keep).toEqual([]);
    expect(request.remove).toEqual([]);
    const boxed = await nextMask;
    for (const [x, y] of [
      [20, 30],
      [30, 380],
      [560, 60],
      [585, 350],
    ] as const) {
      expect(grey(boxed, x, y), `outside the box at (${x}, ${y})`).toBeLessThan(128);
    }
    // The cup's coffee and the spoon's bowl are product.
    expect(grey(boxed, 290, 150)).toBeGreaterThanOrEqual(128);
    expect(grey(boxed, 366, 285)).toBeGreaterThanOrEqual(128);
    await expect(editor.getByTestId('cutout-state')).toContainText('Adjusted by you');
    await expect(editor.getByTestId('cutout-status')).not.toContainText('Updating');
    await shot(page, `cutout-3-box-${viewport.name}`);

    // One remove stroke across the spoon's bowl: the painted pixels become background.
    await editor.getByRole('radio', { name: 'Remove' }).click();
    adjusted = page.waitForResponse(isAdjust);
    nextMask = maskOf(page.waitForResponse(isMask), `cutout-mask-3-stroke-${viewport.name}`);
    await drag(page, cutoutPane, STROKE);
    request = (await adjusted).request().postDataJSON() as typeof request;
    expect(request.box).toEqual(expect.any(Array));
    expect(request.remove).toHaveLength(1);
    const sentStroke = request.remove[0] ?? [];
    expect(sentStroke.length).toBeGreaterThanOrEqual(2);
    expect(Math.abs((sentStroke[0]?.[0] ?? 0) - (STROKE[0]?.x ?? 0))).toBeLessThanOrEqual(3);
    expect(Math.abs((sentStroke.at(-1)?.[1] ?? 0) - (STROKE.at(-1)?.y ?? 0))).toBeLessThanOrEqual(3);
    const stroked = await nextMask;
    for (const point of STROKE) expect(grey(stroked, point.x, point.y), `under the stroke at (${point.x}, ${point.y})`).toBeLessThan(128);
    // The rest of the product stays.
    expect(grey(stroked, 290, 150)).toBeGreaterThanOrEqual(128);
    await expect(editor.getByTestId('cutout-status')).not.toContainText('Updating');
    if (viewport.name === 'phone') {
      await editor.getByRole('button', { name: 'Photo' }).click();
      await expect(editor.getByTestId('cutout-photo')).toBeVisible();
    }
    await shot(page, `cutout-4-stroke-${viewport.name}`);

    // Done: the photo's warning is gone (the seller adjusted it), and nothing was charged.
    await editor.getByRole('button', { name: 'Done' }).click();
    await expect(editor).toBeHidden();
    await expect(page.getByTestId('cutout-warning')).toHaveCount(0);
    expect(await balance(page)).toBe(credits);

    // The next scene uses the adjusted cutout.
    if (viewport.name === 'phone') {
      // The pointer rests where the editor's Done button was, over the toasts' corner, and a
      // hovered toast stays (and covers the tabs): move it away first.
      await page.mouse.move(1, page.viewportSize()!.height - 1);
      await page.getByRole('tab', { name: 'Generate' }).click();
    }
    const panel = page.getByTestId('generate-panel');
    await expect(panel.getByTestId('reference-image')).toHaveAttribute('data-cutout', 'seller');
    await panel.getByRole('radio', { name: 'Templates' }).check();
    await panel
      .getByRole('radiogroup', { name: /template/i })
      .getByRole('radio')
      .first()
      .check();
    await panel.getByRole('button', { name: /^Generate/ }).click();
    const result = panel.getByTestId('generate-result').locator('img');
    await expect.poll(() => result.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 90_000 }).toBe(true);
    await result.scrollIntoViewIfNeeded();
    await shot(page, `cutout-5-scene-${viewport.name}`);
    const src = (await result.getAttribute('src')) ?? '';
    const sceneBytes = await (await page.request.get(src)).body();
    writeFileSync(`${screenshots}cutout-scene-${viewport.name}.png`, sceneBytes);
    const scene = decodePng(sceneBytes);
    const assetId = /\/api\/media\/file\/([0-9a-f-]+)/.exec(src)?.[1];
    const projects = (await (await page.request.get('/api/projects')).json()) as { data: { id: string }[] };
    const storyboard: unknown = await (await page.request.get(`/api/projects/${projects.data[0]?.id}/storyboard`)).json();
    const asset = findById(storyboard, assetId ?? '') as { file_metadata?: Record<string, unknown> } | null;
    const facts = asset?.file_metadata ?? {};
    // The job's record says which cutout the scene used.
    expect(facts.cutout_source).toBe('seller');

    // The product in the scene is the adjusted cutout: where it stands (the recorded placement),
    // the stroked spoon is scene (magenta) and the cup is the photo's.
    const placement = facts.product_placement as { x: number; y: number; width: number; height: number } | undefined;
    expect(placement, 'the scene records where the product stands').toBeDefined();
    const { x: px, y: py, width: pw, height: ph } = placement ?? { x: 0, y: 0, width: 0, height: 0 };
    const bounds = foreground(stroked);
    const toScene = (x: number, y: number) => ({
      x: px + ((x - bounds.x0) / (bounds.x1 - bounds.x0)) * pw,
      y: py + ((y - bounds.y0) / (bounds.y1 - bounds.y0)) * ph,
    });
    const coffeeInScene = toScene(290, 150);
    expect(isMagenta(rgb(scene, coffeeInScene.x, coffeeInScene.y)), 'the coffee stays the photo’s').toBe(false);
    const spoon = toScene(366, 285);
    expect(isMagenta(rgb(scene, spoon.x, spoon.y)), 'the removed spoon is scene').toBe(true);

    // The scene's detail says which cutout it used.
    if (viewport.name === 'phone') await page.getByRole('button', { name: 'Show Storyboard' }).click();
    const card = page.getByTestId('scene-grid').getByRole('article', { name: 'Campaign 1' });
    const detail = page.getByTestId('scene-detail');
    await expect(detail.or(card)).toBeVisible();
    if (!(await detail.isVisible())) await card.getByRole('button', { name: 'Open Campaign 1' }).click();
    const recipe = detail.getByTestId('how-this-was-made');
    await expect(recipe.getByText('Adjusted by you', { exact: true })).toBeVisible();
    await recipe.scrollIntoViewIfNeeded();
    await shot(page, `cutout-6-detail-${viewport.name}`);
    await context.close();
  });
}

/** The object with this `id` anywhere in an answer. */
function findById(value: unknown, id: string): unknown {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findById(item, id);
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    if ((value as { id?: unknown }).id === id) return value;
    for (const item of Object.values(value)) {
      const found = findById(item, id);
      if (found) return found;
    }
  }
  return null;
}

/** The bounding box of a mask's product pixels, as the studio crops a cutout (any matte above 8). */
function foreground(mask: Pixels): {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
} {
  let x0 = mask.width;
  let y0 = mask.height;
  let x1 = 0;
  let y1 = 0;
  for (let y = 0; y < mask.height; y++) {
    for (let x = 0; x < mask.width; x++) {
      if (grey(mask, x, y) <= 8) continue;
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x + 1);
      y1 = Math.max(y1, y + 1);
    }
  }
  return { x0, y0, x1, y1 };
}
