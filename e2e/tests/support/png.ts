import { execFileSync } from 'node:child_process';
import { inflateSync } from 'node:zlib';

/** A decoded PNG: 8 bits per channel, `channels` per pixel (1 grey, 2 grey+alpha, 3 RGB, 4 RGBA), rows top down. */
export interface Pixels {
  width: number;
  height: number;
  channels: number;
  data: Uint8Array;
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

/** Decodes a non-interlaced 8-bit PNG (what the studio writes for masks and pictures). */
export function decodePng(bytes: Buffer): Pixels {
  if (bytes.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const compressed: Buffer[] = [];
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('ascii', offset + 4, offset + 8);
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const depth = body[8];
      const colour = body[9] ?? -1;
      if (depth !== 8 || body[12] !== 0 || !(colour in CHANNELS)) throw new Error(`unsupported PNG: depth ${depth}, colour ${colour}, interlace ${body[12]}`);
      channels = CHANNELS[colour] ?? 0;
    } else if (type === 'IDAT') {
      compressed.push(body);
    } else if (type === 'IEND') {
      break;
    }
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(compressed));
  const stride = width * channels;
  const data = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const row = y * (stride + 1) + 1;
    for (let i = 0; i < stride; i++) {
      const x = raw[row + i] ?? 0;
      const a = i >= channels ? (data[y * stride + i - channels] ?? 0) : 0;
      const b = y > 0 ? (data[(y - 1) * stride + i] ?? 0) : 0;
      const c = y > 0 && i >= channels ? (data[(y - 1) * stride + i - channels] ?? 0) : 0;
      let value: number;
      if (filter === 0) value = x;
      else if (filter === 1) value = x + a;
      else if (filter === 2) value = x + b;
      else if (filter === 3) value = x + ((a + b) >> 1);
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        value = x + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
      } else throw new Error(`bad PNG filter ${filter}`);
      data[y * stride + i] = value & 0xff;
    }
  }
  return { width, height, channels, data };
}

/** The first channel at (x, y): a mask's grey value. */
export function grey(pixels: Pixels, x: number, y: number): number {
  return pixels.data[(Math.round(y) * pixels.width + Math.round(x)) * pixels.channels] ?? 0;
}

/** The RGB at (x, y). */
export function rgb(pixels: Pixels, x: number, y: number): [number, number, number] {
  const at = (Math.round(y) * pixels.width + Math.round(x)) * pixels.channels;
  if (pixels.channels < 3) {
    const v = pixels.data[at] ?? 0;
    return [v, v, v];
  }
  return [pixels.data[at] ?? 0, pixels.data[at + 1] ?? 0, pixels.data[at + 2] ?? 0];
}

/** Decodes any picture ffmpeg reads (a JPEG export, say) by way of an RGB PNG. */
export function decodeImage(bytes: Buffer): Pixels {
  const png = execFileSync('ffmpeg', ['-v', 'error', '-i', 'pipe:0', '-frames:v', '1', '-f', 'image2pipe', '-vcodec', 'png', '-pix_fmt', 'rgb24', 'pipe:1'], {
    input: bytes,
    maxBuffer: 64 << 20,
  });
  return decodePng(png);
}
