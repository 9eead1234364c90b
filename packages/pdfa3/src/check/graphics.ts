/**
 * Checks that follow what pages actually use: content streams (operators, limits, colour operators,
 * inline images, rendering intents), the resources they reference (fonts, images, forms, graphics
 * states, colour spaces, patterns, shadings), annotations and their appearances, form fields, actions,
 * page boxes and transparency. Resources that no content stream uses are not judged, as in veraPDF.
 */
import { PDFArray, PDFBool, PDFDict, PDFName, PDFNumber, PDFStream, type PDFObject, type PDFPage } from 'pdf-lib';
import { ContentLimitError, ContentParseError, CONTENT_OPERATORS, tokenizeContent, type Operand, type Operation } from '../internal/content';
import { readIccHeader } from '../internal/icc';
import {
  decodeStream,
  entryByName,
  filtersOf,
  get,
  getArray,
  getDict,
  getName,
  getNumber,
  getStream,
  getText,
  nameOf,
  PDFRawStream,
  resolve,
  StreamTooLargeError,
} from '../internal/pdf';
import {
  ALLOWED_ACTIONS,
  ALLOWED_ANNOTATIONS,
  ALLOWED_INLINE_FILTERS,
  ALLOWED_NAMED_ACTIONS,
  BLEND_MODES,
  PREDEFINED_CMAPS,
  RENDERING_INTENTS,
  STANDARD_14,
} from '../internal/rules';
import { readCmapInfo } from '../internal/truetype';
import type { CheckContext } from './context';
import type { GlyphUse } from './glyph-widths';
import { jpxProblems, readJp2Header } from './jpx';
import { inGlyphList } from './unicode';

type DeviceSpace = 'DeviceRGB' | 'DeviceCMYK' | 'DeviceGray';

/** Resources in force for one content stream: its own dictionary and the one it would inherit from. */
interface Res {
  own?: PDFDict | undefined;
  parent?: Res;
  /** default colour spaces of the parent do not apply (patterns) */
  isolated?: boolean;
  /** the page's resources were inherited from the page tree */
  inheritedFromTree?: boolean;
}

export interface GraphicsFacts {
  /** colour space of the PDF/A output intent profile ('RGB ', 'CMYK', 'GRAY') or undefined */
  outputCS?: string;
}

interface PageState {
  path: string;
  transparency: boolean;
}

type Space = DeviceSpace | 'iccCMYK' | 'other';

function validUtf8Name(name: string): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(name, 'latin1'));
    return true;
  } catch {
    return false;
  }
}

/** Character collection ordering of a predefined (non-Identity) CMap, from its name. */
function predefinedOrdering(name: string): string | undefined {
  if (name === 'Identity-H' || name === 'Identity-V') return undefined;
  if (/^(GB|UniGB)/.test(name)) return 'GB1';
  if (/^(B5|HKscs|ETen|CNS|UniCNS)/.test(name)) return 'CNS1';
  if (/^(KSC|UniKS)/.test(name)) return 'Korea1';
  if (/^(83pv|90ms|90msp|90pv|Add|EUC|Ext|H$|V$|UniJIS)/.test(name)) return 'Japan1';
  return undefined;
}

/** Largest CID an embedded CMap program maps to (cidrange / cidchar). */
function maxCidOf(text: string): number {
  let max = 0;
  for (const block of text.matchAll(/begincidrange([\s\S]*?)endcidrange/g)) {
    for (const m of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(\d+)/g)) {
      const v = Number(m[3]) + (parseInt(m[2]!, 16) - parseInt(m[1]!, 16));
      if (v > max) max = v;
    }
  }
  for (const block of text.matchAll(/begincidchar([\s\S]*?)endcidchar/g)) {
    for (const m of block[1]!.matchAll(/<[0-9A-Fa-f]+>\s*(\d+)/g)) if (Number(m[1]) > max) max = Number(m[1]);
  }
  return max;
}

interface GState {
  font?: PDFDict | undefined;
  fontName?: string;
  renderMode: number;
  /** current colour spaces; painting with a device space uses it (the initial one is DeviceGray) */
  fill: Space;
  stroke: Space;
  overprintFill: boolean;
  overprintStroke: boolean;
  opm: number;
}

interface ColourStart {
  fill: Space;
  stroke: Space;
}

const INITIAL: ColourStart = { fill: 'DeviceGray', stroke: 'DeviceGray' };

const PROCESS_COLORANTS = new Set(['Cyan', 'Magenta', 'Yellow', 'Black', 'None', 'All']);

export class GraphicsChecker {
  private readonly visitedForms = new Set<PDFObject>();
  /** forms, patterns and glyph procedures being painted right now (recursion detection) */
  private readonly activeForms = new Set<PDFObject>();
  private operatorsLeft: number;
  private readonly checkedFonts = new Set<PDFObject>();
  private readonly checkedImages = new Set<PDFObject>();
  private readonly checkedGStates = new Set<PDFObject>();
  private readonly checkedColorSpaces = new Set<PDFObject>();
  private readonly checkedActions = new Set<PDFObject>();
  readonly deviceUse = new Map<DeviceSpace, string>();
  private readonly separations = new Map<string, { alt: PDFObject | undefined; tint: PDFObject | undefined }>();
  readonly fileAttachmentSpecs: PDFObject[] = [];
  /** strings each font showed in a render mode other than 3 (for 6.2.11.5) */
  readonly glyphUse = new Map<PDFDict, GlyphUse>();

  constructor(
    private readonly c: CheckContext,
    private readonly facts: GraphicsFacts,
  ) {
    this.operatorsLeft = c.maxOperators;
  }

  private get ctx() {
    return this.c.ctx;
  }

  run(): void {
    const pages = this.c.doc.getPages();
    if (pages.length > this.c.maxPages) {
      this.c.note('PDF_TOO_MANY_PAGES', 'error', `the document has ${pages.length} pages, more than the limit of ${this.c.maxPages}; only the first ${this.c.maxPages} are judged`);
    }
    for (let i = 0; i < Math.min(pages.length, this.c.maxPages); i++) this.checkPage(pages[i]!, i);
    this.checkDeviceColour();
    this.checkForms();
    this.checkDocumentActions();
  }

  // ---------------------------------------------------------------- pages

