/**
 * A small drawing surface that writes PDF content operators directly (one content stream per page, flushed at
 * the end) with top-down coordinates in points, two embedded fonts and the page list. pdf-lib's drawText runs a
 * full OpenType layout per call, far too slow for 500-line tables; here glyphs are looked up once per character.
 * Colours are DeviceRGB (covered by the sRGB output intent); no transparency is used.
 */
import { deflateSync } from 'node:zlib';
import type { PDFDocument, PDFImage, PDFName, PDFPage } from 'pdf-lib';
import type { FontText } from './text';

export const MM = 72 / 25.4;
export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;

export type Rgb = readonly [number, number, number];

export const INK: Rgb = [0.11, 0.11, 0.12];
export const MUTED: Rgb = [0.38, 0.39, 0.42];
export const RULE: Rgb = [0.78, 0.79, 0.81];
export const FILL: Rgb = [0.93, 0.94, 0.95];
export const ACCENT: Rgb = [0.13, 0.27, 0.45];

export interface TextStyle {
  size: number;
  bold?: boolean;
  color?: Rgb;
  align?: 'left' | 'right' | 'center';
}

const n = (v: number): string => {
  const s = (Math.round(v * 1000) / 1000).toString();
  return s === '-0' ? '0' : s;
};
const col = (c: Rgb): string => `${n(c[0])} ${n(c[1])} ${n(c[2])}`;

interface PageState {
  page: PDFPage;
  ops: string[];
  fonts: Map<FontText, PDFName>;
  images: Map<PDFImage, PDFName>;
}

export class Canvas {
  private readonly states: PageState[] = [];
  private current!: PageState;
  /** Cursor: distance of the next content from the top edge, in points. */
  y = 0;

  constructor(
    readonly doc: PDFDocument,
    readonly regular: FontText,
    readonly bold: FontText,
  ) {}

  get pages(): PDFPage[] {
    return this.states.map((s) => s.page);
  }

  get pageIndex(): number {
    return this.states.length - 1;
  }

  addPage(): number {
    const page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.current = { page, ops: [], fonts: new Map(), images: new Map() };
    this.states.push(this.current);
    this.y = 0;
    return this.states.length - 1;
  }

  private state(index?: number): PageState {
    return index === undefined ? this.current : this.states[index]!;
  }

  font(style: TextStyle): FontText {
    return style.bold ? this.bold : this.regular;
  }

  private fontKey(s: PageState, f: FontText): PDFName {
    let key = s.fonts.get(f);
    if (!key) {
      key = s.page.node.newFontDictionary('F', f.font.ref);
      s.fonts.set(f, key);
    }
    return key;
  }

  /** Draws one line whose top is at `top`; x is the left edge, or the right edge/centre for those alignments. Returns the width. */
  text(text: string, x: number, top: number, style: TextStyle, page?: number): number {
    const f = this.font(style);
    const t = f.clean(text);
    if (!t) return 0;
    const w = f.width(t, style.size);
    const left = style.align === 'right' ? x - w : style.align === 'center' ? x - w / 2 : x;
    const s = this.state(page);
    s.ops.push(`BT ${col(style.color ?? INK)} rg ${this.fontKey(s, f).toString()} ${n(style.size)} Tf 1 0 0 1 ${n(left)} ${n(PAGE_HEIGHT - top - style.size * 0.82)} Tm <${f.encode(t)}> Tj ET`);
    return w;
  }

  /** Text rotated by `angle` degrees (counter-clockwise) around its baseline origin (x, baseline from the top). */
  rotatedText(text: string, x: number, baselineTop: number, angle: number, style: TextStyle, page?: number): void {
    const f = this.font(style);
    const t = f.clean(text);
    if (!t) return;
    const r = (angle * Math.PI) / 180;
    const c = Math.cos(r);
    const sn = Math.sin(r);
    const s = this.state(page);
    s.ops.push(
      `BT ${col(style.color ?? INK)} rg ${this.fontKey(s, f).toString()} ${n(style.size)} Tf ${n(c)} ${n(sn)} ${n(-sn)} ${n(c)} ${n(x)} ${n(PAGE_HEIGHT - baselineTop)} Tm <${f.encode(t)}> Tj ET`,
    );
  }

  line(x1: number, top1: number, x2: number, top2: number, thickness = 0.5, color: Rgb = RULE, page?: number): void {
    this.state(page).ops.push(`q ${col(color)} RG ${n(thickness)} w 0 J ${n(x1)} ${n(PAGE_HEIGHT - top1)} m ${n(x2)} ${n(PAGE_HEIGHT - top2)} l S Q`);
  }

  rect(x: number, top: number, width: number, height: number, color: Rgb, page?: number): void {
    this.state(page).ops.push(`q ${col(color)} rg ${n(x)} ${n(PAGE_HEIGHT - top - height)} ${n(width)} ${n(height)} re f Q`);
  }

  circle(cx: number, cyTop: number, r: number, thickness: number, color: Rgb, page?: number): void {
    const k = 0.5522847498 * r;
    const x = cx;
    const y = PAGE_HEIGHT - cyTop;
    this.state(page).ops.push(
      `q ${col(color)} RG ${n(thickness)} w ${n(x + r)} ${n(y)} m ` +
        `${n(x + r)} ${n(y + k)} ${n(x + k)} ${n(y + r)} ${n(x)} ${n(y + r)} c ` +
        `${n(x - k)} ${n(y + r)} ${n(x - r)} ${n(y + k)} ${n(x - r)} ${n(y)} c ` +
        `${n(x - r)} ${n(y - k)} ${n(x - k)} ${n(y - r)} ${n(x)} ${n(y - r)} c ` +
        `${n(x + k)} ${n(y - r)} ${n(x + r)} ${n(y - k)} ${n(x + r)} ${n(y)} c S Q`,
    );
  }

  image(img: PDFImage, x: number, top: number, width: number, height: number, page?: number): void {
    const s = this.state(page);
    let key = s.images.get(img);
    if (!key) {
      key = s.page.node.newXObject('Im', img.ref);
      s.images.set(img, key);
    }
    s.ops.push(`q ${n(width)} 0 0 ${n(height)} ${n(x)} ${n(PAGE_HEIGHT - top - height)} cm ${key.toString()} Do Q`);
  }

  /** Writes every page's operators as one compressed content stream. */
  flush(): void {
    for (const s of this.states) {
      if (s.ops.length === 0) continue;
      // node's zlib is an order of magnitude faster than pdf-lib's pure-JS deflate
      const stream = this.doc.context.stream(deflateSync(Buffer.from(s.ops.join('\n'), 'latin1')), { Filter: 'FlateDecode' });
      s.page.node.addContentStream(this.doc.context.register(stream));
      s.ops.length = 0;
    }
  }
}
