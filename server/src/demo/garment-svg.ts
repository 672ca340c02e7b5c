/**
 * Our own garment drawings for the demo catalog (docs/product.md#demo-catalog): an SVG of a
 * garment's silhouette filled with its fabric's colour and pattern, on a soft background.
 * No downloaded or copied images and no external fonts.
 *
 * Everything is drawn in a 300 × 400 design box (3:4, contract PRODUCT_IMAGE_ASPECT).
 * Fabric patterns are explicit shapes inside a clip path rather than SVG `<pattern>` fills:
 * librsvg (sharp's SVG renderer) paints `<pattern>` about ten times slower at 1280 px, and
 * the demo catalog is rendered at every first start.
 */

/** A point in the 300 × 400 design box. */
type Pt = readonly [number, number];

/** How the fabric is printed or woven. */
export type FabricPattern = 'plain' | 'stripes' | 'checks' | 'dots' | 'buttis' | 'floral' | 'paisley' | 'chevron' | 'leaves';

/** A fabric: base colour, the colour of its motifs, and the motif. Colours are `#rrggbb`. */
export interface Fabric {
  colour: string;
  accent: string;
  pattern: FabricPattern;
}

/** A band along an edge: gold zari, a temple border, white lace, thin piping, pearl beads. */
export type TrimStyle = 'zari' | 'temple' | 'lace' | 'piping' | 'beads';
/** Hand work around the neck and sleeves. */
export type HandWork = 'embroidery' | 'aari' | 'mirror' | 'stones';
export type Neck = 'round' | 'v' | 'square' | 'sweetheart' | 'boat' | 'pot' | 'high' | 'collar';
export type Sleeve = 'sleeveless' | 'cap' | 'short' | 'elbow' | 'three-quarter' | 'full' | 'puff' | 'bell' | 'frill';
export type BackNeck = 'deep-u' | 'square' | 'v' | 'keyhole' | 'plain';

/** The cut of a garment: which silhouette is drawn. */
export type GarmentShape =
  | { kind: 'blouse'; neck: Neck; sleeve: Sleeve; backNeck: BackNeck }
  | {
      kind: 'kurta';
      cut: 'straight' | 'short' | 'umbrella' | 'aliya' | 'gathered';
      neck: Neck;
      sleeve: Sleeve;
      pant: 'churidar' | 'straight' | 'palazzo';
      dupatta: boolean;
    }
  | {
      kind: 'frock';
      skirt: 'gather' | 'pleat' | 'ball' | 'tier' | 'flare';
      length: 'knee' | 'maxi';
      neck: Neck;
      sleeve: Sleeve;
      bow: boolean;
    }
  | { kind: 'pattupavadai'; style: 'classic' | 'half-saree' | 'short'; neck: Neck; sleeve: Sleeve }
  | { kind: 'pant'; cut: 'palazzo' | 'patiala' | 'semi-patiala' | 'gather' | 'straight' | 'cigarette' }
  | { kind: 'nightie'; neck: Neck; sleeve: Sleeve; frill: boolean; feeding: boolean };

/** How a garment is made up: main fabric, a second fabric, trims and hand work. */
export interface Look {
  fabric: Fabric;
  /** Second fabric: pant of a chudithar set, blouse of a pattupavadai, yoke, side panels, dupatta. */
  contrast?: Fabric;
  /** Band at the hems (skirt, sleeves, kurta). */
  border?: TrimStyle;
  /** Band at the neckline. */
  neckTrim?: TrimStyle;
  work?: HandWork;
}

/** Which picture of a product: the front, the back, or a close-up of its best detail. */
export type View = 'front' | 'back' | 'detail';

/**
 * A banner's picture (docs/product.md#entities Banner): its garments on a tone, and no words;
 * the banner's headline and line are page text over it (docs/product.md#home).
 */
export interface BannerArt {
  /** Background colour, `#rrggbb`; the page's light text goes over its left side. */
  tone: string;
  garments: { shape: GarmentShape; look: Look }[];
}

