import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export const COLORS = {
  red: '#dc2626',
  green: '#16a34a',
  blue: '#2563eb',
  yellow: '#eab308',
} as const;
export type ColorName = keyof typeof COLORS;

export function solidPng(color: ColorName, size = 240): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: COLORS[color] } })
    .png()
    .toBuffer();
}

/** Which of COLORS an image is closest to, by its mean colour. */
export async function colorOf(image: Buffer): Promise<ColorName> {
  const { channels } = await sharp(image).stats();
  const mean = channels.slice(0, 3).map((c) => c.mean);
  const distance = (hex: string) => {
    const rgb = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
    return rgb.reduce((sum, value, i) => sum + (value - mean[i]!) ** 2, 0);
  };
  return (Object.keys(COLORS) as ColorName[]).sort((a, b) => distance(COLORS[a]) - distance(COLORS[b]))[0]!;
}

/** A small web server of the test's own, serving one image for 'Add from links'. */
export async function serveImage(image: Buffer): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((request, response) => {
    if (request.url === '/link-image.png')
      response.writeHead(200, { 'content-type': 'image/png' }).end(image);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/link-image.png`, close: () => server.close() };
}