  private checkPage(page: PDFPage, index: number): void {
    const path = `page ${index + 1}`;
    const node = page.node;
    const ownRes = getDict(this.ctx, node, 'Resources');
    let res: Res;
    if (ownRes) res = { own: ownRes };
    else {
      const inh = resolve(this.ctx, node.Resources?.());
      res = { own: inh instanceof PDFDict ? inh : undefined, inheritedFromTree: inh instanceof PDFDict };
    }
    const state: PageState = { path, transparency: false };

    // 6.1.13-11 page boundaries
    for (const box of ['MediaBox', 'CropBox', 'BleedBox', 'TrimBox', 'ArtBox']) {
      const arr = box === 'MediaBox' || box === 'CropBox' ? this.inherited(node, box) : getArray(this.ctx, node, box);
      if (!(arr instanceof PDFArray) || arr.size() !== 4) continue;
      const v = arr.asArray().map((x) => resolve(this.ctx, x)).map((x) => (x instanceof PDFNumber ? x.asNumber() : NaN));
      if (v.some(Number.isNaN)) continue;
      const w = Math.abs(v[2]! - v[0]!);
      const h = Math.abs(v[3]! - v[1]!);
      if (w < 3 || h < 3 || w > 14400 || h > 14400) this.c.fail('6.1.13-11', `${box} ${w}×${h} is outside 3..14400 units`, `${path}/${box}`);
    }

    if (node.has(PDFName.of('AA'))) this.c.fail('6.5.2-2', 'the page dictionary contains an AA (additional actions) entry', `${path}/AA`);
    this.checkAdditionalActions(getDict(this.ctx, node, 'AA'), `${path}/AA`);
    if (node.has(PDFName.of('PresSteps'))) this.c.fail('6.10-2', 'the page dictionary contains PresSteps', `${path}/PresSteps`);

    const group = getDict(this.ctx, node, 'Group');
    const groupCS = group ? get(this.ctx, group, 'CS') : undefined;
    if (groupCS) this.useColorSpace(groupCS, res, `${path}/Group/CS`, state);

    const contents = get(this.ctx, node, 'Contents');
    const streams: PDFStream[] = [];
    if (contents instanceof PDFStream) streams.push(contents);
    else if (contents instanceof PDFArray) for (const s of contents.asArray()) {
      const r = resolve(this.ctx, s);
      if (r instanceof PDFStream) streams.push(r);
    }
    const parts: Uint8Array[] = [];
    for (const s of streams) {
      const b = this.decode(s, `${path}/Contents`);
      if (b) parts.push(b, new Uint8Array([0x0a]));
    }
    const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let o = 0;
    for (const p of parts) {
      all.set(p, o);
      o += p.length;
    }
    this.scanContent(all, res, `${path}/Contents`, state);

    const annots = getArray(this.ctx, node, 'Annots');
    if (annots) annots.asArray().forEach((a, k) => this.checkAnnotation(a, `${path}/Annots[${k}]`, state));

    // 6.2.10-2: transparency without a PDF/A output intent needs a page group colour space
    if (state.transparency && !this.facts.outputCS && !groupCS) {
      this.c.fail('6.2.10-2', 'the page uses transparency, the file has no PDF/A output intent and the page has no transparency group colour space', path);
    }
  }

  private inherited(node: PDFDict, key: string): PDFObject | undefined {
    let cur: PDFDict | undefined = node;
    for (let k = 0; cur && k < 64; k++) {
      const v = get(this.ctx, cur, key);
      if (v !== undefined) return v;
      cur = getDict(this.ctx, cur, 'Parent');
    }
    return undefined;
  }

  private decode(s: PDFStream, path: string): Uint8Array | undefined {
    try {
      return decodeStream(this.ctx, s, this.c.maxStreamBytes);
    } catch (e) {
      if (e instanceof StreamTooLargeError) this.c.note('PDF_STREAM_TOO_LARGE', 'error', `${e.message}: its content cannot be judged`, path);
      else this.c.note('PDF_STREAM_UNDECODABLE', 'warning', `stream cannot be decoded: ${(e as Error).message}`, path);
      return undefined;
    }
  }

  // ---------------------------------------------------------------- content streams

  private lookupRes(res: Res, category: string, name: string, path: string): PDFObject | undefined {
    const own = res.own ? getDict(this.ctx, res.own, category) : undefined;
    const hit = own ? entryByName(own, name) : undefined;
    if (hit !== undefined) {
      if (res.inheritedFromTree) this.c.fail('6.2.2-2', `resource /${name} is inherited from the page tree instead of the page's own Resources`, path);
      return resolve(this.ctx, hit) ?? undefined;
    }
    for (let p = res.parent; p; p = p.parent) {
      const d = p.own ? getDict(this.ctx, p.own, category) : undefined;
      const v = d ? entryByName(d, name) : undefined;
      if (v !== undefined) {
        this.c.fail('6.2.2-2', `resource /${name} is not in the content stream's own Resources (taken from the parent)`, path);
        return resolve(this.ctx, v);
      }
    }
    return undefined;
  }

  private checkOperandLimits(ops: Operand[], path: string): void {
    for (const o of ops) {
      if (o.t === 'num') {
        if (o.int && (o.v > 2147483647 || o.v < -2147483648)) this.c.fail('6.1.13-1', `integer ${o.v} out of range`, path);
        else if (!o.int && Math.abs(o.v) > 3.403e38) this.c.fail('6.1.13-2', `real ${o.v} out of range`, path);
        else if (!o.int && o.v !== 0 && Math.abs(o.v) < 1.175e-38) this.c.fail('6.1.13-5', `real ${o.v} is closer to zero than 1.175e-38`, path);
      } else if (o.t === 'str') {
        if (o.bytes > 32767) this.c.fail('6.1.13-3', `string of ${o.bytes} bytes is longer than 32767`, path);
        if (o.hex && o.rawHex !== undefined) {
          const digits = o.rawHex.replace(/[\0\t\n\f\r ]/g, '');
          if (digits.length % 2 !== 0) this.c.fail('6.1.6-1', 'hexadecimal string with an odd number of digits', path);
          if (/[^0-9A-Fa-f]/.test(digits)) this.c.fail('6.1.6-2', 'hexadecimal string with characters other than 0-9, A-F, a-f', path);
        }
      } else if (o.t === 'name') {
        if (o.v.length > 127) this.c.fail('6.1.13-4', `name longer than 127 bytes`, path);
      } else if (o.t === 'arr') this.checkOperandLimits(o.v, path);
      else if (o.t === 'dict') this.checkOperandLimits([...o.v.values()], path);
    }
  }