// ─── colours ────────────────────────────────────────────────────────────────────────────

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
/** `a` moved `t` (0…1) of the way to `b`. */
function mix(a: string, b: string, t: number): string {
  const [r1, g1, b1] = rgb(a);
  const [r2, g2, b2] = rgb(b);
  const c = (x: number, y: number) =>
    Math.round(x + (y - x) * t)
      .toString(16)
      .padStart(2, '0');
  return `#${c(r1, r2)}${c(g1, g2)}${c(b1, b2)}`;
}
const dark = (c: string, t: number) => mix(c, '#000000', t);
const light = (c: string, t: number) => mix(c, '#ffffff', t);
function luminance(c: string): number {
  const [r, g, b] = rgb(c);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

const GOLD = '#d6a93a';
const GOLD_LIGHT = '#f4d98b';
const GOLD_DARK = '#9b7421';

// ─── paths ──────────────────────────────────────────────────────────────────────────────

type Seg = { c: 'M' | 'L'; p: Pt } | { c: 'Q'; p1: Pt; p: Pt } | { c: 'C'; p1: Pt; p2: Pt; p: Pt };

const f = (n: number) => (Math.round(n * 10) / 10).toString();
const pt = (p: Pt) => `${f(p[0])} ${f(p[1])}`;

/** An open or closed path built from absolute segments, so it can be sampled and mirrored. */
class Path {
  readonly segs: Seg[] = [];
  closed = false;
  M(x: number, y: number): this {
    this.segs.push({ c: 'M', p: [x, y] });
    return this;
  }
  L(x: number, y: number): this {
    this.segs.push({ c: 'L', p: [x, y] });
    return this;
  }
  Q(x1: number, y1: number, x: number, y: number): this {
    this.segs.push({ c: 'Q', p1: [x1, y1], p: [x, y] });
    return this;
  }
  C(x1: number, y1: number, x2: number, y2: number, x: number, y: number): this {
    this.segs.push({ c: 'C', p1: [x1, y1], p2: [x2, y2], p: [x, y] });
    return this;
  }
  /** Append another path's segments, turning its leading M into an L. */
  join(other: Path): this {
    other.segs.forEach((s, i) => this.segs.push(i === 0 && s.c === 'M' ? { c: 'L', p: s.p } : s));
    return this;
  }
  Z(): this {
    this.closed = true;
    return this;
  }
  get d(): string {
    const parts = this.segs.map((s) => {
      if (s.c === 'Q') return `Q${pt(s.p1)} ${pt(s.p)}`;
      if (s.c === 'C') return `C${pt(s.p1)} ${pt(s.p2)} ${pt(s.p)}`;
      return `${s.c}${pt(s.p)}`;
    });
    return parts.join('') + (this.closed ? 'Z' : '');
  }
  /** Mirror across the vertical centre line x = 150. */
  mirrored(): Path {
    const m = (p: Pt): Pt => [300 - p[0], p[1]];
    const out = new Path();
    for (const s of this.segs) {
      if (s.c === 'Q') out.segs.push({ c: 'Q', p1: m(s.p1), p: m(s.p) });
      else if (s.c === 'C') out.segs.push({ c: 'C', p1: m(s.p1), p2: m(s.p2), p: m(s.p) });
      else out.segs.push({ c: s.c, p: m(s.p) });
    }
    out.closed = this.closed;
    return out;
  }
  /** The same curve walked from its end to its start (open paths only). */
  reversed(): Path {
    const out = new Path();
    const last = this.segs[this.segs.length - 1];
    if (!last) return out;
    out.M(last.p[0], last.p[1]);
    for (let i = this.segs.length - 1; i > 0; i--) {
      const s = this.segs[i]!;
      const start = this.segs[i - 1]!.p;
      if (s.c === 'Q') out.Q(s.p1[0], s.p1[1], start[0], start[1]);
      else if (s.c === 'C') out.C(s.p2[0], s.p2[1], s.p1[0], s.p1[1], start[0], start[1]);
      else out.L(start[0], start[1]);
    }
    return out;
  }
  /** Every control and end point, for a bounding box. */
  points(): Pt[] {
    return this.segs.flatMap((s) => (s.c === 'Q' ? [s.p1, s.p] : s.c === 'C' ? [s.p1, s.p2, s.p] : [s.p]));
  }
  /**
   * Points about `step` apart along the path with the unit normal on the side `side`
   * (+1: left of the walking direction in screen coordinates, i.e. (ty, −tx)).
   */
  sample(step: number, side: 1 | -1): { x: number; y: number; nx: number; ny: number; angle: number }[] {
    const fine: Pt[] = [];
    let cur: Pt = [0, 0];
    for (const s of this.segs) {
      if (s.c === 'M') {
        cur = s.p;
        fine.push(cur);
        continue;
      }
      const a = cur;
      for (let i = 1; i <= 24; i++) {
        const t = i / 24;
        const u = 1 - t;
        if (s.c === 'L') fine.push([a[0] + (s.p[0] - a[0]) * t, a[1] + (s.p[1] - a[1]) * t]);
        else if (s.c === 'Q')
          fine.push([u * u * a[0] + 2 * u * t * s.p1[0] + t * t * s.p[0], u * u * a[1] + 2 * u * t * s.p1[1] + t * t * s.p[1]]);
        else if (s.c === 'C')
          fine.push([
            u * u * u * a[0] + 3 * u * u * t * s.p1[0] + 3 * u * t * t * s.p2[0] + t * t * t * s.p[0],
            u * u * u * a[1] + 3 * u * u * t * s.p1[1] + 3 * u * t * t * s.p2[1] + t * t * t * s.p[1],
          ]);
      }
      cur = s.p;
    }
    const out: { x: number; y: number; nx: number; ny: number; angle: number }[] = [];
    let travelled = step / 2;
    for (let i = 1; i < fine.length; i++) {
      const [x0, y0] = fine[i - 1]!;
      const [x1, y1] = fine[i]!;
      const len = Math.hypot(x1 - x0, y1 - y0);
      if (len === 0) continue;
      const tx = (x1 - x0) / len;
      const ty = (y1 - y0) / len;
      while (travelled <= len) {
        out.push({
          x: x0 + tx * travelled,
          y: y0 + ty * travelled,
          nx: ty * side,
          ny: -tx * side,
          angle: (Math.atan2(ty, tx) * 180) / Math.PI,
        });
        travelled += step;
      }
      travelled -= len;
    }
    return out;
  }
}

const path = () => new Path();

function bbox(paths: Path[], pad = 4): { x: number; y: number; w: number; h: number } {
  const all = paths.flatMap((p) => p.points());
  const xs = all.map((p) => p[0]);
  const ys = all.map((p) => p[1]);
  const x = Math.min(...xs) - pad;
  const y = Math.min(...ys) - pad;
  return { x, y, w: Math.max(...xs) + pad - x, h: Math.max(...ys) + pad - y };
}

// ─── the drawing context ────────────────────────────────────────────────────────────────

/** Collects `<defs>` and gives each definition an id unique in the document. */
class Canvas {
  private n = 0;
  readonly defs: string[] = [];
  constructor(private readonly prefix: string) {}
  id(name: string): string {
    this.n += 1;
    return `${this.prefix}${name}${this.n}`;
  }
  clip(p: Path | Path[]): string {
    const id = this.id('k');
    const list = Array.isArray(p) ? p : [p];
    this.defs.push(`<clipPath id="${id}">${list.map((x) => `<path d="${x.d}"/>`).join('')}</clipPath>`);
    return id;
  }
}

/** The repeat of one fabric pattern over a box: explicit shapes, clipped by the caller. */
function fabricMotifs(canvas: Canvas, fabric: Fabric, box: { x: number; y: number; w: number; h: number }): string {
  const { accent, colour, pattern } = fabric;
  const grid = (step: number, rowStep: number, halfDrop: boolean, href: string) => {
    const out: string[] = [];
    const x0 = Math.floor(box.x / step) * step;
    const y0 = Math.floor(box.y / rowStep) * rowStep;
    for (let y = y0, row = Math.floor(box.y / rowStep); y <= box.y + box.h + rowStep; y += rowStep, row++) {
      const shift = halfDrop && row % 2 !== 0 ? step / 2 : 0;
      for (let x = x0 - step; x <= box.x + box.w + step; x += step) {
        out.push(`<use href="#${href}" x="${f(x + shift)}" y="${f(y)}"/>`);
      }
    }
    return out.join('');
  };
  const motif = (svg: string) => {
    const id = canvas.id('m');
    canvas.defs.push(`<g id="${id}">${svg}</g>`);
    return id;
  };
  switch (pattern) {
    case 'plain':
      return '';
    case 'stripes': {
      const out: string[] = [];
      for (let x = Math.floor(box.x / 11) * 11; x < box.x + box.w; x += 11) {
        out.push(`<rect x="${f(x)}" y="${f(box.y)}" width="3.4" height="${f(box.h)}" fill="${accent}"/>`);
        out.push(`<rect x="${f(x + 6.4)}" y="${f(box.y)}" width="0.9" height="${f(box.h)}" fill="${accent}" fill-opacity="0.7"/>`);
      }
      return out.join('');
    }
    case 'checks': {
      const out: string[] = [];
      for (let x = Math.floor(box.x / 16) * 16; x < box.x + box.w; x += 16) {
        out.push(`<rect x="${f(x)}" y="${f(box.y)}" width="5" height="${f(box.h)}" fill="${accent}" fill-opacity="0.45"/>`);
        out.push(`<rect x="${f(x + 9)}" y="${f(box.y)}" width="0.9" height="${f(box.h)}" fill="${accent}" fill-opacity="0.6"/>`);
      }
      for (let y = Math.floor(box.y / 16) * 16; y < box.y + box.h; y += 16) {
        out.push(`<rect x="${f(box.x)}" y="${f(y)}" width="${f(box.w)}" height="5" fill="${accent}" fill-opacity="0.45"/>`);
        out.push(`<rect x="${f(box.x)}" y="${f(y + 9)}" width="${f(box.w)}" height="0.9" fill="${accent}" fill-opacity="0.6"/>`);
      }
      return out.join('');
    }
    case 'dots':
      return grid(10, 9, true, motif(`<circle r="1.7" fill="${accent}"/>`));
    case 'buttis':
      return grid(
        20,
        18,
        true,
        motif(
          `<path d="M0 3.6C-3 3.6-3.4 0-1.9-1.9C-0.8-3.4 1.4-4.2 2.4-5.6C2.8-3.4 3.3-1.3 3 0.8C2.6 2.8 1.5 3.6 0 3.6Z" fill="${accent}"/>` +
            `<circle cx="0.2" cy="0.9" r="0.9" fill="${colour}"/>`,
        ),
      );
    case 'floral': {
      const petal = light(accent, 0.15);
      const leaf = mix(colour, '#2f6b3a', 0.55);
      const petals = [0, 72, 144, 216, 288]
        .map((a) => `<ellipse cy="-2.7" rx="1.6" ry="2.5" fill="${petal}" transform="rotate(${a})"/>`)
        .join('');
      return grid(
        24,
        20,
        true,
        motif(
          `<path d="M1.5 2.5Q6 3 7.5 6.5Q3.5 6.5 1.5 2.5Z" fill="${leaf}"/><path d="M-1.5 2.5Q-6 3-7 6Q-3 6.4-1.5 2.5Z" fill="${leaf}"/>` +
            `${petals}<circle r="1.3" fill="${GOLD_LIGHT}"/>`,
        ),
      );
    }
    case 'paisley':
      return grid(
        28,
        24,
        true,
        motif(
          `<path d="M0 6C-5 6-5.8 0-3.2-3.2C-1.4-5.6 2.4-7 4-9.4C4.8-5.6 5.6-2.2 5-1.4C4.4 3.2 2.6 6 0 6Z" fill="${accent}"/>` +
            `<path d="M0 3.6C-2.6 3.6-3-0.4-1.2-1.8C0-2.8 1.6-3.4 2.6-4.8C2.8-2.6 3-1 2.6 0.6C2.2 2.4 1.2 3.6 0 3.6Z" fill="${colour}"/>` +
            `<circle cx="0.2" cy="1" r="1.1" fill="${accent}"/>`,
        ),
      );
    case 'chevron': {
      const out: string[] = [];
      for (let y = Math.floor(box.y / 9) * 9; y < box.y + box.h + 9; y += 9) {
        let d = `M${f(box.x - 8)} ${f(y)}`;
        for (let x = box.x - 8, up = true; x < box.x + box.w + 8; x += 6, up = !up) d += `L${f(x + 6)} ${f(up ? y - 4 : y)}`;
        out.push(`<path d="${d}" fill="none" stroke="${accent}" stroke-width="1.6"/>`);
      }
      return out.join('');
    }
    case 'leaves': {
      const leaf = motif(`<path d="M0-5Q4-1 0 5Q-4-1 0-5Z" fill="${accent}"/><path d="M0-4L0 4.5" stroke="${colour}" stroke-width="0.5"/>`);
      return grid(16, 16, true, leaf);
    }
  }
}

interface PieceOptions {
  /** Extra markup drawn over the fabric, inside the piece's clip (trims, fold lines). */
  inside?: string;
  /** Outline colour; defaults to a darker shade of the fabric. */
  outline?: string;
  /** 'round' for skirts and sleeves that catch light in the middle. */
  shade?: 'across' | 'none';
  opacity?: number;
}

/**
 * One piece of cloth: its fabric clipped to its outline, folds and trims inside, then soft
 * shading (darker at the sides, as on a body) and a thin outline.
 */
function piece(canvas: Canvas, outline: Path, fabric: Fabric, options: PieceOptions = {}): string {
  const clip = canvas.clip(outline);
  const box = bbox([outline]);
  const shading =
    options.shade === 'none' ? '' : `<rect x="${f(box.x)}" y="${f(box.y)}" width="${f(box.w)}" height="${f(box.h)}" fill="url(#shadeX)"/>`;
  const stroke = options.outline ?? dark(fabric.colour, 0.45);
  const opacity = options.opacity === undefined ? '' : ` opacity="${options.opacity}"`;
  return (
    `<g${opacity}><g clip-path="url(#${clip})"><rect x="${f(box.x)}" y="${f(box.y)}" width="${f(box.w)}" height="${f(box.h)}" fill="${fabric.colour}"/>` +
    fabricMotifs(canvas, fabric, box) +
    (options.inside ?? '') +
    shading +
    `</g><path d="${outline.d}" fill="none" stroke="${stroke}" stroke-width="1.1" stroke-linejoin="round" stroke-opacity="0.8"/></g>`
  );
}

/** Fold and seam lines: darker strokes that follow the drape. */
function folds(lines: Path[], fabric: Fabric, width = 1.2, opacity = 0.22): string {
  const colour = dark(fabric.colour, 0.55);
  return lines
    .map(
      (l) => `<path d="${l.d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-opacity="${opacity}" stroke-linecap="round"/>`,
    )
    .join('');
}

/** A highlight line beside each fold, as light catching the raised side of a pleat. */
function highlights(lines: Path[], dx = 2.2): string {
  return lines
    .map(
      (l) =>
        `<path d="${l.d}" transform="translate(${dx} 0)" fill="none" stroke="#ffffff" stroke-width="1.4" stroke-opacity="0.12" stroke-linecap="round"/>`,
    )
    .join('');
}

/**
 * A band along an edge of a piece, drawn as strokes centred on the edge: the caller clips
 * them to the piece, so only the inner half shows. Widths are in design units.
 */
function trimBand(edge: Path, style: TrimStyle, fabric: Fabric, scale = 1): string {
  const s = (layers: [number, string, string?][]) =>
    layers
      .map(
        ([w, colour, dash]) =>
          `<path d="${edge.d}" fill="none" stroke="${colour}" stroke-width="${f(w * 2 * scale)}"${dash ? ` stroke-dasharray="${dash}"` : ''} stroke-linejoin="round"/>`,
      )
      .join('');
  const deep = dark(fabric.colour, 0.35);
  switch (style) {
    case 'zari':
      return s([
        [8, GOLD_DARK],
        [7.2, GOLD],
        [5.2, deep, `${f(2 * scale)} ${f(2.2 * scale)}`],
        [3.8, GOLD],
        [1.3, GOLD_LIGHT],
      ]);
    case 'temple':
      return s([
        [13, GOLD_DARK],
        [12, GOLD],
        [9.5, deep, `${f(4 * scale)} ${f(3 * scale)}`],
        [6.5, GOLD],
        [5, GOLD_LIGHT, `${f(1 * scale)} ${f(2 * scale)}`],
        [3, GOLD],
        [1.2, GOLD_DARK],
      ]);
    case 'piping':
      return s([[1.8, fabric.accent]]);
    case 'beads':
      return s([
        [4, GOLD],
        [2.6, '#f7f2e6', `${f(0.1)} ${f(2.4 * scale)}`],
        [1.2, GOLD],
      ]);
    case 'lace':
      return s([[1.4, '#fbfaf6']]);
  }
}

/** White lace scallops hanging just outside an edge (drawn without the piece's clip). */
function laceOutside(edge: Path, scale = 1): string {
  return (
    `<path d="${edge.d}" fill="none" stroke="#fbfaf6" stroke-width="${f(5.5 * scale)}" stroke-dasharray="0 ${f(5 * scale)}" stroke-linecap="round"/>` +
    `<path d="${edge.d}" fill="none" stroke="#d9d5cc" stroke-width="${f(0.6 * scale)}"/>`
  );
}

/** Hand work placed along an edge (neck or sleeve hem); `side` points into the cloth. */
function handWork(canvas: Canvas, edge: Path, side: 1 | -1, work: HandWork, fabric: Fabric, scale = 1): string {
  const out: string[] = [];
  const at = (step: number, offset: number) =>
    edge.sample(step * scale, side).map((p) => ({ ...p, x: p.x + p.nx * offset * scale, y: p.y + p.ny * offset * scale }));
  const use = (id: string, x: number, y: number, angle: number) =>
    `<use href="#${id}" transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)}) scale(${scale})"/>`;
  const def = (svg: string) => {
    const id = canvas.id('w');
    canvas.defs.push(`<g id="${id}">${svg}</g>`);
    return id;
  };
  switch (work) {
    case 'aari': {
      const stone = def(
        `<circle r="1.9" fill="${fabric.accent === GOLD ? '#c2185b' : fabric.accent}" stroke="${GOLD_LIGHT}" stroke-width="0.7"/><circle cx="-0.6" cy="-0.6" r="0.5" fill="#fff" fill-opacity="0.8"/>`,
      );
      const mango = def(
        `<path d="M0 3.2C-2.7 3.2-3-0.2-1.7-1.7C-0.7-3 1.2-3.7 2.1-5C2.5-3 2.9-1.1 2.6 0.7C2.3 2.5 1.3 3.2 0 3.2Z" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="0.4"/><circle cx="0.2" cy="0.7" r="0.8" fill="${GOLD_LIGHT}"/>`,
      );
      const bead = def(`<circle r="0.9" fill="${GOLD_LIGHT}"/>`);
      for (const p of at(2.6, 4.5)) out.push(use(bead, p.x, p.y, 0));
      for (const p of at(6.5, 8.5)) out.push(use(stone, p.x, p.y, 0));
      for (const p of at(11, 15)) out.push(use(mango, p.x, p.y, p.angle + 90 * side));
      for (const p of at(2.6, 20.5)) out.push(use(bead, p.x, p.y, 0));
      break;
    }
    case 'embroidery': {
      const threads = ['#e85d75', '#f2b134', '#ffffff', '#6cc3d5'];
      const leaf = mix(fabric.colour === '#2f6b3a' ? '#9ccc65' : '#2f8f4e', fabric.colour, 0.15);
      const flowers = threads.map((t) =>
        def(
          [0, 60, 120, 180, 240, 300].map((a) => `<ellipse cy="-2.4" rx="1.1" ry="2.2" fill="${t}" transform="rotate(${a})"/>`).join('') +
            `<circle r="1.1" fill="${GOLD_LIGHT}"/>`,
        ),
      );
      const leaves = def(`<path d="M0 0Q3-3 6-1Q3 1 0 0Z" fill="${leaf}"/><path d="M0 0Q-3-3-6-1Q-3 1 0 0Z" fill="${leaf}"/>`);
      const vine = `stroke="${leaf}" stroke-width="${f(0.8 * scale)}" fill="none"`;
      out.push(`<path d="${edge.d}" ${vine} transform="translate(0 0)"/>`);
      at(12, 9).forEach((p, i) => {
        out.push(use(leaves, p.x, p.y + 3 * scale, p.angle));
        out.push(use(flowers[i % flowers.length]!, p.x, p.y, 0));
      });
      for (const p of at(3, 3)) out.push(`<circle cx="${f(p.x)}" cy="${f(p.y)}" r="${f(0.6 * scale)}" fill="${GOLD_LIGHT}"/>`);
      break;
    }
    case 'mirror': {
      const mirror = def(
        `<circle r="2.6" fill="#cfd6de" stroke="${fabric.accent}" stroke-width="1"/><circle cx="-0.7" cy="-0.7" r="0.9" fill="#ffffff"/>`,
      );
      const stitch = def(`<path d="M-2 0L2 0M0-2L0 2" stroke="${fabric.accent}" stroke-width="0.8"/>`);
      at(9, 7).forEach((p) => out.push(use(mirror, p.x, p.y, 0)));
      at(9, 13).forEach((p) => out.push(use(stitch, p.x, p.y, 45)));
      break;
    }
    case 'stones': {
      const stone = def(
        `<circle r="1.5" fill="#f8f8ff" stroke="#b9c2cc" stroke-width="0.5"/><circle cx="-0.4" cy="-0.4" r="0.5" fill="#fff"/>`,
      );
      at(4, 4).forEach((p) => out.push(use(stone, p.x, p.y, 0)));
      at(8, 9).forEach((p) => out.push(use(stone, p.x, p.y, 0)));
      break;
    }
  }
  return out.join('');
}

// ─── parts ──────────────────────────────────────────────────────────────────────────────

/**
 * A neckline from the right neck point to the left one (the cloth lies outside the curve).
 * `top` is the shoulder-seam height, `hw` the half width at the top, `depth` how deep.
 */
function neckEdge(neck: Neck | BackNeck, top: number, hw: number, depth: number): Path {
  const R = 150 + hw;
  const L = 150 - hw;
  const p = path().M(R, top);
  switch (neck) {
    case 'v':
      return p.Q(R - 2, top + depth * 0.45, 150, top + depth).Q(L + 2, top + depth * 0.45, L, top);
    case 'square':
      return p
        .L(R - 1, top + depth - 4)
        .Q(R - 1, top + depth, R - 5, top + depth)
        .L(L + 5, top + depth)
        .Q(L + 1, top + depth, L + 1, top + depth - 4)
        .L(L, top);
    case 'sweetheart':
      return p
        .C(R, top + depth * 0.7, 150 + hw * 0.9, top + depth, 150 + hw * 0.45, top + depth)
        .Q(150 + hw * 0.1, top + depth, 150, top + depth * 0.8)
        .Q(150 - hw * 0.1, top + depth, 150 - hw * 0.45, top + depth)
        .C(150 - hw * 0.9, top + depth, L, top + depth * 0.7, L, top);
    case 'boat':
      return p.Q(150, top + depth * 2, L, top);
    case 'pot':
      return p
        .C(R - 2, top + depth * 0.3, 150 + hw * 1.05, top + depth * 0.5, 150 + hw * 0.78, top + depth * 0.8)
        .Q(150, top + depth * 1.18, 150 - hw * 0.78, top + depth * 0.8)
        .C(150 - hw * 1.05, top + depth * 0.5, L + 2, top + depth * 0.3, L, top);
    case 'keyhole':
      return p
        .C(R, top + depth * 0.25, 150 + hw * 0.5, top + depth * 0.3, 150 + 3, top + depth * 0.35)
        .C(150 + hw * 0.8, top + depth * 0.55, 150 + hw * 0.55, top + depth, 150, top + depth)
        .C(150 - hw * 0.55, top + depth, 150 - hw * 0.8, top + depth * 0.55, 150 - 3, top + depth * 0.35)
        .C(150 - hw * 0.5, top + depth * 0.3, L, top + depth * 0.25, L, top);
    case 'deep-u':
    case 'round':
    case 'high':
    case 'collar':
    case 'plain':
      return p
        .C(R, top + depth * 0.75, 150 + hw * 0.55, top + depth, 150, top + depth)
        .C(150 - hw * 0.55, top + depth, L, top + depth * 0.75, L, top);
  }
}

/** Neck depth and half width (design units) of each neck style on an adult top. */
const NECK_SIZE: Record<Neck | BackNeck, [number, number]> = {
  round: [26, 40],
  v: [24, 52],
  square: [26, 40],
  sweetheart: [30, 40],
  boat: [40, 12],
  pot: [26, 46],
  high: [20, 16],
  collar: [18, 12],
  'deep-u': [32, 96],
  keyhole: [24, 70],
  plain: [22, 22],
};

interface SleeveGeo {
  outline: Path;
  hem: Path;
  folds: Path[];
}

/**
 * The left sleeve hanging from shoulder point `S` to underarm `U`; `k` scales lengths
 * (1 for an adult blouse). Mirror it for the right sleeve.
 */
function sleeveGeo(kind: Sleeve, S: Pt, U: Pt, k: number): SleeveGeo | undefined {
  const spec: Record<Exclude<Sleeve, 'sleeveless'>, { a: number; len: number; w: number }> = {
    cap: { a: 40, len: 34, w: 44 },
    short: { a: 28, len: 76, w: 36 },
    puff: { a: 30, len: 62, w: 40 },
    frill: { a: 30, len: 66, w: 40 },
    elbow: { a: 22, len: 128, w: 30 },
    bell: { a: 20, len: 126, w: 50 },
    'three-quarter': { a: 17, len: 168, w: 26 },
    full: { a: 13, len: 214, w: 22 },
  };
  if (kind === 'sleeveless') return undefined;
  const { a: angle, len, w } = spec[kind];
  // Hang more steeply when a long sleeve would leave the picture.
  const reach = Math.max(S[0] - 12, 1);
  const a = Math.min(angle, (Math.asin(Math.min(1, reach / (len * k))) * 180) / Math.PI);
  const rad = (a * Math.PI) / 180;
  const d: Pt = [-Math.sin(rad), Math.cos(rad)];
  const p: Pt = [Math.cos(rad), Math.sin(rad)];
  // …and end above the bottom of the picture.
  const L = Math.min(len * k, (384 - S[1]) / d[1]);
  const W = w * k;
  const O: Pt = [S[0] + d[0] * L, S[1] + d[1] * L];
  const I: Pt = [O[0] + p[0] * W, O[1] + p[1] * W];
  const outline = path().M(S[0], S[1]);
  if (kind === 'puff') {
    outline.C(S[0] - 30 * k, S[1] - 8 * k, O[0] - 22 * k, O[1] - 30 * k, O[0], O[1]);
  } else if (kind === 'bell') {
    outline.C(S[0] + d[0] * L * 0.4 + 3 * k, S[1] + d[1] * L * 0.4, O[0] + 8 * k, O[1] - 30 * k, O[0], O[1]);
  } else {
    outline.C(
      S[0] + d[0] * L * 0.33 - p[0] * 3 * k,
      S[1] + d[1] * L * 0.33 - p[1] * 3 * k,
      S[0] + d[0] * L * 0.7 - p[0] * 1.5 * k,
      S[1] + d[1] * L * 0.7 - p[1] * 1.5 * k,
      O[0],
      O[1],
    );
  }
  const hemMid: Pt = [(O[0] + I[0]) / 2 + d[0] * 4 * k, (O[1] + I[1]) / 2 + d[1] * 4 * k];
  const curve = kind === 'bell' || kind === 'frill' ? 9 : 3;
  const hemCtl: Pt = [hemMid[0] + d[0] * curve * k, hemMid[1] + d[1] * curve * k];
  outline.Q(hemCtl[0], hemCtl[1], I[0], I[1]);
  outline.C(I[0] - d[0] * L * 0.25, I[1] - d[1] * L * 0.25, U[0] - 4 * k, U[1] + 12 * k, U[0], U[1]);
  outline.C(U[0] + 6 * k, U[1] - 20 * k, S[0] + 8 * k, S[1] + 20 * k, S[0], S[1]).Z();
  const hem = path().M(O[0], O[1]).Q(hemCtl[0], hemCtl[1], I[0], I[1]);
  const fold: Path[] = [];
  if (kind === 'puff') {
    for (const t of [0.25, 0.45, 0.65]) {
      const x = O[0] + (I[0] - O[0]) * t;
      const y = O[1] + (I[1] - O[1]) * t;
      fold.push(
        path()
          .M(S[0] - 6 * k + t * 14 * k, S[1] + 6 * k)
          .Q(x - 8 * k, (S[1] + y) / 2, x, y - 2 * k),
      );
    }
  } else {
    const mid: Pt = [(S[0] + O[0]) / 2 + p[0] * W * 0.45, (S[1] + O[1]) / 2 + p[1] * W * 0.45];
    fold.push(
      path()
        .M(mid[0] - d[0] * L * 0.2, mid[1] - d[1] * L * 0.2)
        .L(mid[0] + d[0] * L * 0.25, mid[1] + d[1] * L * 0.25),
    );
  }
  return { outline, hem, folds: fold };
}

/** A sleeve pair drawn with its trims, hand work and (puff) cuff. */
function drawSleeves(canvas: Canvas, kind: Sleeve, S: Pt, U: Pt, k: number, fabric: Fabric, look: Look): string {
  const geo = sleeveGeo(kind, S, U, k);
  if (!geo) return '';
  const out: string[] = [];
  for (const mirror of [false, true]) {
    const outline = mirror ? geo.outline.mirrored() : geo.outline;
    const hem = mirror ? geo.hem.mirrored() : geo.hem;
    const fl = geo.folds.map((x) => (mirror ? x.mirrored() : x));
    let inside = folds(fl, fabric);
    if (kind === 'puff') inside += trimBand(hem, look.border === 'zari' || look.border === 'temple' ? 'zari' : 'piping', fabric, k * 0.9);
    else if (look.border)
      inside += trimBand(hem, look.border === 'lace' ? 'piping' : look.border, fabric, k * (look.border === 'temple' ? 0.7 : 0.9));
    if (look.work === 'aari' || look.work === 'embroidery' || look.work === 'mirror') {
      inside += handWork(canvas, hem, mirror ? 1 : -1, look.work, fabric, k * 0.85);
    }
    out.push(piece(canvas, outline, fabric, { inside }));
    if (kind === 'frill' || look.border === 'lace') out.push(laceOutside(hem, k));
  }
  return out.join('');
}

/** A wooden hanger behind a garment whose shoulders sit at `y`, hook above `top`. */
function hanger(y: number, halfWidth: number): string {
  const hookTop = y - 44;
  return (
    `<path d="M150 ${y - 12}L150 ${hookTop + 16}C150 ${hookTop + 8} 160 ${hookTop + 8} 160 ${hookTop}C160 ${hookTop - 9} 150 ${hookTop - 13} 143 ${hookTop - 9}C139 ${hookTop - 7} 138 ${hookTop - 3} 139 ${hookTop}" fill="none" stroke="#8d929a" stroke-width="2.6" stroke-linecap="round"/>` +
    `<path d="M150 ${y - 16}L${150 - halfWidth} ${y + 8}Q${150 - halfWidth - 6} ${y + 12} ${150 - halfWidth + 2} ${y + 14}L${150 + halfWidth - 2} ${y + 14}Q${150 + halfWidth + 6} ${y + 12} ${150 + halfWidth} ${y + 8}Z" fill="#b07a45" stroke="#7a5230" stroke-width="1"/>` +
    `<circle cx="150" cy="${y - 13}" r="3" fill="#7a5230"/>`
  );
}

/** A clip hanger for pants: a bar with two clips at the waistband. */
function clipHanger(y: number): string {
  return (
    `<path d="M150 ${y - 8}L150 ${y - 30}C150 ${y - 38} 160 ${y - 38} 160 ${y - 46}C160 ${y - 55} 150 ${y - 59} 143 ${y - 55}C139 ${y - 53} 138 ${y - 49} 139 ${y - 46}" fill="none" stroke="#8d929a" stroke-width="2.6" stroke-linecap="round"/>` +
    `<rect x="84" y="${y - 10}" width="132" height="6" rx="3" fill="#3b3f46"/>` +
    [104, 184]
      .map(
        (x) =>
          `<rect x="${x}" y="${y - 6}" width="12" height="18" rx="2" fill="#4a4f57"/><rect x="${x + 2}" y="${y + 8}" width="8" height="4" fill="#6b7079"/>`,
      )
      .join('')
  );
}

/** Soft oval shadow on the floor under a standing garment. */
function floorShadow(y: number, hw: number): string {
  return `<ellipse cx="150" cy="${y}" rx="${hw}" ry="${f(hw * 0.12)}" fill="url(#floor)"/>`;
}

/** A drop shadow: the silhouette offset down-right at low opacity. */
function dropShadow(outlines: Path[]): string {
  return `<g transform="translate(5 7)" fill="#3a2a1a" fill-opacity="0.07">${outlines.map((o) => `<path d="${o.d}"/>`).join('')}</g>`;
}

// ─── garments ───────────────────────────────────────────────────────────────────────────

interface Drawn {
  svg: string;
  /** Centre of the detail close-up and its zoom. */
  focus: [number, number, number];
}

/** A fitted top: body, neck (front or back), sleeves; used by blouses, frocks, pattupavadai. */
function topPiece(
  canvas: Canvas,
  o: {
    neck: Neck | BackNeck;
    sleeve: Sleeve;
    back: boolean;
    /** Shoulder-seam height at the neck and half width of the neck. */
    top: number;
    k: number;
    /** Bottom edge height at the sides and centre. */
    bottom: number;
    bottomDip: number;
    /** Half widths: shoulder, underarm, bottom. */
    shoulder: number;
    chest: number;
    waist: number;
    fabric: Fabric;
    look: Look;
    darts: boolean;
    /** Extra markup inside the body's clip. */
    inside?: string;
  },
): { svg: string; neck: Path; outline: Path; S: Pt; U: Pt } {
  const { top, k } = o;
  const [depth0, hw0] = NECK_SIZE[o.neck];
  const hw = (o.neck === 'boat' ? 44 : 26) * k;
  const depth = (o.back ? hw0 : depth0 + 14) * k;
  const neckHw = o.back && o.neck === 'deep-u' ? 30 * k : hw;
  const shoulderDrop = 14 * k;
  const S: Pt = [150 - o.shoulder, top + shoulderDrop];
  const U: Pt = [150 - o.chest, top + 68 * k];
  const neck = neckEdge(o.neck, top, neckHw, depth);
  const body = path()
    .M(150 - neckHw, top)
    .L(S[0], S[1])
    .C(S[0], S[1] + 22 * k, U[0] - 2, U[1] - 26 * k, U[0], U[1])
    .C(U[0] + 4, U[1] + 40 * k, 150 - o.waist - 1, o.bottom - 40 * k, 150 - o.waist, o.bottom)
    .Q(150, o.bottom + o.bottomDip, 150 + o.waist, o.bottom)
    .C(150 + o.waist + 1, o.bottom - 40 * k, 300 - U[0] - 4, U[1] + 40 * k, 300 - U[0], U[1])
    .C(300 - U[0] + 2, U[1] - 26 * k, 300 - S[0], S[1] + 22 * k, 300 - S[0], S[1])
    .L(150 + neckHw, top)
    .join(neck)
    .Z();
  const neckIsRightToLeft = neck;
  const lines: Path[] = [];
  if (o.darts) {
    lines.push(
      path()
        .M(150 - o.chest * 0.55, U[1] + 30 * k)
        .L(150 - o.waist * 0.62, o.bottom + 2),
    );
    lines.push(
      path()
        .M(150 + o.chest * 0.55, U[1] + 30 * k)
        .L(150 + o.waist * 0.62, o.bottom + 2),
    );
    lines.push(
      path()
        .M(U[0] + 2, U[1] + 22 * k)
        .L(150 - o.chest * 0.55, U[1] + 30 * k),
    );
    lines.push(
      path()
        .M(300 - U[0] - 2, U[1] + 22 * k)
        .L(150 + o.chest * 0.55, U[1] + 30 * k),
    );
  }
  let inside = folds(lines, o.fabric, 0.9, 0.35) + (o.inside ?? '');
  if (o.back) {
    // Hooks down the centre back of a shallow back neck.
    const neckBottom = top + depth;
    if (neckBottom < o.bottom - 30) {
      inside += folds(
        [
          path()
            .M(150, neckBottom)
            .L(150, o.bottom + o.bottomDip),
        ],
        o.fabric,
        0.8,
        0.5,
      );
      for (let y = neckBottom + 10; y < o.bottom - 4; y += 14)
        inside += `<rect x="148.5" y="${f(y)}" width="3" height="2" fill="#9aa0a6"/>`;
    }
  } else if (o.darts) {
    const neckBottom = top + depth;
    inside += folds(
      [
        path()
          .M(150, neckBottom)
          .L(150, o.bottom + o.bottomDip),
      ],
      o.fabric,
      0.8,
      0.5,
    );
  }
  if (o.look.neckTrim) inside += trimBand(neckIsRightToLeft, o.look.neckTrim, o.fabric, k);
  if (o.look.work) inside += handWork(canvas, neckIsRightToLeft, 1, o.look.work, o.fabric, k);
  const bottomEdge = path()
    .M(150 - o.waist, o.bottom)
    .Q(150, o.bottom + o.bottomDip, 150 + o.waist, o.bottom);
  if (o.look.border && o.look.border !== 'lace')
    inside += trimBand(bottomEdge, o.look.border === 'temple' ? 'zari' : o.look.border, o.fabric, k * 0.6);
  // The inside of the garment seen through the neck opening, below the other side's neckline.
  const inner = path()
    .join(neck)
    .Q(150, top + 9 * k, 150 + neckHw, top)
    .Z();
  inner.segs[0] = { c: 'M', p: [150 + neckHw, top] };
  let svg = `<path d="${inner.d}" fill="${dark(o.fabric.colour, 0.38)}"/>`;
  svg += drawSleeves(canvas, o.sleeve, S, U, k, o.fabric, o.look);
  svg += piece(canvas, body, o.fabric, { inside });
  if (o.look.neckTrim === 'lace') svg += laceOutside(neckIsRightToLeft, k * 0.8);
  return { svg, neck, outline: body, S, U };
}

/** A dori: two tie strings with tassels hanging from a back neck. */
function dori(y: number, x: number, length: number, colour: string): string {
  const tassel = (cx: number, cy: number) =>
    `<path d="M${cx} ${cy}l-3 9h6z" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="0.5"/><circle cx="${cx}" cy="${cy}" r="2.4" fill="${colour}" stroke="${GOLD_DARK}" stroke-width="0.5"/>`;
  return (
    `<path d="M${150 - x} ${y}Q150 ${y + 10} ${150 - 6} ${y + length}M${150 + x} ${y}Q150 ${y + 10} ${150 + 6} ${y + length}" fill="none" stroke="${colour}" stroke-width="1.4"/>` +
    tassel(144, y + length) +
    tassel(156, y + length)
  );
}

function drawBlouse(canvas: Canvas, shape: Extract<GarmentShape, { kind: 'blouse' }>, look: Look, view: View): Drawn {
  const back = view === 'back';
  const top = 122;
  const k = 1.3;
  const neck = back ? shape.backNeck : shape.neck;
  const o = {
    neck,
    sleeve: shape.sleeve,
    back,
    top,
    k,
    bottom: 288,
    bottomDip: back ? 5 : 16,
    shoulder: shape.sleeve === 'sleeveless' ? 64 : 84,
    chest: 80,
    waist: 70,
    fabric: look.fabric,
    look,
    darts: !back,
  };
  let svg = hanger(top, 76);
  const drawn = topPiece(canvas, o);
  svg = dropShadow([drawn.outline]) + svg + drawn.svg;
  if (back && (neck === 'deep-u' || neck === 'keyhole' || neck === 'v')) {
    svg += dori(top + NECK_SIZE[neck][1] * k * 0.5, 30, 130, look.contrast?.colour ?? dark(look.fabric.colour, 0.2));
  }
  const neckBottom = top + (back ? NECK_SIZE[neck][1] : NECK_SIZE[neck][0] + 14) * k;
  return { svg, focus: [150, Math.min(neckBottom + 10, 250), 1.8] };
}

/** A skirt from a waist (`y0`, half width `w0`) to a hem (`y1`, `w1`), styled by `kind`. */
function skirt(
  canvas: Canvas,
  kind: 'gather' | 'pleat' | 'ball' | 'tier' | 'flare' | 'straight' | 'aline',
  y0: number,
  w0: number,
  y1: number,
  w1: number,
  fabric: Fabric,
  look: Look,
  borderScale: number,
): { svg: string; outline: Path; hem: Path } {
  const dip = kind === 'straight' ? 4 : 12;
  const outline = path().M(150 - w0, y0);
  if (kind === 'ball') {
    outline.C(150 - w0 - 40, y0 + 10, 150 - w1 - 6, y0 + (y1 - y0) * 0.45, 150 - w1, y1);
  } else {
    outline.C(150 - w0 - 6, y0 + (y1 - y0) * 0.3, 150 - w1 + 6, y1 - (y1 - y0) * 0.3, 150 - w1, y1);
  }
  const hem = path().M(150 - w1, y1);
  if (kind === 'flare' || kind === 'ball' || kind === 'gather') {
    const waves = kind === 'gather' ? 6 : 7;
    for (let i = 0; i < waves; i++) {
      const xa = 150 - w1 + ((i + 0.5) * 2 * w1) / waves;
      const xb = 150 - w1 + ((i + 1) * 2 * w1) / waves;
      const t = (i + 1) / waves;
      const yb = y1 + Math.sin(t * Math.PI) * dip;
      hem.Q(xa, yb + (i % 2 === 0 ? 7 : 3), xb, yb);
    }
  } else {
    hem.Q(150, y1 + dip * 2, 150 + w1, y1);
  }
  outline.join(hem);
  if (kind === 'ball') outline.C(150 + w1 + 6, y0 + (y1 - y0) * 0.45, 150 + w0 + 40, y0 + 10, 150 + w0, y0);
  else outline.C(150 + w1 - 6, y1 - (y1 - y0) * 0.3, 150 + w0 + 6, y0 + (y1 - y0) * 0.3, 150 + w0, y0);
  outline.Z();

  const lines: Path[] = [];
  const n = kind === 'pleat' ? 9 : kind === 'straight' || kind === 'aline' ? 3 : 8;
  for (let i = 1; i < n; i++) {
    const t = i / n;
    const xa = 150 - w0 + 2 * w0 * t;
    const xb = 150 - w1 + 2 * w1 * t;
    if (kind === 'pleat')
      lines.push(
        path()
          .M(xa, y0 + 2)
          .L(xb, y1 + Math.sin(t * Math.PI) * dip * 1.6),
      );
    else if (kind === 'straight' || kind === 'aline')
      lines.push(
        path()
          .M(xa, y0 + (y1 - y0) * 0.4)
          .L(xb, y1 - 6),
      );
    else
      lines.push(
        path()
          .M(xa, y0 + 10 + (i % 2) * 20)
          .Q(xa + (xb - xa) * 0.3, (y0 + y1) / 2, xb, y1 + Math.sin(t * Math.PI) * dip - 4),
      );
  }
  let inside = folds(lines, fabric, kind === 'pleat' ? 1.2 : 1.6, kind === 'pleat' ? 0.35 : 0.2) + highlights(lines);
  if (kind === 'pleat') {
    // Every other pleat a shade darker.
    for (let i = 0; i < n; i += 2) {
      const a = i / n;
      const b = (i + 1) / n;
      inside += `<path d="M${f(150 - w0 + 2 * w0 * a)} ${y0}L${f(150 - w0 + 2 * w0 * b)} ${y0}L${f(150 - w1 + 2 * w1 * b)} ${y1 + 20}L${f(150 - w1 + 2 * w1 * a)} ${y1 + 20}Z" fill="#000" fill-opacity="0.07"/>`;
    }
  }
  if (kind === 'gather' || kind === 'tier' || kind === 'ball' || kind === 'flare') {
    // Small gathers at the waist seam.
    for (let x = 150 - w0 + 3; x < 150 + w0; x += 4.5) {
      inside += `<path d="M${f(x)} ${y0}L${f(x + (x - 150) * 0.05)} ${y0 + 9}" stroke="${dark(fabric.colour, 0.5)}" stroke-opacity="0.35" stroke-width="0.8"/>`;
    }
  }
  if (kind === 'tier') {
    for (const t of [0.38, 0.7]) {
      const y = y0 + (y1 - y0) * t;
      const w = w0 + (w1 - w0) * t + 4;
      const seam = path()
        .M(150 - w - 10, y)
        .Q(150, y + 8, 150 + w + 10, y);
      inside += folds([seam], fabric, 1.4, 0.4);
      for (let x = 150 - w; x < 150 + w; x += 5) {
        inside += `<path d="M${f(x)} ${f(y + 2)}L${f(x + (x - 150) * 0.04)} ${f(y + 10)}" stroke="${dark(fabric.colour, 0.5)}" stroke-opacity="0.3" stroke-width="0.8"/>`;
      }
    }
  }
  if (kind === 'ball') {
    // Net layers over a ball frock's skirt.
    for (const t of [0.35, 0.68]) {
      const y = y0 + (y1 - y0) * t;
      const w = w1 * (0.85 + t * 0.15);
      const layer = path().M(150 - w - 20, y0);
      for (let i = 0; i < 8; i++) {
        const xa = 150 - w + ((i + 0.5) * 2 * w) / 8;
        const xb = 150 - w + ((i + 1) * 2 * w) / 8;
        layer.Q(xa, y + 12, xb, y);
      }
      layer.L(150 + w + 20, y0).Z();
      inside += `<path d="${layer.d}" fill="#ffffff" fill-opacity="0.13" stroke="#ffffff" stroke-opacity="0.4" stroke-width="1"/>`;
    }
  }
  if (look.border) {
    if (look.border === 'lace') inside += trimBand(hem, 'piping', fabric, borderScale);
    else inside += trimBand(hem, look.border, fabric, borderScale);
  }
  let svg = piece(canvas, outline, fabric, { inside });
  if (look.border === 'lace') svg += laceOutside(hem, 1.2);
  return { svg, outline, hem };
}

/** A waist belt with an optional bow. */
function waistBand(y: number, hw: number, colour: string, bow: boolean): string {
  let s = `<path d="M${150 - hw} ${y - 4}L${150 + hw} ${y - 4}L${150 + hw + 1} ${y + 4}L${150 - hw - 1} ${y + 4}Z" fill="${colour}" stroke="${dark(colour, 0.4)}" stroke-width="0.8"/>`;
  if (bow) {
    const c = colour;
    s +=
      `<path d="M150 ${y}C140 ${y - 14} 124 ${y - 10} 126 ${y}C124 ${y + 10} 140 ${y + 14} 150 ${y}Z" fill="${c}" stroke="${dark(c, 0.4)}" stroke-width="0.8"/>` +
      `<path d="M150 ${y}C160 ${y - 14} 176 ${y - 10} 174 ${y}C176 ${y + 10} 160 ${y + 14} 150 ${y}Z" fill="${c}" stroke="${dark(c, 0.4)}" stroke-width="0.8"/>` +
      `<path d="M147 ${y + 2}L138 ${y + 30}L144 ${y + 28}L148 ${y + 33}ZM153 ${y + 2}L162 ${y + 30}L156 ${y + 28}L152 ${y + 33}Z" fill="${dark(c, 0.1)}" stroke="${dark(c, 0.4)}" stroke-width="0.8"/>` +
      `<rect x="145" y="${y - 5}" width="10" height="10" rx="3" fill="${dark(c, 0.15)}" stroke="${dark(c, 0.4)}" stroke-width="0.8"/>`;
  }
  return s;
}

function drawFrock(canvas: Canvas, shape: Extract<GarmentShape, { kind: 'frock' }>, look: Look, view: View): Drawn {
  const back = view === 'back';
  const top = 76;
  const k = 0.82;
  const waistY = shape.skirt === 'ball' ? 176 : 172;
  const maxi = shape.length === 'maxi';
  const hemY = maxi ? 378 : 330;
  const bodiceFabric = look.contrast && shape.skirt !== 'pleat' ? look.contrast : look.fabric;
  const bodice = topPiece(canvas, {
    neck: back ? 'plain' : shape.neck,
    sleeve: shape.sleeve,
    back,
    top,
    k,
    bottom: waistY + 2,
    bottomDip: 0,
    shoulder: shape.sleeve === 'sleeveless' ? 38 : 50,
    chest: 46,
    waist: 40,
    fabric: bodiceFabric,
    look: { ...look, border: undefined },
    darts: false,
  });
  const w1 = shape.skirt === 'ball' ? 118 : shape.skirt === 'pleat' ? 92 : maxi ? 100 : 104;
  const sk = skirt(canvas, shape.skirt, waistY, 40, hemY, w1, look.fabric, look, 1);
  let svg = dropShadow([bodice.outline, sk.outline]) + hanger(top, 46);
  svg += sk.svg + bodice.svg;
  svg += waistBand(waistY, 41, look.contrast?.accent ?? look.fabric.accent, shape.bow && !back);
  if (back) {
    svg += `<path d="M150 ${top + 22}L150 ${waistY - 4}" stroke="#6f757d" stroke-width="1.2" stroke-dasharray="1.5 1"/>`;
    if (shape.bow) svg += waistBand(waistY, 41, look.contrast?.accent ?? look.fabric.accent, true);
  }
  return { svg, focus: [150, back ? 160 : 120, 2] };
}

function drawPattupavadai(canvas: Canvas, shape: Extract<GarmentShape, { kind: 'pattupavadai' }>, look: Look, view: View): Drawn {
  const back = view === 'back';
  const top = 78;
  const k = 0.8;
  const blouseFabric = look.contrast ?? { colour: dark(look.fabric.colour, 0.2), accent: GOLD, pattern: 'plain' as const };
  const blouse = topPiece(canvas, {
    neck: back ? 'plain' : shape.neck,
    sleeve: shape.sleeve,
    back,
    top,
    k,
    bottom: 168,
    bottomDip: 4,
    shoulder: 50,
    chest: 46,
    waist: 40,
    fabric: blouseFabric,
    look: { ...look, border: 'zari', work: look.work, neckTrim: look.neckTrim ?? 'zari' },
    darts: false,
  });
  const hemY = shape.style === 'short' ? 340 : 380;
  const sk = skirt(canvas, 'pleat', 172, 42, hemY, 90, look.fabric, { ...look, border: 'temple' }, 1.7);
  let svg = dropShadow([blouse.outline, sk.outline]) + hanger(top, 46);
  // A second, narrower zari line above the border.
  const upper = path()
    .M(150 - 90, hemY - 44)
    .Q(150, hemY - 44 + 16, 150 + 90, hemY - 44);
  const clip = canvas.clip(sk.outline);
  svg +=
    sk.svg +
    `<g clip-path="url(#${clip})">${trimBand(upper, 'zari', look.fabric, 0.7).replace(/stroke-width="([\d.]+)"/g, (_, w: string) => `stroke-width="${f(Number(w) * 1.0)}"`)}</g>`;
  svg += `<path d="M${150 - 42} 172L${150 + 42} 172" stroke="${GOLD}" stroke-width="6"/>`;
  svg += blouse.svg;
  if (shape.style === 'half-saree' && !back) {
    // The dhavani: a sheer drape from the left shoulder across to the right waist.
    const drape = path().M(112, 84).L(134, 80).C(150, 120, 178, 150, 196, 166).L(200, 196).C(170, 186, 130, 150, 112, 84).Z();
    const dupatta = look.contrast ?? look.fabric;
    const sheer = { colour: light(dupatta.accent === GOLD ? '#f3c6d3' : dupatta.accent, 0.25), accent: GOLD, pattern: 'dots' as const };
    const edge = path().M(200, 196).C(170, 186, 130, 150, 112, 84);
    svg += piece(canvas, drape, sheer, {
      opacity: 0.82,
      inside: trimBand(edge, 'zari', sheer, 0.9) + folds([path().M(128, 96).C(150, 140, 170, 160, 196, 180)], sheer, 1.2, 0.3),
    });
    const pallu = path().M(104, 90).L(124, 86).L(120, 300).L(96, 304).Z();
    svg =
      svg.replace(/^/, '') +
      piece(canvas, pallu, sheer, {
        opacity: 0.82,
        inside: trimBand(path().M(96, 304).L(120, 300), 'temple', sheer, 0.8),
      });
  }
  return { svg, focus: back ? [150, 130, 2] : [150, hemY - 30, 2.1] };
}

function drawNightie(canvas: Canvas, shape: Extract<GarmentShape, { kind: 'nightie' }>, look: Look, view: View): Drawn {
  const back = view === 'back';
  const top = 74;
  const yokeFabric = look.contrast ?? look.fabric;
  const yoke = topPiece(canvas, {
    neck: back ? 'plain' : shape.neck,
    sleeve: shape.sleeve,
    back,
    top,
    k: 0.95,
    bottom: 150,
    bottomDip: 0,
    shoulder: 62,
    chest: 60,
    waist: 58,
    fabric: yokeFabric,
    look: { ...look, border: look.border === 'lace' ? undefined : look.border },
    darts: false,
  });
  const hemY = shape.frill ? 350 : 384;
  const body = skirt(canvas, 'aline', 148, 58, hemY, 96, look.fabric, { ...look, border: undefined }, 1);
  let svg = dropShadow([yoke.outline, body.outline]) + hanger(top, 56);
  svg += body.svg;
  if (shape.frill) {
    const frill = skirt(canvas, 'gather', hemY - 6, 96, 390, 108, look.fabric, { ...look, border: look.border ?? 'lace' }, 1);
    svg += frill.svg;
  }
  svg += yoke.svg;
  svg += `<path d="M${150 - 58} 150L${150 + 58} 150" stroke="${look.fabric.accent}" stroke-width="2.2"/>`;
  if (look.border === 'lace') svg += laceOutside(path().M(92, 151).L(208, 151), 0.9);
  if (!back) {
    const neckBottom = top + (NECK_SIZE[shape.neck][0] + 14) * 0.95;
    svg += `<path d="M146 ${f(neckBottom)}L146 150M154 ${f(neckBottom)}L154 150" stroke="${dark(yokeFabric.colour, 0.4)}" stroke-width="0.8" stroke-opacity="0.7"/>`;
    for (let y = neckBottom + 10; y < 146; y += 14) {
      svg += `<circle cx="150" cy="${f(y)}" r="2.4" fill="#f6f1e7" stroke="#9a9184" stroke-width="0.6"/>`;
    }
    if (shape.feeding) {
      for (const x of [112, 188]) {
        svg += `<path d="M${x} 156L${x} 214" stroke="#6f757d" stroke-width="2"/><path d="M${x} 156L${x} 214" stroke="#c9ced4" stroke-width="0.8" stroke-dasharray="1 1"/><rect x="${x - 2}" y="210" width="4" height="7" rx="1" fill="#9aa0a6"/>`;
      }
    }
  }
  return { svg, focus: [150, back ? 150 : 120, 2] };
}

function drawKurta(canvas: Canvas, shape: Extract<GarmentShape, { kind: 'kurta' }>, look: Look, view: View): Drawn {
  const back = view === 'back';
  const top = 56;
  const k = 0.86;
  const pantFabric = look.contrast ?? { colour: light(look.fabric.colour, 0.7), accent: look.fabric.accent, pattern: 'plain' as const };
  const out: string[] = [];
  const outlines: Path[] = [];

  // Pant legs first: the kurta covers their tops.
  const legs: Path[] = [];
  if (shape.pant === 'palazzo') {
    legs.push(path().M(116, 260).L(96, 388).Q(122, 394, 148, 390).L(150, 262).Z());
  } else if (shape.pant === 'straight') {
    legs.push(path().M(118, 260).L(114, 388).Q(129, 392, 145, 388).L(149, 262).Z());
  } else {
    legs.push(path().M(118, 260).C(120, 320, 124, 360, 126, 388).Q(134, 392, 142, 388).C(143, 360, 146, 320, 149, 262).Z());
  }
  legs.push(legs[0]!.mirrored());
  for (const leg of legs) {
    let inside = '';
    if (shape.pant === 'churidar') {
      for (let y = 330; y < 386; y += 5.5) {
        inside += `<path d="M100 ${y}Q150 ${y + 3} 200 ${y}" fill="none" stroke="${dark(pantFabric.colour, 0.5)}" stroke-opacity="0.35" stroke-width="0.9"/>`;
      }
    } else {
      inside += folds([path().M(130, 300).L(126, 386), path().M(170, 300).L(174, 386)], pantFabric, 1.2, 0.25);
    }
    out.push(piece(canvas, leg, pantFabric, { inside }));
    outlines.push(leg);
  }

  const cut = shape.cut;
  const waistY = cut === 'umbrella' ? 150 : cut === 'gathered' ? 138 : 170;
  const hemY = cut === 'short' ? 262 : cut === 'umbrella' ? 318 : 308;
  const body = topPiece(canvas, {
    neck: back ? 'plain' : shape.neck,
    sleeve: shape.sleeve,
    back,
    top,
    k,
    bottom: cut === 'umbrella' || cut === 'gathered' ? waistY : hemY,
    bottomDip: cut === 'umbrella' || cut === 'gathered' ? 0 : 6,
    shoulder: 54,
    chest: 50,
    waist: cut === 'umbrella' || cut === 'gathered' ? 42 : cut === 'aliya' ? 74 : 58,
    fabric: cut === 'gathered' && look.contrast ? look.contrast : look.fabric,
    look: { ...look, border: cut === 'umbrella' || cut === 'gathered' ? undefined : look.border },
    darts: false,
    inside:
      cut === 'aliya'
        ? folds(
            [
              path()
                .M(128, 130)
                .L(100, hemY + 4),
              path()
                .M(172, 130)
                .L(200, hemY + 4),
            ],
            look.fabric,
            1.3,
            0.45,
          )
        : cut === 'straight' || cut === 'short'
          ? folds(
              [
                path()
                  .M(150 - 54, hemY - 40)
                  .L(150 - 57, hemY + 4),
                path()
                  .M(150 + 54, hemY - 40)
                  .L(150 + 57, hemY + 4),
              ],
              look.fabric,
              1.4,
              0.55,
            )
          : '',
  });
  outlines.push(body.outline);
  let skirtSvg = '';
  if (cut === 'umbrella' || cut === 'gathered') {
    const sk = skirt(
      canvas,
      cut === 'umbrella' ? 'flare' : 'gather',
      waistY,
      42,
      hemY,
      cut === 'umbrella' ? 104 : 88,
      look.fabric,
      look,
      0.9,
    );
    skirtSvg = sk.svg;
    outlines.push(sk.outline);
  }
  out.push(skirtSvg, body.svg);
  if (cut === 'umbrella' || cut === 'gathered') {
    out.push(
      `<path d="M${150 - 42} ${waistY}L${150 + 42} ${waistY}" stroke="${look.border ? GOLD : dark(look.fabric.colour, 0.3)}" stroke-width="3"/>`,
    );
  }
  if (shape.dupatta && !back) {
    // A sheer dupatta over the left shoulder, falling in front to below the knee.
    const d = look.contrast ?? look.fabric;
    const sheer: Fabric = { colour: light(d.colour, 0.3), accent: d.accent, pattern: 'dots' };
    const strip = path()
      .M(96, 66)
      .Q(110, 56, 128, 58)
      .C(124, 150, 134, 250, 128, 346)
      .Q(114, 352, 100, 348)
      .C(104, 250, 90, 150, 96, 66)
      .Z();
    const end = path().M(100, 348).Q(114, 352, 128, 346);
    const drape = [path().M(112, 70).C(110, 160, 118, 250, 114, 344), path().M(104, 120).C(100, 200, 106, 280, 106, 344)];
    out.push(piece(canvas, strip, sheer, { opacity: 0.72, inside: folds(drape, sheer, 1.4, 0.3) + trimBand(end, 'zari', sheer, 1.1) }));
    for (const x of [104, 114, 124]) {
      out.push(`<path d="M${x} 349L${x} 358" stroke="${GOLD_DARK}" stroke-width="1"/><circle cx="${x}" cy="360" r="2" fill="${GOLD}"/>`);
    }
  }
  const svg = floorShadow(392, 70) + dropShadow(outlines) + out.join('');
  return { svg, focus: back ? [150, 120, 2] : look.work || look.neckTrim ? [150, 100, 2.3] : [150, 230, 1.8] };
}

function drawPant(canvas: Canvas, shape: Extract<GarmentShape, { kind: 'pant' }>, look: Look, view: View): Drawn {
  const fabric = look.fabric;
  const waistTop = 58;
  const waistBottom = 76;
  const out: string[] = [];
  const lines: Path[] = [];
  let leg: Path;
  let cuff: Path | undefined;
  switch (shape.cut) {
    case 'palazzo':
      leg = path().M(96, waistBottom).C(88, 150, 56, 300, 44, 388).Q(96, 396, 148, 390).L(150, 168).Z();
      for (const t of [0.25, 0.5, 0.75])
        lines.push(
          path()
            .M(100 + 40 * t, 110)
            .Q(96 + 30 * t - 10, 260, 50 + 96 * t, 386),
        );
      break;
    case 'patiala':
      leg = path().M(96, waistBottom).C(50, 120, 40, 270, 98, 350).L(142, 350).C(146, 300, 150, 230, 150, 180).Z();
      cuff = path().M(96, 348).L(144, 348).L(143, 382).L(99, 384).Z();
      for (let i = 0; i < 6; i++)
        lines.push(
          path()
            .M(100 + i * 8, waistBottom + 4)
            .C(50 + i * 6, 160 + i * 8, 70 + i * 8, 300, 102 + i * 7, 348),
        );
      break;
    case 'semi-patiala':
      leg = path().M(96, waistBottom).C(70, 140, 66, 280, 100, 356).L(144, 356).C(147, 300, 150, 230, 150, 175).Z();
      cuff = path().M(100, 354).L(145, 354).L(144, 384).L(102, 385).Z();
      for (let i = 0; i < 4; i++)
        lines.push(
          path()
            .M(102 + i * 10, waistBottom + 4)
            .C(76 + i * 8, 180, 84 + i * 8, 300, 106 + i * 9, 354),
        );
      break;
    case 'gather':
      leg = path().M(96, waistBottom).C(90, 160, 86, 300, 100, 366).L(144, 366).C(146, 300, 150, 230, 150, 170).Z();
      cuff = path().M(100, 364).L(144, 364).L(143, 384).L(101, 385).Z();
      for (let i = 0; i < 3; i++)
        lines.push(
          path()
            .M(106 + i * 12, 150)
            .Q(98 + i * 13, 280, 106 + i * 14, 362),
        );
      break;
    case 'cigarette':
      leg = path().M(96, waistBottom).C(98, 180, 102, 300, 104, 388).L(142, 388).C(144, 300, 148, 230, 150, 160).Z();
      lines.push(path().M(122, 170).L(124, 384));
      break;
    case 'straight':
      leg = path().M(96, waistBottom).C(94, 180, 94, 300, 94, 388).L(146, 388).C(147, 300, 149, 230, 150, 160).Z();
      lines.push(path().M(120, 160).L(120, 384));
      break;
  }
  const right = leg.mirrored();
  const allLines = [...lines, ...lines.map((l) => l.mirrored())];
  const legFolds = folds(allLines, fabric, 1.5, 0.28) + highlights(allLines, 3);
  const legsOutline = [leg, right];
  out.push(dropShadow([...legsOutline, path().M(96, waistTop).L(204, waistTop).L(204, waistBottom).L(96, waistBottom).Z()]));
  out.push(clipHanger(waistTop));
  for (const l of [right, leg]) {
    const hem = l === leg ? path().M(44, 388).L(148, 390) : path().M(152, 390).L(256, 388);
    const inside = legFolds + (look.border && !cuff ? trimBand(hem, look.border, fabric, 0.8) : '');
    out.push(piece(canvas, l, fabric, { inside }));
  }
  if (cuff) {
    for (const c of [cuff, cuff.mirrored()]) {
      let inside = '';
      for (let x = 96; x < 210; x += 4)
        inside += `<path d="M${x} 340L${x + 1} 390" stroke="${dark(fabric.colour, 0.5)}" stroke-opacity="0.25" stroke-width="0.8"/>`;
      if (look.border) inside += trimBand(path().M(90, 384).L(210, 384), look.border, fabric, 0.7);
      out.push(piece(canvas, c, look.contrast ?? fabric, { inside }));
    }
  }
  // Elastic waistband with gathers and a drawstring.
  const band = path().M(96, waistTop).L(204, waistTop).L(204, waistBottom).L(96, waistBottom).Z();
  let gathers = '';
  for (let x = 98; x < 204; x += 3.2)
    gathers += `<path d="M${f(x)} ${waistTop}L${f(x)} ${waistBottom}" stroke="${dark(fabric.colour, 0.5)}" stroke-opacity="0.35" stroke-width="0.8"/>`;
  out.push(piece(canvas, band, look.contrast ?? fabric, { inside: gathers }));
  out.push(
    clipHanger(waistTop)
      .replace(/<path[^>]*\/>/, '')
      .replace(/<rect x="84"[^>]*\/>/, ''),
  );
  if (view !== 'back') {
    const cord = look.contrast?.accent ?? light(fabric.colour, 0.6);
    out.push(
      `<path d="M146 ${waistBottom - 6}Q140 100 136 122M154 ${waistBottom - 6}Q160 102 163 124" fill="none" stroke="${cord}" stroke-width="1.8"/>` +
        `<circle cx="136" cy="124" r="2.6" fill="${GOLD}"/><circle cx="163" cy="126" r="2.6" fill="${GOLD}"/>`,
    );
  }
  return { svg: out.join(''), focus: cuff ? [120, 350, 2.2] : [150, 110, 2.2] };
}

function drawGarment(canvas: Canvas, shape: GarmentShape, look: Look, view: View): Drawn {
  switch (shape.kind) {
    case 'blouse':
      return drawBlouse(canvas, shape, look, view);
    case 'kurta':
      return drawKurta(canvas, shape, look, view);
    case 'frock':
      return drawFrock(canvas, shape, look, view);
    case 'pattupavadai':
      return drawPattupavadai(canvas, shape, look, view);
    case 'pant':
      return drawPant(canvas, shape, look, view);
    case 'nightie':
      return drawNightie(canvas, shape, look, view);
  }
}

/** Gradients shared by every piece: shading across a piece, the floor shadow. */
const SHARED_DEFS =
  '<linearGradient id="shadeX" x1="0" x2="1" y1="0" y2="0">' +
  '<stop offset="0" stop-color="#000" stop-opacity="0.26"/><stop offset="0.22" stop-color="#000" stop-opacity="0.04"/>' +
  '<stop offset="0.45" stop-color="#fff" stop-opacity="0.1"/><stop offset="0.78" stop-color="#000" stop-opacity="0.04"/>' +
  '<stop offset="1" stop-color="#000" stop-opacity="0.3"/></linearGradient>' +
  '<radialGradient id="floor"><stop offset="0" stop-color="#000" stop-opacity="0.22"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>';

/**
 * The SVG document of one product picture: the garment in its look, seen from `view`, on a
 * soft backdrop tinted by its fabric (a linear sweep: librsvg paints a full-frame radial
 * gradient about 40 ms slower at 1280 px). Portrait 3:4, `widthPx` × round(widthPx·4/3) pixels.
 * Pure and deterministic: the same arguments give the same text.
 */
export function productPictureSvg(shape: GarmentShape, look: Look, view: View, widthPx: number): string {
  const canvas = new Canvas('g');
  const drawn = drawGarment(canvas, shape, look, view);
  const heightPx = Math.round((widthPx * 4) / 3);
  const base = look.fabric.colour;
  const backdropTop = mix(base, '#fbf7f0', luminance(base) > 0.75 ? 0.7 : 0.9);
  const backdropBottom = mix(base, '#e6dccf', 0.8);
  let viewBox = '0 0 300 400';
  if (view === 'detail') {
    const [cx, cy, zoom] = drawn.focus;
    const w = 300 / zoom;
    const h = 400 / zoom;
    const x = Math.min(Math.max(cx - w / 2, 0), 300 - w);
    const y = Math.min(Math.max(cy - h / 2, 0), 400 - h);
    viewBox = `${f(x)} ${f(y)} ${f(w)} ${f(h)}`;
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${widthPx}" height="${heightPx}" viewBox="${viewBox}">` +
    `<defs>${SHARED_DEFS}<linearGradient id="bg" x1="0" x2="0" y1="0" y2="1"><stop offset="0.3" stop-color="${backdropTop}"/><stop offset="1" stop-color="${backdropBottom}"/></linearGradient>${canvas.defs.join('')}</defs>` +
    `<rect x="-10" y="-10" width="320" height="420" fill="url(#bg)"/>` +
    drawn.svg +
    '</svg>'
  );
}

/**
 * The SVG document of a home-carousel banner: 16:7 (contract BANNER_IMAGE_ASPECT),
 * `widthPx` × round(widthPx·7/16) pixels; the garments in temple arches on the right, the
 * left kept plain for the headline and line the page writes over it in its own language
 * (docs/product.md#home): no words are drawn into the picture.
 */
export function bannerSvg(art: BannerArt, widthPx: number): string {
  const canvas = new Canvas('b');
  const heightPx = Math.round((widthPx * 7) / 16);
  const tone = art.tone;
  const garments = art.garments.slice(0, 2);
  const slots = garments.length === 2 ? [565, 712] : [640];
  const scale = 0.62;
  let scene = '';
  for (const cx of slots) {
    const arch = `M${cx - 68} 331L${cx - 68} 118Q${cx - 68} 62 ${cx} 40Q${cx + 68} 62 ${cx + 68} 118L${cx + 68} 331Z`;
    scene += `<path d="${arch}" fill="${light(tone, 0.85)}" stroke="${GOLD}" stroke-width="3"/>`;
    scene += `<path d="${arch}" fill="none" stroke="${GOLD_LIGHT}" stroke-width="1.2" transform="translate(${cx} 190) scale(0.92) translate(${-cx} -190)"/>`;
  }
  garments.forEach(({ shape, look }, i) => {
    const cx = slots[i]!;
    const drawn = drawGarment(canvas, shape, look, 'front');
    scene += `<g transform="translate(${f(cx - 150 * scale)} 70) scale(${scale})">${drawn.svg}</g>`;
  });
  // A border of small gold diamonds along the bottom, like a saree's edge.
  let border = `<rect x="0" y="330" width="800" height="20" fill="${dark(tone, 0.25)}"/><path d="M0 331L800 331M0 349L800 349" stroke="${GOLD}" stroke-width="1.6"/>`;
  for (let x = 6; x < 800; x += 16) border += `<path d="M${x} 340l5-5 5 5-5 5z" fill="${GOLD}"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${widthPx}" height="${heightPx}" viewBox="0 0 800 350">` +
    `<defs>${SHARED_DEFS}<linearGradient id="bbg" x1="0" x2="1" y1="0" y2="0.4"><stop offset="0" stop-color="${light(tone, 0.1)}"/><stop offset="1" stop-color="${dark(tone, 0.3)}"/></linearGradient>${canvas.defs.join('')}</defs>` +
    `<rect width="800" height="350" fill="url(#bbg)"/>` +
    scene +
    border +
    '</svg>'
  );
}
