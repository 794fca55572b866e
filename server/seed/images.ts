/**
 * Demo product pictures, drawn as SVG and encoded to .webp by sharp: a product illustration on a soft
 * gradient, a different palette and framing for each gallery image, so the gallery visibly changes.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

export type IconKind =
  | 'headphones'
  | 'watch'
  | 'speaker'
  | 'mug'
  | 'pot'
  | 'vacuum'
  | 'backpack'
  | 'lantern'
  | 'bottle'
  | 'chip'
  | 'gpu'
  | 'board'
  | 'ram'
  | 'ssd'
  | 'hdd'
  | 'keyboard'
  | 'mouse'
  | 'monitor'
  | 'plug'
  | 'bulb'
  | 'camera'
  | 'ring'
  | 'phone'
  | 'tablet'
  | 'charger'
  | 'laptop'
  | 'console'
  | 'controller';

const PALETTES = [
  { from: '#e0f2fe', to: '#bae6fd', body: '#0f172a', accent: '#0284c7' },
  { from: '#fef3c7', to: '#fde68a', body: '#1f2937', accent: '#d97706' },
  { from: '#ede9fe', to: '#ddd6fe', body: '#1e1b4b', accent: '#7c3aed' },
  { from: '#dcfce7', to: '#bbf7d0', body: '#14532d', accent: '#16a34a' },
  { from: '#ffe4e6', to: '#fecdd3', body: '#3f0d16', accent: '#e11d48' },
  { from: '#f1f5f9', to: '#e2e8f0', body: '#334155', accent: '#0ea5e9' },
] as const;

type Palette = (typeof PALETTES)[number];

const SHAPES: Record<IconKind, (p: Palette) => string> = {
  headphones: (p) =>
    `<path d="M250 470 V400 a150 150 0 0 1 300 0 V470" fill="none" stroke="${p.body}" stroke-width="34" stroke-linecap="round"/>
     <rect x="205" y="440" width="95" height="170" rx="40" fill="${p.body}"/><rect x="500" y="440" width="95" height="170" rx="40" fill="${p.body}"/>
     <rect x="225" y="470" width="55" height="110" rx="24" fill="${p.accent}"/><rect x="520" y="470" width="55" height="110" rx="24" fill="${p.accent}"/>`,
  watch: (p) =>
    `<rect x="330" y="170" width="140" height="460" rx="50" fill="${p.body}" opacity="0.85"/>
     <rect x="270" y="280" width="260" height="240" rx="70" fill="${p.body}"/>
     <rect x="295" y="305" width="210" height="190" rx="52" fill="${p.accent}"/>
     <path d="M400 345 V400 L440 425" stroke="#fff" stroke-width="14" fill="none" stroke-linecap="round"/>`,
  speaker: (p) =>
    `<rect x="280" y="180" width="240" height="440" rx="60" fill="${p.body}"/>
     <circle cx="400" cy="470" r="90" fill="${p.accent}"/><circle cx="400" cy="470" r="40" fill="${p.body}"/>
     <circle cx="400" cy="290" r="45" fill="${p.accent}"/><circle cx="400" cy="290" r="18" fill="${p.body}"/>`,
  mug: (p) =>
    `<rect x="250" y="290" width="260" height="300" rx="40" fill="${p.body}"/>
     <path d="M510 350 h40 a60 60 0 0 1 0 120 h-40" fill="none" stroke="${p.body}" stroke-width="30"/>
     <rect x="270" y="310" width="220" height="40" rx="14" fill="${p.accent}"/>
     <path d="M320 250 q20 -40 0 -80 M390 250 q20 -40 0 -80 M460 250 q20 -40 0 -80" stroke="${p.accent}" stroke-width="14" fill="none" stroke-linecap="round"/>`,
  pot: (p) =>
    `<rect x="230" y="250" width="340" height="370" rx="80" fill="${p.body}"/>
     <rect x="285" y="300" width="230" height="70" rx="20" fill="${p.accent}"/>
     <rect x="285" y="420" width="230" height="150" rx="30" fill="${p.accent}" opacity="0.5"/>
     <circle cx="330" cy="335" r="12" fill="#fff"/><circle cx="380" cy="335" r="12" fill="#fff"/>`,
  vacuum: (p) =>
    `<circle cx="400" cy="430" r="200" fill="${p.body}"/><circle cx="400" cy="430" r="150" fill="${p.accent}" opacity="0.35"/>
     <circle cx="400" cy="380" r="46" fill="${p.accent}"/><rect x="330" y="520" width="140" height="24" rx="12" fill="#fff" opacity="0.7"/>`,
  backpack: (p) =>
    `<path d="M330 230 a70 70 0 0 1 140 0" fill="none" stroke="${p.body}" stroke-width="26"/>
     <rect x="250" y="230" width="300" height="400" rx="90" fill="${p.body}"/>
     <rect x="300" y="430" width="200" height="150" rx="40" fill="${p.accent}"/>
     <rect x="360" y="470" width="80" height="14" rx="7" fill="#fff"/>`,
  lantern: (p) =>
    `<path d="M340 210 a60 60 0 0 1 120 0" fill="none" stroke="${p.body}" stroke-width="20"/>
     <rect x="300" y="220" width="200" height="60" rx="20" fill="${p.body}"/>
     <rect x="315" y="280" width="170" height="260" rx="30" fill="${p.accent}"/><circle cx="400" cy="410" r="55" fill="#fff" opacity="0.85"/>
     <rect x="290" y="540" width="220" height="70" rx="24" fill="${p.body}"/>`,
  bottle: (p) =>
    `<rect x="355" y="160" width="90" height="70" rx="18" fill="${p.accent}"/>
     <path d="M335 230 h130 l30 80 v290 a40 40 0 0 1 -40 40 h-110 a40 40 0 0 1 -40 -40 v-290z" fill="${p.body}"/>
     <rect x="315" y="380" width="170" height="110" fill="${p.accent}" opacity="0.7"/>`,
  chip: (p) =>
    `<rect x="250" y="250" width="300" height="300" rx="30" fill="${p.body}"/>
     <rect x="310" y="310" width="180" height="180" rx="16" fill="${p.accent}"/>
     ${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="${275 + i * 48}" y="205" width="18" height="40" fill="${p.body}"/><rect x="${275 + i * 48}" y="555" width="18" height="40" fill="${p.body}"/><rect x="205" y="${275 + i * 48}" width="40" height="18" fill="${p.body}"/><rect x="555" y="${275 + i * 48}" width="40" height="18" fill="${p.body}"/>`).join('')}`,
  gpu: (p) =>
    `<rect x="150" y="290" width="500" height="220" rx="28" fill="${p.body}"/>
     <circle cx="280" cy="400" r="80" fill="${p.accent}"/><circle cx="520" cy="400" r="80" fill="${p.accent}"/>
     <circle cx="280" cy="400" r="22" fill="${p.body}"/><circle cx="520" cy="400" r="22" fill="${p.body}"/>
     <rect x="190" y="510" width="260" height="30" fill="${p.accent}" opacity="0.6"/>`,
  board: (p) =>
    `<rect x="200" y="200" width="400" height="400" rx="20" fill="${p.body}"/>
     <rect x="260" y="260" width="130" height="130" rx="10" fill="${p.accent}"/>
     <rect x="430" y="250" width="24" height="170" fill="${p.accent}" opacity="0.8"/><rect x="470" y="250" width="24" height="170" fill="${p.accent}" opacity="0.8"/>
     <rect x="250" y="450" width="300" height="22" fill="#fff" opacity="0.6"/><rect x="250" y="500" width="300" height="22" fill="#fff" opacity="0.6"/>`,
  ram: (p) =>
    `<rect x="150" y="320" width="500" height="150" rx="14" fill="${p.body}"/>
     ${[0, 1, 2, 3, 4, 5, 6].map((i) => `<rect x="${180 + i * 64}" y="345" width="46" height="70" rx="6" fill="${p.accent}"/>`).join('')}
     <rect x="150" y="470" width="500" height="26" fill="#d4a017"/>`,
  ssd: (p) =>
    `<rect x="150" y="330" width="500" height="140" rx="16" fill="${p.body}"/>
     <rect x="200" y="360" width="120" height="80" rx="8" fill="${p.accent}"/><rect x="350" y="360" width="90" height="80" rx="8" fill="${p.accent}" opacity="0.7"/>
     <rect x="610" y="350" width="40" height="100" fill="#d4a017"/>`,
  hdd: (p) =>
    `<rect x="230" y="190" width="340" height="420" rx="30" fill="${p.body}"/>
     <circle cx="400" cy="370" r="130" fill="${p.accent}" opacity="0.8"/><circle cx="400" cy="370" r="30" fill="${p.body}"/>
     <path d="M500 540 L420 390" stroke="#fff" stroke-width="16" stroke-linecap="round"/>`,
  keyboard: (p) =>
    `<rect x="120" y="300" width="560" height="220" rx="26" fill="${p.body}"/>
     ${[0, 1, 2].map((r) => [0, 1, 2, 3, 4, 5, 6, 7, 8].map((c) => `<rect x="${150 + c * 56}" y="${325 + r * 52}" width="44" height="40" rx="8" fill="${p.accent}" opacity="${0.6 + r * 0.15}"/>`).join('')).join('')}
     <rect x="260" y="480" width="280" height="24" rx="8" fill="${p.accent}"/>`,
  mouse: (p) =>
    `<rect x="300" y="200" width="200" height="380" rx="100" fill="${p.body}"/>
     <path d="M400 210 V330" stroke="${p.accent}" stroke-width="10"/><rect x="388" y="250" width="24" height="50" rx="12" fill="${p.accent}"/>`,
  monitor: (p) =>
    `<rect x="140" y="190" width="520" height="330" rx="20" fill="${p.body}"/>
     <rect x="165" y="215" width="470" height="280" rx="8" fill="${p.accent}"/>
     <path d="M165 420 L330 300 L430 390 L520 330 L635 430 V495 H165z" fill="#fff" opacity="0.35"/>
     <rect x="370" y="520" width="60" height="70" fill="${p.body}"/><rect x="290" y="585" width="220" height="24" rx="12" fill="${p.body}"/>`,
  plug: (p) =>
    `<rect x="270" y="230" width="260" height="340" rx="60" fill="${p.body}"/>
     <circle cx="400" cy="330" r="36" fill="${p.accent}"/>
     <rect x="350" y="430" width="22" height="60" rx="8" fill="#fff"/><rect x="428" y="430" width="22" height="60" rx="8" fill="#fff"/>`,
  bulb: (p) =>
    `<circle cx="400" cy="350" r="150" fill="${p.accent}"/><circle cx="360" cy="310" r="40" fill="#fff" opacity="0.5"/>
     <rect x="335" y="480" width="130" height="110" rx="20" fill="${p.body}"/>
     <rect x="335" y="510" width="130" height="10" fill="#fff" opacity="0.4"/><rect x="335" y="545" width="130" height="10" fill="#fff" opacity="0.4"/>`,
  camera: (p) =>
    `<rect x="200" y="260" width="400" height="260" rx="60" fill="${p.body}"/>
     <circle cx="400" cy="390" r="100" fill="${p.accent}"/><circle cx="400" cy="390" r="48" fill="${p.body}"/><circle cx="380" cy="370" r="14" fill="#fff"/>
     <rect x="360" y="520" width="80" height="70" fill="${p.body}"/>`,
  ring: (p) =>
    `<circle cx="400" cy="400" r="170" fill="none" stroke="${p.body}" stroke-width="70"/>
     <circle cx="400" cy="400" r="170" fill="none" stroke="${p.accent}" stroke-width="14" stroke-dasharray="60 40"/>`,
  phone: (p) =>
    `<rect x="290" y="150" width="220" height="500" rx="40" fill="${p.body}"/>
     <rect x="305" y="185" width="190" height="430" rx="24" fill="${p.accent}"/>
     <circle cx="400" cy="168" r="8" fill="#fff"/><rect x="330" y="540" width="140" height="40" rx="20" fill="#fff" opacity="0.5"/>`,
  tablet: (p) =>
    `<rect x="200" y="170" width="400" height="480" rx="36" fill="${p.body}"/>
     <rect x="225" y="200" width="350" height="420" rx="18" fill="${p.accent}"/>
     <path d="M225 520 L340 420 L420 490 L500 430 L575 500 V620 H225z" fill="#fff" opacity="0.35"/>`,
  charger: (p) =>
    `<rect x="290" y="260" width="220" height="280" rx="40" fill="${p.body}"/>
     <rect x="340" y="200" width="26" height="70" rx="8" fill="${p.body}"/><rect x="434" y="200" width="26" height="70" rx="8" fill="${p.body}"/>
     <path d="M410 320 L360 410 H410 L390 480 L450 380 H400z" fill="${p.accent}"/>`,
  laptop: (p) =>
    `<rect x="200" y="220" width="400" height="270" rx="18" fill="${p.body}"/>
     <rect x="222" y="242" width="356" height="226" rx="6" fill="${p.accent}"/>
     <path d="M140 500 H660 L620 560 H180z" fill="${p.body}"/><rect x="350" y="505" width="100" height="14" rx="7" fill="#fff" opacity="0.5"/>`,
  console: (p) =>
    `<rect x="170" y="300" width="460" height="220" rx="40" fill="${p.body}"/>
     <rect x="260" y="330" width="280" height="160" rx="12" fill="${p.accent}"/>
     <circle cx="215" cy="410" r="22" fill="#fff" opacity="0.7"/><circle cx="585" cy="390" r="14" fill="#fff" opacity="0.7"/><circle cx="585" cy="430" r="14" fill="#fff" opacity="0.7"/>`,
  controller: (p) =>
    `<path d="M260 300 H540 a120 120 0 0 1 110 170 l-40 90 a50 50 0 0 1 -80 10 l-60 -70 H330 l-60 70 a50 50 0 0 1 -80 -10 l-40 -90 A120 120 0 0 1 260 300z" fill="${p.body}"/>
     <rect x="250" y="380" width="80" height="24" rx="6" fill="${p.accent}"/><rect x="278" y="352" width="24" height="80" rx="6" fill="${p.accent}"/>
     <circle cx="520" cy="370" r="18" fill="${p.accent}"/><circle cx="560" cy="410" r="18" fill="${p.accent}"/><circle cx="480" cy="410" r="18" fill="${p.accent}"/>`,
};

/** The SVG of one picture; `variant` turns the palette and framing so each gallery image differs. */
export function productSvg(icon: IconKind, variant: number): string {
  const palette = PALETTES[variant % PALETTES.length]!;
  const scale = [1, 0.86, 1.08, 0.94, 1.02, 0.9][variant % PALETTES.length]!;
  const rotate = [0, -8, 6, 0, -4, 10][variant % PALETTES.length]!;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient></defs>
  <rect width="800" height="800" fill="url(#bg)"/>
  <ellipse cx="400" cy="680" rx="230" ry="26" fill="#000" opacity="0.08"/>
  <g transform="translate(400 400) rotate(${rotate}) scale(${scale}) translate(-400 -400)">${SHAPES[icon](palette)}</g>
</svg>`;
}

const renderCache = new Map<string, Promise<{ full: Buffer; preview: Buffer }>>();

/** Encodes each (icon, variant) picture once; products that share it get copies of the bytes. */
function render(icon: IconKind, variant: number): Promise<{ full: Buffer; preview: Buffer }> {
  const key = `${icon}:${variant % PALETTES.length}`;
  let rendered = renderCache.get(key);
  if (!rendered) {
    const svg = Buffer.from(productSvg(icon, variant));
    rendered = Promise.all([
      sharp(svg).webp({ quality: 80, effort: 2 }).toBuffer(),
      sharp(svg).resize(400, 400).webp({ quality: 78, effort: 2 }).toBuffer(),
    ]).then(([full, preview]) => ({ full, preview }));
    renderCache.set(key, rendered);
  }
  return rendered;
}

/** Writes {dir}/1..count.webp and {dir}/preview/1.webp, the layout the shops read (docs/product.md §3). */
export async function writeProductImages(
  dir: string,
  icon: IconKind,
  count: number,
  seed: number,
): Promise<void> {
  await fs.mkdir(path.join(dir, 'preview'), { recursive: true });
  for (let n = 1; n <= count; n += 1) {
    const { full, preview } = await render(icon, seed + n - 1);
    await fs.writeFile(path.join(dir, `${n}.webp`), full);
    if (n === 1) await fs.writeFile(path.join(dir, 'preview', '1.webp'), preview);
  }
}