  private scanContent(bytes: Uint8Array, res: Res, path: string, page: PageState, depth = 0, start: ColourStart = INITIAL): void {
    if (depth > 24) {
      this.c.note('PDF_NESTING_TOO_DEEP', 'error', 'form XObjects, patterns or Type 3 glyphs are nested more than 24 levels deep; the inner content is not judged', path);
      return;
    }
    if (this.operatorsLeft <= 0) return;
    let ops: Operation[];
    try {
      ops = tokenizeContent(bytes, { maxOperations: Math.min(2_000_000, this.operatorsLeft) });
    } catch (e) {
      if (e instanceof ContentLimitError) {
        this.operatorsLeft = 0;
        this.c.note('PDF_TOO_MANY_OPERATORS', 'error', `content streams hold more operators than the limit (${e.message}); the rest is not judged`, path);
      } else this.c.note('PDF_CONTENT_UNPARSEABLE', 'warning', `content stream cannot be tokenized: ${(e as ContentParseError).message}`, path);
      return;
    }
    this.operatorsLeft -= ops.length;
    const stack: GState[] = [];
    let gs: GState = { renderMode: 0, fill: start.fill, stroke: start.stroke, overprintFill: false, overprintStroke: false, opm: 0 };
    let qDepth = 0;
    const paint = (fill: boolean, stroke: boolean) => {
      if (fill && gs.fill !== 'other' && gs.fill !== 'iccCMYK') this.useDevice(gs.fill, res, path);
      if (stroke && gs.stroke !== 'other' && gs.stroke !== 'iccCMYK') this.useDevice(gs.stroke, res, path);
      if (gs.opm === 1 && ((fill && gs.fill === 'iccCMYK' && gs.overprintFill) || (stroke && gs.stroke === 'iccCMYK' && gs.overprintStroke))) {
        this.c.fail('6.2.4.2-2', 'overprint mode 1 with overprinting enabled while painting in an ICCBased CMYK colour space', path);
      }
    };
    const showText = (strings: Operand[]) => {
      const m = gs.renderMode;
      if (m !== 3 && gs.font) {
        let u = this.glyphUse.get(gs.font);
        if (!u) this.glyphUse.set(gs.font, (u = { path: `${path}/Font/${gs.fontName}`, strings: [] }));
        // a malformed hex string (6.1.6) has no agreed glyph codes; its glyphs are not judged
        const wellFormed = (x: Operand) => x.t === 'str' && !(x.hex && x.rawHex !== undefined && /[^0-9A-Fa-f\0\t\n\f\r ]/.test(x.rawHex));
        for (const o of strings) {
          if (o.t === 'str' && wellFormed(o)) u.strings.push(o.data);
          else if (o.t === 'arr') for (const x of o.v) if (x.t === 'str' && wellFormed(x)) u.strings.push(x.data);
        }
      }
      if (m === 3 || m === 7) return;
      paint([0, 2, 4, 6].includes(m), [1, 2, 5, 6].includes(m));
      if (gs.font) {
        this.checkFont(gs.font, gs.renderMode, `${path}/Font/${gs.fontName}`, page, depth);
        if (getName(this.ctx, gs.font, 'Subtype') === 'Type3') {
          const codes = new Set<number>();
          for (const o of strings) {
            if (o.t === 'str') o.data.forEach((b) => codes.add(b));
            else if (o.t === 'arr') for (const x of o.v) if (x.t === 'str') x.data.forEach((b) => codes.add(b));
          }
          this.useType3Glyphs(gs.font, codes, res, `${path}/Font/${gs.fontName}`, page, depth, { fill: gs.fill, stroke: gs.stroke });
        }
      }
    };
    let a: Operand[] = [];
    const lastName = (): string | undefined => {
      const x = a[a.length - 1];
      return x && x.t === 'name' ? x.v : undefined;
    };
    for (const op of ops) {
      if (op.operands.length > 0) this.checkOperandLimits(op.operands, path);
      a = op.operands;
      switch (op.op) {
        case 'q':
          // states beyond the PDF/A limit are not kept (6.1.13-8 already fails); a Q there restores nothing
          if (stack.length < 64) stack.push({ ...gs });
          qDepth++;
          if (qDepth === 29) this.c.fail('6.1.13-8', 'q/Q pairs nested more than 28 levels', path);
          break;
        case 'Q':
          if (qDepth <= stack.length) gs = stack.pop() ?? gs;
          qDepth = Math.max(0, qDepth - 1);
          break;
        case 'Tf': {
          const n = a[0]?.t === 'name' ? a[0].v : undefined;
          if (n !== undefined) {
            const f = this.lookupRes(res, 'Font', n, path);
            gs.font = f instanceof PDFDict ? f : undefined;
            gs.fontName = n;
          }
          break;
        }
        case 'Tj':
        case 'TJ':
        case "'":
          showText(a.slice(0, 1));
          break;
        case '"':
          showText(a.slice(2, 3));
          break;
        case 'Tr':
          if (a[0]?.t === 'num') gs.renderMode = a[0].v;
          break;
        case 'f':
        case 'F':
        case 'f*':
          paint(true, false);
          break;
        case 'S':
        case 's':
          paint(false, true);
          break;
        case 'B':
        case 'B*':
        case 'b':
        case 'b*':
          paint(true, true);
          break;
        case 'Do': {
          const n = lastName();
          if (n === undefined) break;
          const x = this.lookupRes(res, 'XObject', n, path);
          if (x instanceof PDFStream) {
            if (get(this.ctx, x.dict, 'ImageMask') === PDFBool.True) paint(true, false);
            this.useXObject(x, res, `${path}/XObject/${n}`, page, depth, { fill: gs.fill, stroke: gs.stroke });
          }
          break;
        }
        case 'gs': {
          const n = lastName();
          if (n === undefined) break;
          const g = this.lookupRes(res, 'ExtGState', n, path);
          if (g instanceof PDFDict) {
            this.checkExtGState(g, `${path}/ExtGState/${n}`, page);
            const OP = get(this.ctx, g, 'OP');
            const op2 = get(this.ctx, g, 'op');
            if (OP instanceof PDFBool) {
              gs.overprintStroke = OP.asBoolean();
              if (!(op2 instanceof PDFBool)) gs.overprintFill = OP.asBoolean();
            }
            if (op2 instanceof PDFBool) gs.overprintFill = op2.asBoolean();
            const opm = getNumber(this.ctx, g, 'OPM');
            if (opm !== undefined) gs.opm = opm;
          }
          break;
        }
        case 'cs':
        case 'CS': {
          const n = lastName();
          if (n === undefined) break;
          let space: Space = 'other';
          if (n === 'DeviceRGB' || n === 'DeviceCMYK' || n === 'DeviceGray') {
            this.useDevice(n, res, path);
            space = n;
          } else if (n !== 'Pattern') {
            const cs = this.lookupRes(res, 'ColorSpace', n, path);
            if (cs) {
              this.useColorSpace(cs, res, `${path}/ColorSpace/${n}`, page, depth);
              if (this.isIccCmyk(cs)) space = 'iccCMYK';
            }
          }
          if (op.op === 'cs') gs.fill = space;
          else gs.stroke = space;
          break;
        }
        case 'scn':
        case 'SCN': {
          const n = lastName();
          if (n === undefined) break;
          const p = this.lookupRes(res, 'Pattern', n, path);
          if (p) this.usePattern(p, res, `${path}/Pattern/${n}`, page, depth);
          break;
        }
        case 'rg':
        case 'RG':
        case 'k':
        case 'K':
        case 'g':
        case 'G': {
          const space: DeviceSpace = op.op === 'rg' || op.op === 'RG' ? 'DeviceRGB' : op.op === 'k' || op.op === 'K' ? 'DeviceCMYK' : 'DeviceGray';
          this.useDevice(space, res, path);
          if (op.op === op.op.toLowerCase()) gs.fill = space;
          else gs.stroke = space;
          break;
        }
        case 'sh': {
          const n = lastName();
          if (n === undefined) break;
          const sh = this.lookupRes(res, 'Shading', n, path);
          const shd = sh instanceof PDFStream ? sh.dict : sh instanceof PDFDict ? sh : undefined;
          if (shd) {
            const cs = get(this.ctx, shd, 'ColorSpace');
            if (cs) this.useColorSpace(cs, res, `${path}/Shading/${n}`, page, depth);
          }
          break;
        }
        case 'ri': {
          const n = lastName();
          if (n !== undefined && !RENDERING_INTENTS.has(n)) this.c.fail('6.2.6-1', `rendering intent /${n} is not one of the four standard ones`, path);
          break;
        }
        case 'BI': {
          const d = op.inline ?? new Map<string, Operand>();
          const im = d.get('IM') ?? d.get('ImageMask');
          if (im?.t === 'bool' && im.v) paint(true, false);
          this.checkInlineImage(d, res, path, page);
          break;
        }
        default:
          if (!CONTENT_OPERATORS.has(op.op) && /^[A-Za-z'"*0-9]+$/.test(op.op)) {
            this.c.fail('6.2.2-1', `content stream operator "${op.op}" is not defined in ISO 32000-1`, path);
          }
      }
    }
  }

  private checkInlineImage(d: Map<string, Operand>, res: Res, path: string, page: PageState): void {
    const f = d.get('F') ?? d.get('Filter');
    const names = f?.t === 'name' ? [f.v] : f?.t === 'arr' ? f.v.map((x) => (x.t === 'name' ? x.v : '?')) : [];
    for (const n of names) if (!ALLOWED_INLINE_FILTERS.has(n)) this.c.fail('6.1.10-1', `inline image filter /${n} is not allowed`, path);
    const interp = d.get('I') ?? d.get('Interpolate');
    if (interp?.t === 'bool' && interp.v) this.c.fail('6.2.8-3', 'inline image with Interpolate true', path);
    const intent = d.get('Intent');
    if (intent?.t === 'name' && !RENDERING_INTENTS.has(intent.v)) this.c.fail('6.2.6-1', `rendering intent /${intent.v} is not one of the four standard ones`, path);
    const im = d.get('IM') ?? d.get('ImageMask');
    if (im?.t === 'bool' && im.v) return;
    const cs = d.get('CS') ?? d.get('ColorSpace');
    if (cs?.t === 'name') {
      const short: Record<string, DeviceSpace> = { G: 'DeviceGray', RGB: 'DeviceRGB', CMYK: 'DeviceCMYK', DeviceGray: 'DeviceGray', DeviceRGB: 'DeviceRGB', DeviceCMYK: 'DeviceCMYK' };
      const dev = short[cs.v];
      if (dev) this.useDevice(dev, res, path);
      else if (cs.v !== 'I' && cs.v !== 'Indexed') {
        const r = this.lookupRes(res, 'ColorSpace', cs.v, path);
        if (r) this.useColorSpace(r, res, path, page);
      }
    } else if (cs?.t === 'arr') {
      const base = cs.v[1];
      if (base?.t === 'name') {
        const dev = ({ G: 'DeviceGray', RGB: 'DeviceRGB', CMYK: 'DeviceCMYK', DeviceGray: 'DeviceGray', DeviceRGB: 'DeviceRGB', DeviceCMYK: 'DeviceCMYK' } as Record<string, DeviceSpace>)[base.v];
        if (dev) this.useDevice(dev, res, path);
      }
    }
  }

  // ---------------------------------------------------------------- colour

  private hasDefault(res: Res, space: DeviceSpace): boolean {
    const key = space.replace('Device', 'Default');
    for (let r: Res | undefined = res; r; r = r.isolated ? undefined : r.parent) {
      const csd = r.own ? getDict(this.ctx, r.own, 'ColorSpace') : undefined;
      if (csd && csd.has(PDFName.of(key))) return true;
    }
    return false;
  }

  private useDevice(space: DeviceSpace, res: Res, path: string): void {
    if (this.hasDefault(res, space)) return;
    if (!this.deviceUse.has(space)) this.deviceUse.set(space, path);
  }

  private useColorSpace(obj: PDFObject, res: Res, path: string, page: PageState, depth = 0): void {
    if (depth > 16) return;
    const cs = resolve(this.ctx, obj);
    if (cs instanceof PDFName) {
      const n = cs.decodeText();
      if (n === 'DeviceRGB' || n === 'DeviceCMYK' || n === 'DeviceGray') this.useDevice(n, res, path);
      else if (n !== 'Pattern') {
        const named = this.lookupRes(res, 'ColorSpace', n, path);
        if (named && !(named instanceof PDFName)) this.useColorSpace(named, res, path, page, depth + 1);
      }
      return;
    }
    if (!(cs instanceof PDFArray) || cs.size() === 0) return;
    const family = nameOf(resolve(this.ctx, cs.get(0)));
    const arg = (i: number) => (i < cs.size() ? resolve(this.ctx, cs.get(i)) : undefined);
    const first = this.checkedColorSpaces.has(cs) === false;
    this.checkedColorSpaces.add(cs);
    switch (family) {
      case 'ICCBased': {
        const s = arg(1);
        if (first && s instanceof PDFStream) {
          const b = this.decode(s, path);
          const h = b ? readIccHeader(b) : undefined;
          const n = getNumber(this.ctx, s.dict, 'N');
          const comps: Record<string, number> = { 'GRAY': 1, 'RGB ': 3, 'CMYK': 4, 'Lab ': 3 };
          if (b && (!h || !['prtr', 'mntr', 'scnr', 'spac'].includes(h.deviceClass) || !(h.colorSpace in comps) || h.version >= 5 || (n !== undefined && comps[h.colorSpace] !== n))) {
            this.c.fail('6.2.4.2-1', 'ICCBased colour space with a profile that is not a valid input/output profile for its N', path);
          }
        }
        break;
      }
      case 'Indexed':
      case 'I': {
        const base = arg(1);
        if (base) this.useColorSpace(base, res, path, page, depth + 1);
        break;
      }
      case 'Pattern': {
        const base = arg(1);
        if (base) this.useColorSpace(base, res, path, page, depth + 1);
        break;
      }
      case 'Separation': {
        const alt = arg(2);
        const nm = nameOf(arg(1));
        if (first && nm !== undefined && !validUtf8Name(nm)) this.c.fail('6.1.8-1', 'Separation colourant name is not valid UTF-8', path);
        if (first && nm !== undefined && nm !== 'All' && nm !== 'None') this.checkSeparation(nm, cs.get(2), cs.get(3), path);
        if (alt) this.useColorSpace(alt, res, path, page, depth + 1);
        break;
      }
      case 'DeviceN': {
        const names = arg(1);
        const alt = arg(2);
        if (names instanceof PDFArray) {
          if (names.size() > 32) this.c.fail('6.1.13-9', `DeviceN colour space with ${names.size()} colourants (more than 32)`, path);
          const attrs = arg(4);
          const colorants = attrs instanceof PDFDict ? getDict(this.ctx, attrs, 'Colorants') : undefined;
          if (first && colorants) {
            for (const [k, v] of colorants.entries()) {
              const sep = resolve(this.ctx, v);
              if (sep instanceof PDFArray && sep.size() >= 4) this.checkSeparation(k.decodeText(), sep.get(2), sep.get(3), `${path}/Colorants/${k.decodeText()}`);
            }
          }
          for (const n of names.asArray()) {
            const nm = nameOf(resolve(this.ctx, n));
            if (first && nm !== undefined && !validUtf8Name(nm)) this.c.fail('6.1.8-1', 'DeviceN colourant name is not valid UTF-8', path);
            if (nm === undefined || PROCESS_COLORANTS.has(nm)) continue;
            if (!colorants || entryByName(colorants, nm) === undefined) {
              this.c.fail('6.2.4.4-1', `spot colourant /${nm} of a DeviceN colour space has no entry in the Colorants dictionary`, path);
            }
          }
        }
        if (alt) this.useColorSpace(alt, res, path, page, depth + 1);
        break;
      }
      default:
        break;
    }
  }

  private isIccCmyk(obj: PDFObject): boolean {
    const cs = resolve(this.ctx, obj);
    if (!(cs instanceof PDFArray) || nameOf(resolve(this.ctx, cs.get(0))) !== 'ICCBased') return false;
    const st = cs.size() > 1 ? resolve(this.ctx, cs.get(1)) : undefined;
    return st instanceof PDFStream && getNumber(this.ctx, st.dict, 'N') === 4;
  }

  /** 6.2.4.4-2: Separation arrays of the same name must agree on alternate space and tint transform. */
  private checkSeparation(name: string, alt: PDFObject | undefined, tint: PDFObject | undefined, path: string): void {
    const prev = this.separations.get(name);
    if (!prev) {
      this.separations.set(name, { alt, tint });
      return;
    }
    if (!this.sameObject(prev.alt, alt, 0) || !this.sameObject(prev.tint, tint, 0)) {
      this.c.fail('6.2.4.4-2', `Separation colour spaces named ${name} differ in alternate space or tint transform`, path);
    }
  }

  /** Structural equality of PDF objects, ignoring direct/indirect and stream compression. */
  private sameObject(a: PDFObject | undefined, b: PDFObject | undefined, depth: number): boolean {
    const x = resolve(this.ctx, a);
    const y = resolve(this.ctx, b);
    if (x === y) return true;
    if (!x || !y || depth > 16) return false;
    if (x instanceof PDFStream && y instanceof PDFStream) {
      const ex = ['Length', 'Filter', 'DecodeParms'];
      const dx = x.dict.entries().filter(([k]) => !ex.includes(k.decodeText()));
      const dy = y.dict.entries().filter(([k]) => !ex.includes(k.decodeText()));
      if (dx.length !== dy.length || !dx.every(([k, v]) => this.sameObject(v, y.dict.get(k), depth + 1))) return false;
      try {
        return Buffer.from(decodeStream(this.ctx, x, 1 << 20)).equals(Buffer.from(decodeStream(this.ctx, y, 1 << 20)));
      } catch {
        return false;
      }
    }
    if (x instanceof PDFArray && y instanceof PDFArray) {
      return x.size() === y.size() && x.asArray().every((v, i) => this.sameObject(v, y.get(i), depth + 1));
    }
    if (x instanceof PDFDict && y instanceof PDFDict && !(x instanceof PDFStream) && !(y instanceof PDFStream)) {
      const ex = x.entries();
      return ex.length === y.entries().length && ex.every(([k, v]) => this.sameObject(v, y.get(k), depth + 1));
    }
    if (x instanceof PDFNumber && y instanceof PDFNumber) return x.asNumber() === y.asNumber();
    return x.toString() === y.toString();
  }

  private checkDeviceColour(): void {
    const oi = this.facts.outputCS;
    const rgb = this.deviceUse.get('DeviceRGB');
    if (rgb && oi !== 'RGB ') this.c.fail('6.2.4.3-2', `DeviceRGB is used without an RGB PDF/A output intent or DefaultRGB${oi ? ` (output intent is ${oi.trim()})` : ''}`, rgb);
    const cmyk = this.deviceUse.get('DeviceCMYK');
    if (cmyk && oi !== 'CMYK') this.c.fail('6.2.4.3-3', `DeviceCMYK is used without a CMYK PDF/A output intent or DefaultCMYK${oi ? ` (output intent is ${oi.trim()})` : ''}`, cmyk);
    const gray = this.deviceUse.get('DeviceGray');
    if (gray && !oi) this.c.fail('6.2.4.3-4', 'DeviceGray is used without a PDF/A output intent or DefaultGray', gray);
  }

  private usePattern(obj: PDFObject, res: Res, path: string, page: PageState, depth: number): void {
    const p = resolve(this.ctx, obj);
    const dict = p instanceof PDFStream ? p.dict : p instanceof PDFDict ? p : undefined;
    if (!dict) return;
    if (this.activeForms.has(dict)) {
      this.c.note('PDF_RECURSIVE_XOBJECT', 'error', 'the tiling pattern paints itself (directly or through forms); its content has no finite rendering', path);
      return;
    }
    if (this.visitedForms.has(dict)) return;
    this.visitedForms.add(dict);
    const type = getNumber(this.ctx, dict, 'PatternType');
    if (type === 1 && p instanceof PDFStream) {
      const own = getDict(this.ctx, dict, 'Resources');
      const b = this.decode(p, path);
      this.activeForms.add(dict);
      try {
        if (b) this.scanContent(b, { own, parent: res, isolated: true }, path, page, depth + 1);
      } finally {
        this.activeForms.delete(dict);
      }
    } else if (type === 2) {
      const sh = get(this.ctx, dict, 'Shading');
      const shd = sh instanceof PDFStream ? sh.dict : sh instanceof PDFDict ? sh : undefined;
      const cs = shd ? get(this.ctx, shd, 'ColorSpace') : undefined;
      if (cs) this.useColorSpace(cs, res, path, page);
      const eg = getDict(this.ctx, dict, 'ExtGState');
      if (eg) this.checkExtGState(eg, `${path}/ExtGState`, page);
    }
  }

  // ---------------------------------------------------------------- graphics state

  private checkExtGState(g: PDFDict, path: string, page: PageState): void {
    const ctx = this.ctx;
    const ca = getNumber(ctx, g, 'ca');
    const CA = getNumber(ctx, g, 'CA');
    const smask = get(ctx, g, 'SMask');
    const bm = get(ctx, g, 'BM');
    const bmNames = bm instanceof PDFName ? [bm.decodeText()] : bm instanceof PDFArray ? bm.asArray().map((x) => nameOf(resolve(ctx, x)) ?? '?') : [];
    if ((ca !== undefined && ca < 1) || (CA !== undefined && CA < 1) || (smask !== undefined && nameOf(smask) !== 'None') || bmNames.some((n) => n !== 'Normal' && n !== 'Compatible')) {
      page.transparency = true;
    }
    if (this.checkedGStates.has(g)) return;
    this.checkedGStates.add(g);
    for (const n of bmNames) if (!BLEND_MODES.has(n)) this.c.fail('6.2.10-1', `blend mode /${n} is not defined in ISO 32000-1`, path);
    if (g.has(PDFName.of('TR'))) this.c.fail('6.2.5-1', 'the ExtGState contains TR', path);
    const tr2 = get(ctx, g, 'TR2');
    if (tr2 !== undefined && nameOf(tr2) !== 'Default') this.c.fail('6.2.5-2', 'the ExtGState contains TR2 with a value other than Default', path);
    if (g.has(PDFName.of('HTP'))) this.c.fail('6.2.5-3', 'the ExtGState contains HTP', path);
    const ri = getName(ctx, g, 'RI');
    if (ri !== undefined && !RENDERING_INTENTS.has(ri)) this.c.fail('6.2.6-1', `rendering intent /${ri} is not one of the four standard ones`, path);
    const ht = get(ctx, g, 'HT');
    if (ht instanceof PDFDict || ht instanceof PDFStream) this.checkHalftone(ht instanceof PDFStream ? ht.dict : ht, `${path}/HT`, 0);
  }

  private checkHalftone(h: PDFDict, path: string, depth: number, colorant?: string): void {
    if (depth > 4) return;
    const type = getNumber(this.ctx, h, 'HalftoneType');
    if (depth === 0 && type !== 1 && type !== 5) this.c.fail('6.2.5-4', `halftone type ${type ?? '(missing)'} is not 1 or 5`, path);
    if (h.has(PDFName.of('HalftoneName'))) this.c.fail('6.2.5-5', 'the halftone contains HalftoneName', path);
    if (type === 5) {
      for (const [k, v] of h.entries()) {
        const sub = resolve(this.ctx, v);
        const d = sub instanceof PDFStream ? sub.dict : sub instanceof PDFDict ? sub : undefined;
        if (d && k.decodeText() !== 'Type') this.checkHalftone(d, `${path}/${k.decodeText()}`, depth + 1, k.decodeText());
      }
    } else if (colorant !== 'Default') {
      const primary = colorant === undefined || ['Cyan', 'Magenta', 'Yellow', 'Black'].includes(colorant);
      const hasTf = h.has(PDFName.of('TransferFunction'));
      if (primary === hasTf) {
        this.c.fail('6.2.5-6', primary ? 'halftone for a primary colourant with a TransferFunction' : `halftone for colourant ${colorant} without a TransferFunction`, path);
      }
    }
  }

  // ---------------------------------------------------------------- XObjects

  private useXObject(x: PDFStream, res: Res, path: string, page: PageState, depth: number, start: ColourStart): void {
    const d = x.dict;
    const sub = getName(this.ctx, d, 'Subtype');
    if (sub === 'Image') this.checkImage(x, res, path, page);
    else if (sub === 'Form') {
      if (d.has(PDFName.of('OPI')) || getName(this.ctx, d, 'Subtype2') === 'PS' || d.has(PDFName.of('PS'))) {
        this.c.fail('6.2.9-1', 'form XObject with OPI, PS or Subtype2 /PS', path);
      }
      if (d.has(PDFName.of('Ref'))) this.c.fail('6.2.9-2', 'reference XObject (form XObject with Ref)', path);
      const group = getDict(this.ctx, d, 'Group');
      if (group && getName(this.ctx, group, 'S') === 'Transparency') page.transparency = true;
      if (this.activeForms.has(x)) {
        this.c.note('PDF_RECURSIVE_XOBJECT', 'error', 'the form XObject paints itself (directly or through other forms); its content has no finite rendering', path);
        return;
      }
      if (this.visitedForms.has(x)) return;
      this.visitedForms.add(x);
      const own = getDict(this.ctx, d, 'Resources');
      const formRes: Res = { own, parent: res };
      const gcs = group ? get(this.ctx, group, 'CS') : undefined;
      if (gcs) this.useColorSpace(gcs, formRes, `${path}/Group/CS`, page);
      const b = this.decode(x, path);
      this.activeForms.add(x);
      try {
        if (b) this.scanContent(b, formRes, path, page, depth + 1, start);
      } finally {
        this.activeForms.delete(x);
      }
    } else if (sub === 'PS') {
      this.c.fail('6.2.9-3', 'PostScript XObject', path);
    }
  }

  private checkImage(x: PDFStream, res: Res, path: string, page: PageState): void {
    const ctx = this.ctx;
    const d = x.dict;
    if (d.has(PDFName.of('SMask')) || (getNumber(ctx, d, 'SMaskInData') ?? 0) > 0) page.transparency = true;
    const isMask = get(ctx, d, 'ImageMask') === PDFBool.True;
    if (!isMask) {
      const cs = get(ctx, d, 'ColorSpace');
      if (cs) this.useColorSpace(cs, res, path, page);
    }
    if (this.checkedImages.has(x)) return;
    this.checkedImages.add(x);
    if (d.has(PDFName.of('Alternates'))) this.c.fail('6.2.8-1', 'image dictionary contains Alternates', path);
    if (d.has(PDFName.of('OPI'))) this.c.fail('6.2.8-2', 'image dictionary contains OPI', path);
    if (get(ctx, d, 'Interpolate') === PDFBool.True) this.c.fail('6.2.8-3', 'image dictionary with Interpolate true', path);
    const bpc = getNumber(ctx, d, 'BitsPerComponent');
    if (!isMask && bpc !== undefined && ![1, 2, 4, 8, 16].includes(bpc)) this.c.fail('6.2.8-4', `BitsPerComponent ${bpc} is not 1, 2, 4, 8 or 16`, path);
    if (isMask && bpc !== undefined && bpc !== 1) this.c.fail('6.2.8-5', `image mask with BitsPerComponent ${bpc}`, path);
    const intent = getName(ctx, d, 'Intent');
    if (intent !== undefined && !RENDERING_INTENTS.has(intent)) this.c.fail('6.2.6-1', `rendering intent /${intent} is not one of the four standard ones`, path);
    const filters = filtersOf(ctx, d);
    if (filters.length === 1 && filters[0] === 'JPXDecode' && x instanceof PDFRawStream) {
      const h = readJp2Header(x.contents);
      if (h) for (const [rule, msg] of jpxProblems(h, d.has(PDFName.of('ColorSpace')))) this.c.fail(rule, msg, path);
    }
  }

  // ---------------------------------------------------------------- fonts

  private fontFile(desc: PDFDict | undefined): { key: string; stream: PDFStream } | undefined {
    if (!desc) return undefined;
    for (const key of ['FontFile', 'FontFile2', 'FontFile3']) {
      const s = getStream(this.ctx, desc, key);
      if (s) return { key, stream: s };
    }
    return undefined;
  }

  private checkFont(font: PDFDict, renderMode: number, path: string, page: PageState, depth: number): void {
    const ctx = this.ctx;
    const sub = getName(ctx, font, 'Subtype');
    const visible = renderMode !== 3;
    if (this.checkedFonts.has(font)) {
      if (!visible) return;
    }
    const first = !this.checkedFonts.has(font);
    this.checkedFonts.add(font);

    let desc = getDict(ctx, font, 'FontDescriptor');
    let embedded = this.fontFile(desc);
    let cidFont: PDFDict | undefined;
    if (sub === 'Type0') {
      const dfs = getArray(ctx, font, 'DescendantFonts');
      const df = dfs && dfs.size() > 0 ? resolve(ctx, dfs.get(0)) : undefined;
      cidFont = df instanceof PDFDict ? df : undefined;
      desc = cidFont ? getDict(ctx, cidFont, 'FontDescriptor') : undefined;
      embedded = this.fontFile(desc);
    }
    const baseFont = getName(ctx, font, 'BaseFont');
    if (first && baseFont !== undefined && !validUtf8Name(baseFont)) this.c.fail('6.1.8-1', 'font name is not valid UTF-8', path);

    // 6.2.11.4.1-1: fonts used for visible text must be embedded (Type3 fonts are their own programs)
    if (visible && sub !== 'Type3' && !embedded) {
      this.c.fail('6.2.11.4.1-1', `font ${baseFont ?? '(unnamed)'} is used for rendering but not embedded`, path);
    }
    if (!first) return;

    if (getName(ctx, font, 'Type') !== 'Font') this.c.fail('6.2.11.2-1', 'font dictionary without /Type /Font', path);
    if (!['Type1', 'MMType1', 'TrueType', 'Type3', 'Type0'].includes(sub ?? '')) this.c.fail('6.2.11.2-2', `font Subtype ${sub ?? '(missing)'} is not valid`, path);
    if (sub !== 'Type3' && baseFont === undefined) this.c.fail('6.2.11.2-3', 'font dictionary without BaseFont', path);
    if (sub === 'Type1' || sub === 'MMType1' || sub === 'TrueType' || sub === 'Type3') {
      const isStandard = sub === 'Type1' && !embedded && STANDARD_14.has(baseFont ?? '');
      if (!isStandard) {
        const fc = getNumber(ctx, font, 'FirstChar');
        const lc = getNumber(ctx, font, 'LastChar');
        const w = getArray(ctx, font, 'Widths');
        if (fc === undefined) this.c.fail('6.2.11.2-4', 'simple font without FirstChar', path);
        if (lc === undefined) this.c.fail('6.2.11.2-5', 'simple font without LastChar', path);
        if (fc !== undefined && lc !== undefined && (!w || w.size() !== lc - fc + 1)) {
          this.c.fail('6.2.11.2-6', `Widths has ${w?.size() ?? 0} entries, expected LastChar - FirstChar + 1 = ${lc - fc + 1}`, path);
        }
      }
    }
    if (embedded?.key === 'FontFile3') {
      const st = getName(ctx, embedded.stream.dict, 'Subtype');
      if (st !== undefined && !['Type1C', 'CIDFontType0C', 'OpenType'].includes(st)) this.c.fail('6.2.11.2-7', `FontFile3 Subtype /${st} is not allowed`, path);
    }

    if (sub === 'Type0') this.checkType0(font, cidFont, embedded !== undefined, path);
    if (sub === 'TrueType') this.checkTrueType(font, desc, embedded, path);
  }

  /** Scans the glyph procedures of a Type3 font for the character codes actually shown. */
  private useType3Glyphs(font: PDFDict, codes: Set<number>, res: Res, path: string, page: PageState, depth: number, start: ColourStart): void {
    const ctx = this.ctx;
    const procs = getDict(ctx, font, 'CharProcs');
    if (!procs) return;
    const enc = getDict(ctx, font, 'Encoding');
    const diffs = enc ? getArray(ctx, enc, 'Differences') : undefined;
    const names = new Map<number, string>();
    let code = 0;
    for (const x of diffs?.asArray() ?? []) {
      const r = resolve(ctx, x);
      if (r instanceof PDFNumber) code = r.asNumber();
      else if (r instanceof PDFName) names.set(code++, r.decodeText());
    }
    const own = getDict(ctx, font, 'Resources');
    for (const cd of codes) {
      const glyph = names.get(cd);
      if (glyph === undefined) continue;
      const s = get(ctx, procs, glyph);
      if (!(s instanceof PDFStream)) continue;
      if (this.activeForms.has(s)) {
        this.c.note('PDF_RECURSIVE_XOBJECT', 'error', `the Type 3 glyph /${glyph} shows itself (directly or through forms); it has no finite rendering`, `${path}/CharProcs/${glyph}`);
        continue;
      }
      if (this.visitedForms.has(s)) continue;
      this.visitedForms.add(s);
      const b = this.decode(s, `${path}/CharProcs/${glyph}`);
      this.activeForms.add(s);
      try {
        if (b) this.scanContent(b, { own, parent: res }, `${path}/CharProcs/${glyph}`, page, depth + 1, start);
      } finally {
        this.activeForms.delete(s);
      }
    }
  }

  private checkType0(font: PDFDict, cidFont: PDFDict | undefined, embedded: boolean, path: string): void {
    const ctx = this.ctx;
    const enc = get(ctx, font, 'Encoding');
    let cmapName: string | undefined;
    if (enc instanceof PDFName) {
      cmapName = enc.decodeText();
      if (!PREDEFINED_CMAPS.has(cmapName)) this.c.fail('6.2.11.3.3-1', `CMap /${cmapName} is neither predefined nor embedded`, path);
      const info = cidFont ? getDict(ctx, cidFont, 'CIDSystemInfo') : undefined;
      if (cmapName !== 'Identity-H' && cmapName !== 'Identity-V' && cidFont) {
        const ordering = predefinedOrdering(cmapName);
        const reg = info ? getText(ctx, info, 'Registry') : undefined;
        const ord = info ? getText(ctx, info, 'Ordering') : undefined;
        if (!ordering || reg !== 'Adobe' || ord !== ordering) {
          this.c.fail('6.2.11.3.1-1', `CIDFont CIDSystemInfo ${reg ?? '?'}-${ord ?? '?'} does not match CMap /${cmapName}${ordering ? ` (Adobe-${ordering})` : ''}`, path);
        }
      }
    } else if (enc instanceof PDFStream) {
      cmapName = getName(ctx, enc.dict, 'CMapName');
      const b = this.decode(enc, `${path}/Encoding`);
      const text = b ? Buffer.from(b).toString('latin1') : '';
      const dictW = getNumber(ctx, enc.dict, 'WMode') ?? 0;
      const m = /\/WMode\s+(\d+)\s+def/.exec(text);
      if (m && Number(m[1]) !== dictW) this.c.fail('6.2.11.3.3-2', `WMode ${dictW} of the CMap dictionary differs from ${m[1]} in the CMap stream`, path);
      const use = get(ctx, enc.dict, 'UseCMap');
      const useName = use instanceof PDFName ? use.decodeText() : use instanceof PDFStream ? getName(ctx, use.dict, 'CMapName') ?? '(embedded CMap)' : /\/([^\s/]+)\s+usecmap/.exec(text)?.[1];
      if (useName !== undefined && !PREDEFINED_CMAPS.has(useName)) this.c.fail('6.2.11.3.3-3', `CMap uses ${useName}, which is not a predefined CMap`, path);
      const maxCid = maxCidOf(text);
      if (maxCid > 65535) this.c.fail('6.1.13-10', `CMap maps to CID ${maxCid} (more than 65535)`, path);
      if (cmapName !== 'Identity-H' && cmapName !== 'Identity-V' && cidFont) {
        const a = getDict(ctx, cidFont, 'CIDSystemInfo');
        const b2 = getDict(ctx, enc.dict, 'CIDSystemInfo');
        const reg = (d: PDFDict | undefined) => (d ? getText(ctx, d, 'Registry') : undefined);
        const ord = (d: PDFDict | undefined) => (d ? getText(ctx, d, 'Ordering') : undefined);
        const sup = (d: PDFDict | undefined) => (d ? getNumber(ctx, d, 'Supplement') : undefined);
        const sa = sup(a);
        const sb = sup(b2);
        if (reg(a) === undefined || reg(a) !== reg(b2) || ord(a) === undefined || ord(a) !== ord(b2) || sa === undefined || sb === undefined || sa > sb) {
          this.c.fail('6.2.11.3.1-1', 'CIDSystemInfo of the CIDFont and the CMap are not compatible (Registry, Ordering, Supplement)', path);
        }
      }
    }
    if (cidFont && getName(ctx, cidFont, 'Subtype') === 'CIDFontType2' && embedded) {
      const m = get(ctx, cidFont, 'CIDToGIDMap');
      if (!(m instanceof PDFStream) && nameOf(m) !== 'Identity') this.c.fail('6.2.11.3.2-1', 'embedded CIDFontType2 without CIDToGIDMap Identity or stream', path);
    }
  }

  private checkTrueType(font: PDFDict, desc: PDFDict | undefined, embedded: { key: string; stream: PDFStream } | undefined, path: string): void {
    const ctx = this.ctx;
    const flags = desc ? getNumber(ctx, desc, 'Flags') ?? 0 : 0;
    const symbolic = (flags & 4) !== 0;
    const enc = get(ctx, font, 'Encoding');
    if (symbolic) {
      if (enc !== undefined) this.c.fail('6.2.11.6-3', 'symbolic TrueType font with an Encoding entry', path);
    } else {
      const ok = (n: string | undefined) => n === 'MacRomanEncoding' || n === 'WinAnsiEncoding';
      if (enc === undefined || (enc instanceof PDFName && !ok(enc.decodeText()))) {
        this.c.fail('6.2.11.6-2', 'non-symbolic TrueType font without MacRomanEncoding or WinAnsiEncoding', path);
      } else if (enc instanceof PDFDict) {
        const be = getName(ctx, enc, 'BaseEncoding');
        if (!ok(be)) this.c.fail('6.2.11.6-2', `non-symbolic TrueType font with BaseEncoding ${be === undefined ? '(missing)' : `/${be}`}`, path);
        // the Differences may only name glyphs of the Adobe Glyph List (a non-symbolic font maps by name)
        const bad = (getArray(ctx, enc, 'Differences')?.asArray() ?? []).map((x) => nameOf(resolve(ctx, x))).find((n) => n !== undefined && n !== '.notdef' && !inGlyphList(n));
        if (bad !== undefined) this.c.fail('6.2.11.6-2', `non-symbolic TrueType font whose Differences name /${bad}, which is not in the Adobe Glyph List`, path);
      }
    }
    if (embedded?.key === 'FontFile2') {
      const b = this.decode(embedded.stream, `${path}/FontFile2`);
      const info = b ? readCmapInfo(b) : undefined;
      if (info) {
        if (!symbolic && !(info.has30 ? info.count > 1 : info.count > 0)) this.c.fail('6.2.11.6-1', 'non-symbolic TrueType font program without a usable cmap subtable', path);
        if (symbolic && !(info.count === 1 || info.has30)) this.c.fail('6.2.11.6-4', 'symbolic TrueType font program whose cmap has neither exactly one subtable nor a (3,0) one', path);
      }
    }
  }

  // ---------------------------------------------------------------- annotations, forms, actions

  private checkAnnotation(obj: PDFObject, path: string, page: PageState): void {
    const ctx = this.ctx;
    const a = resolve(ctx, obj);
    if (!(a instanceof PDFDict)) return;
    const sub = getName(ctx, a, 'Subtype') ?? '';
    if (!ALLOWED_ANNOTATIONS.has(sub)) this.c.fail('6.3.1-1', `annotation type /${sub || '(missing)'} is not permitted`, path);
    const f = getNumber(ctx, a, 'F');
    if (sub !== 'Popup' && f === undefined) this.c.fail('6.3.2-1', 'annotation without the F key', path);
    if (f !== undefined && ((f & 1) !== 0 || (f & 2) !== 0 || (f & 4) === 0 || (f & 32) !== 0 || (f & 256) !== 0)) {
      this.c.fail('6.3.2-2', `annotation flags ${f}: Print must be set, Invisible, Hidden, ToggleNoView and NoView clear`, path);
    }
    const rect = getArray(ctx, a, 'Rect');
    const rv = rect ? rect.asArray().map((x) => resolve(ctx, x)).map((x) => (x instanceof PDFNumber ? x.asNumber() : 0)) : [0, 0, 0, 0];
    const width = Math.abs((rv[2] ?? 0) - (rv[0] ?? 0));
    const height = Math.abs((rv[3] ?? 0) - (rv[1] ?? 0));
    const ap = getDict(ctx, a, 'AP');
    if (!(width === 0 && height === 0) && sub !== 'Popup' && sub !== 'Link' && !ap) {
      this.c.fail('6.3.3-1', `/${sub} annotation without an appearance dictionary`, path);
    }
    if (ap) {
      const keys = ap.keys().map((k) => k.decodeText());
      if (keys.length !== 1 || keys[0] !== 'N') this.c.fail('6.3.3-2', `appearance dictionary has keys ${keys.join(', ')} instead of only N`, path);
      const n = get(ctx, ap, 'N');
      let ft = getName(ctx, a, 'FT');
      for (let p = getDict(ctx, a, 'Parent'), k = 0; ft === undefined && p && k < 32; p = getDict(ctx, p, 'Parent'), k++) ft = getName(ctx, p, 'FT');
      if (keys.includes('N')) {
        if (sub === 'Widget' && ft === 'Btn') {
          if (!(n instanceof PDFDict) || n instanceof PDFStream) this.c.fail('6.3.3-3', 'button widget whose N appearance is not a subdictionary of appearance states', path);
        } else if (!(n instanceof PDFStream)) {
          this.c.fail('6.3.3-4', 'the N appearance is not a stream', path);
        }
      }
      const streams: [string, PDFStream][] = [];
      if (n instanceof PDFStream) streams.push(['AP/N', n]);
      else if (n instanceof PDFDict) for (const [k, v] of n.entries()) {
        const s = resolve(ctx, v);
        if (s instanceof PDFStream) streams.push([`AP/N/${k.decodeText()}`, s]);
      }
      for (const [p, s] of streams) this.useXObjectLike(s, `${path}/${p}`, page);
    }
    const ca = getNumber(ctx, a, 'CA');
    if (ca !== undefined && ca < 1) page.transparency = true;
    const bm = getName(ctx, a, 'BM');
    if (bm !== undefined && !BLEND_MODES.has(bm)) this.c.fail('6.2.10-1', `blend mode /${bm} is not defined in ISO 32000-1`, path);
    if (sub === 'Widget' && (a.has(PDFName.of('A')) || a.has(PDFName.of('AA')))) this.c.fail('6.4.1-1', 'widget annotation with an A or AA entry', path);
    const act = get(ctx, a, 'A');
    if (act) this.checkAction(act, `${path}/A`);
    this.checkAdditionalActions(getDict(ctx, a, 'AA'), `${path}/AA`);
    if (sub === 'FileAttachment') {
      const fs = a.get(PDFName.of('FS'));
      if (fs) this.fileAttachmentSpecs.push(fs);
    }
  }

  /** Appearance streams are forms painted on the page. */
  private useXObjectLike(s: PDFStream, path: string, page: PageState): void {
    if (this.visitedForms.has(s)) return;
    this.visitedForms.add(s);
    const own = getDict(this.ctx, s.dict, 'Resources');
    const group = getDict(this.ctx, s.dict, 'Group');
    if (group && getName(this.ctx, group, 'S') === 'Transparency') page.transparency = true;
    const b = this.decode(s, path);
    if (b) this.scanContent(b, { own }, path, page, 1);
  }

  private checkForms(): void {
    const ctx = this.ctx;
    const acro = getDict(ctx, this.c.doc.catalog, 'AcroForm');
    if (!acro) return;
    const na = get(ctx, acro, 'NeedAppearances');
    if (na === PDFBool.True) this.c.fail('6.4.1-3', 'NeedAppearances is true in the interactive form dictionary', 'catalog/AcroForm');
    if (acro.has(PDFName.of('XFA'))) this.c.fail('6.4.2-1', 'the interactive form dictionary contains XFA', 'catalog/AcroForm/XFA');
    const seen = new Set<PDFObject>();
    const walk = (arr: PDFArray | undefined, path: string, depth: number) => {
      if (!arr || depth > 32) return;
      arr.asArray().forEach((x, i) => {
        const f = resolve(ctx, x);
        if (!(f instanceof PDFDict) || seen.has(f)) return;
        seen.add(f);
        // a field merged with its widget is judged as widget (6.4.1-1); pure fields here
        if (getName(ctx, f, 'Subtype') !== 'Widget' && f.has(PDFName.of('AA'))) this.c.fail('6.4.1-2', 'form field with an AA entry', `${path}[${i}]`);
        walk(getArray(ctx, f, 'Kids'), `${path}[${i}]/Kids`, depth + 1);
      });
    };
    walk(getArray(ctx, acro, 'Fields'), 'catalog/AcroForm/Fields', 0);
  }

  private checkAction(obj: PDFObject, path: string, depth = 0): void {
    const ctx = this.ctx;
    if (depth > 32) return;
    const a = resolve(ctx, obj);
    if (a instanceof PDFArray) {
      a.asArray().forEach((x, i) => this.checkAction(x, `${path}[${i}]`, depth + 1));
      return;
    }
    if (!(a instanceof PDFDict) || this.checkedActions.has(a)) return;
    this.checkedActions.add(a);
    const s = getName(ctx, a, 'S');
    if (s === undefined) return;
    if (!ALLOWED_ACTIONS.has(s)) this.c.fail('6.5.1-1', `/${s} action is not permitted`, path);
    if (s === 'Named') {
      const n = getName(ctx, a, 'N');
      if (n === undefined || !ALLOWED_NAMED_ACTIONS.has(n)) this.c.fail('6.5.1-2', `named action /${n ?? '(missing)'} is not permitted`, path);
    }
    const next = get(ctx, a, 'Next');
    if (next) this.checkAction(next, `${path}/Next`, depth + 1);
  }

  private checkAdditionalActions(aa: PDFDict | undefined, path: string): void {
    if (!aa) return;
    for (const [k, v] of aa.entries()) this.checkAction(v, `${path}/${k.decodeText()}`);
  }

  private checkDocumentActions(): void {
    const ctx = this.ctx;
    const cat = this.c.doc.catalog;
    this.checkAdditionalActions(getDict(ctx, cat, 'AA'), 'catalog/AA');
    const open = get(ctx, cat, 'OpenAction');
    if (open instanceof PDFDict) this.checkAction(open, 'catalog/OpenAction');
    const outlines = getDict(ctx, cat, 'Outlines');
    const seen = new Set<PDFObject>();
    const walk = (item: PDFObject | undefined, path: string, depth: number) => {
      let cur = resolve(ctx, item);
      let k = 0;
      while (cur instanceof PDFDict && !seen.has(cur) && depth < 64 && k < 100000) {
        seen.add(cur);
        const act = get(ctx, cur, 'A');
        if (act) this.checkAction(act, `${path}[${k}]/A`);
        walk(cur.get(PDFName.of('First')), `${path}[${k}]/First`, depth + 1);
        cur = resolve(ctx, cur.get(PDFName.of('Next')));
        k++;
      }
    };
    if (outlines) walk(outlines.get(PDFName.of('First')), 'catalog/Outlines', 0);
  }
}
