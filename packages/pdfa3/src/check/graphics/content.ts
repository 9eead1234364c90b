/**
 * Content streams (the operators a page paints with): operand limits (6.1.13-1..5, hexadecimal
 * strings 6.1.6), undefined operators (6.2.2-1), rendering intents (6.2.6), inline images (6.1.10,
 * 6.2.8-3), q/Q nesting (6.1.13-8), and the hand-off of every painted resource to its clause group.
 */
import { PDFBool, PDFDict, type PDFObject, PDFStream } from 'pdf-lib';
import { ContentLimitError, type ContentParseError, CONTENT_OPERATORS, tokenizeContent, type Operand, type Operation } from '../../internal/content';
import { get, getName, getNumber } from '../../internal/pdf';
import { ALLOWED_INLINE_FILTERS, RENDERING_INTENTS } from '../../internal/rules';
import { useDevice, useColorSpace, isIccCmyk } from './colour';
import { checkFont, useType3Glyphs } from './fonts';
import { checkExtGState } from './graphics-state';
import { INITIAL, type GraphicsRun, type DeviceSpace, type Res, type PageState, type Space, type ColourStart, lookupRes } from './state';
import { useXObject, usePattern } from './xobjects';

interface GState {
  font?: PDFDict | undefined;
  fontName?: string;
  /** `${path}/Font/${fontName}`, made once per Tf */
  fontPath?: string;
  renderMode: number;
  /** current colour spaces; painting with a device space uses it (the initial one is DeviceGray) */
  fill: Space;
  stroke: Space;
  overprintFill: boolean;
  overprintStroke: boolean;
  opm: number;
}

function checkOperandLimits(run: GraphicsRun, ops: Operand[], path: string): void {
  for (const o of ops) {
    if (o.t === 'num') {
      if (o.int && (o.v > 2147483647 || o.v < -2147483648)) run.c.fail('6.1.13-1', run.c.t('INTEGER_RANGE', { value: o.v }), path);
      else if (!o.int && Math.abs(o.v) > 3.403e38) run.c.fail('6.1.13-2', run.c.t('REAL_RANGE', { value: o.v }), path);
      else if (!o.int && o.v !== 0 && Math.abs(o.v) < 1.175e-38) run.c.fail('6.1.13-5', run.c.t('REAL_TINY', { value: o.v }), path);
    } else if (o.t === 'str') {
      if (o.bytes > 32767) run.c.fail('6.1.13-3', run.c.t('CONTENT_STRING_TOO_LONG', { count: o.bytes }), path);
      if (o.hex) {
        if (o.hexChars !== undefined && o.hexChars % 2 !== 0) run.c.fail('6.1.6-1', run.c.t('HEX_ODD'), path);
        if (o.hexOther) run.c.fail('6.1.6-2', run.c.t('HEX_CHARS'), path);
      }
    } else if (o.t === 'name') {
      if (o.v.length > 127) run.c.fail('6.1.13-4', run.c.t('NAME_TOO_LONG'), path);
    } else if (o.t === 'arr') checkOperandLimits(run, o.v, path);
    else if (o.t === 'dict') checkOperandLimits(run, [...o.v.values()], path);
  }
}

export function scanContent(run: GraphicsRun, bytes: Uint8Array, res: Res, path: string, page: PageState, depth = 0, start: ColourStart = INITIAL): void {
  if (depth > 24) {
    run.c.note('PDF_NESTING_TOO_DEEP', 'error', run.c.t('NESTING_TOO_DEEP'), path);
    return;
  }
  if (run.operatorsLeft <= 0) return;
  let ops: Operation[];
  try {
    ops = tokenizeContent(bytes, { maxOperations: Math.min(2_000_000, run.operatorsLeft) });
  } catch (e) {
    if (e instanceof ContentLimitError) {
      run.operatorsLeft = 0;
      run.c.note('PDF_TOO_MANY_OPERATORS', 'error', run.c.t('TOO_MANY_OPERATORS', { error: e.message }), path);
    } else run.c.note('PDF_CONTENT_UNPARSEABLE', 'warning', run.c.t('CONTENT_UNPARSEABLE', { error: (e as ContentParseError).message }), path);
    return;
  }
  run.operatorsLeft -= ops.length;
  const stack: GState[] = [];
  let gs: GState = { renderMode: 0, fill: start.fill, stroke: start.stroke, overprintFill: false, overprintStroke: false, opm: 0 };
  let qDepth = 0;
  const paint = (fill: boolean, stroke: boolean) => {
    if (fill && gs.fill !== 'other' && gs.fill !== 'iccCMYK') useDevice(run, gs.fill, res, path);
    if (stroke && gs.stroke !== 'other' && gs.stroke !== 'iccCMYK') useDevice(run, gs.stroke, res, path);
    if (gs.opm === 1 && ((fill && gs.fill === 'iccCMYK' && gs.overprintFill) || (stroke && gs.stroke === 'iccCMYK' && gs.overprintStroke))) {
      run.c.fail('6.2.4.2-2', run.c.t('OVERPRINT_MODE'), path);
    }
  };
  // a font's /Subtype read once per scan (Type 3 glyph procedures are painted with the text)
  const type3 = new Map<PDFDict, boolean>();
  const showText = (strings: Operand[]) => {
    const m = gs.renderMode;
    if (m !== 3 && gs.font) {
      let u = run.glyphUse.get(gs.font);
      if (!u) run.glyphUse.set(gs.font, (u = { path: gs.fontPath!, strings: [] }));
      // a malformed hex string (6.1.6) has no agreed glyph codes; its glyphs are not judged
      for (const o of strings) {
        if (o.t === 'str') {
          if (!o.hexOther) u.strings.push(o.data);
        } else if (o.t === 'arr') for (const x of o.v) if (x.t === 'str' && !x.hexOther) u.strings.push(x.data);
      }
    }
    if (m === 3 || m === 7) return;
    // fill in modes 0, 2, 4, 6; stroke in 1, 2, 5, 6
    paint(m === 0 || m === 2 || m === 4 || m === 6, m === 1 || m === 2 || m === 5 || m === 6);
    if (gs.font) {
      checkFont(run, gs.font, gs.renderMode, gs.fontPath!, page, depth);
      let isType3 = type3.get(gs.font);
      if (isType3 === undefined) type3.set(gs.font, (isType3 = getName(run.ctx, gs.font, 'Subtype') === 'Type3'));
      if (isType3) {
        const codes = new Set<number>();
        for (const o of strings) {
          if (o.t === 'str') o.data.forEach((b) => codes.add(b));
          else if (o.t === 'arr') for (const x of o.v) if (x.t === 'str') x.data.forEach((b) => codes.add(b));
        }
        useType3Glyphs(run, gs.font, codes, res, gs.fontPath!, page, depth, { fill: gs.fill, stroke: gs.stroke });
      }
    }
  };
  // resources looked up once per name and category in this stream (the same answer and findings each time)
  const looked = new Map<string, PDFObject | undefined>();
  const lookup = (category: string, name: string): PDFObject | undefined => {
    const key = `${category}/${name}`;
    if (looked.has(key)) return looked.get(key);
    const v = lookupRes(run, res, category, name, path);
    looked.set(key, v);
    return v;
  };
  let a: Operand[] = [];
  const lastName = (): string | undefined => {
    const x = a[a.length - 1];
    return x && x.t === 'name' ? x.v : undefined;
  };
  for (const op of ops) {
    if (op.operands.length > 0) checkOperandLimits(run, op.operands, path);
    a = op.operands;
    switch (op.op) {
      case 'q':
        // states beyond the PDF/A limit are not kept (6.1.13-8 already fails); a Q there restores nothing
        if (stack.length < 64) stack.push({ ...gs });
        qDepth++;
        if (qDepth === 29) run.c.fail('6.1.13-8', run.c.t('Q_NESTING'), path);
        break;
      case 'Q':
        if (qDepth <= stack.length) gs = stack.pop() ?? gs;
        qDepth = Math.max(0, qDepth - 1);
        break;
      case 'Tf': {
        const n = a[0]?.t === 'name' ? a[0].v : undefined;
        if (n !== undefined) {
          const f = lookup('Font', n);
          gs.font = f instanceof PDFDict ? f : undefined;
          gs.fontName = n;
          gs.fontPath = `${path}/Font/${n}`;
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
        const x = lookup('XObject', n);
        if (x instanceof PDFStream) {
          if (get(run.ctx, x.dict, 'ImageMask') === PDFBool.True) paint(true, false);
          useXObject(run, x, res, `${path}/XObject/${n}`, page, depth, { fill: gs.fill, stroke: gs.stroke });
        }
        break;
      }
      case 'gs': {
        const n = lastName();
        if (n === undefined) break;
        const g = lookup('ExtGState', n);
        if (g instanceof PDFDict) {
          checkExtGState(run, g, `${path}/ExtGState/${n}`, page);
          const OP = get(run.ctx, g, 'OP');
          const op2 = get(run.ctx, g, 'op');
          if (OP instanceof PDFBool) {
            gs.overprintStroke = OP.asBoolean();
            if (!(op2 instanceof PDFBool)) gs.overprintFill = OP.asBoolean();
          }
          if (op2 instanceof PDFBool) gs.overprintFill = op2.asBoolean();
          const opm = getNumber(run.ctx, g, 'OPM');
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
          useDevice(run, n, res, path);
          space = n;
        } else if (n !== 'Pattern') {
          const cs = lookup('ColorSpace', n);
          if (cs) {
            useColorSpace(run, cs, res, `${path}/ColorSpace/${n}`, page, depth);
            if (isIccCmyk(run, cs)) space = 'iccCMYK';
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
        const p = lookup('Pattern', n);
        if (p) usePattern(run, p, res, `${path}/Pattern/${n}`, page, depth);
        break;
      }
      case 'rg':
      case 'RG':
      case 'k':
      case 'K':
      case 'g':
      case 'G': {
        const space: DeviceSpace = op.op === 'rg' || op.op === 'RG' ? 'DeviceRGB' : op.op === 'k' || op.op === 'K' ? 'DeviceCMYK' : 'DeviceGray';
        useDevice(run, space, res, path);
        if (op.op === op.op.toLowerCase()) gs.fill = space;
        else gs.stroke = space;
        break;
      }
      case 'sh': {
        const n = lastName();
        if (n === undefined) break;
        const sh = lookup('Shading', n);
        const shd = sh instanceof PDFStream ? sh.dict : sh instanceof PDFDict ? sh : undefined;
        if (shd) {
          const cs = get(run.ctx, shd, 'ColorSpace');
          if (cs) useColorSpace(run, cs, res, `${path}/Shading/${n}`, page, depth);
        }
        break;
      }
      case 'ri': {
        const n = lastName();
        if (n !== undefined && !RENDERING_INTENTS.has(n)) run.c.fail('6.2.6-1', run.c.t('RENDERING_INTENT', { intent: n }), path);
        break;
      }
      case 'BI': {
        const d = op.inline ?? new Map<string, Operand>();
        const im = d.get('IM') ?? d.get('ImageMask');
        if (im?.t === 'bool' && im.v) paint(true, false);
        checkInlineImage(run, d, res, path, page);
        break;
      }
      default:
        if (!CONTENT_OPERATORS.has(op.op) && /^[A-Za-z'"*0-9]+$/.test(op.op)) {
          run.c.fail('6.2.2-1', run.c.t('UNDEFINED_OPERATOR', { op: op.op }), path);
        }
    }
  }
}

function checkInlineImage(run: GraphicsRun, d: Map<string, Operand>, res: Res, path: string, page: PageState): void {
  const f = d.get('F') ?? d.get('Filter');
  const names = f?.t === 'name' ? [f.v] : f?.t === 'arr' ? f.v.map((x) => (x.t === 'name' ? x.v : '?')) : [];
  for (const n of names) if (!ALLOWED_INLINE_FILTERS.has(n)) run.c.fail('6.1.10-1', run.c.t('INLINE_FILTER', { filter: n }), path);
  const interp = d.get('I') ?? d.get('Interpolate');
  if (interp?.t === 'bool' && interp.v) run.c.fail('6.2.8-3', run.c.t('INLINE_INTERPOLATE'), path);
  const intent = d.get('Intent');
  if (intent?.t === 'name' && !RENDERING_INTENTS.has(intent.v)) run.c.fail('6.2.6-1', run.c.t('RENDERING_INTENT', { intent: intent.v }), path);
  const im = d.get('IM') ?? d.get('ImageMask');
  if (im?.t === 'bool' && im.v) return;
  const cs = d.get('CS') ?? d.get('ColorSpace');
  if (cs?.t === 'name') {
    const short: Record<string, DeviceSpace> = { G: 'DeviceGray', RGB: 'DeviceRGB', CMYK: 'DeviceCMYK', DeviceGray: 'DeviceGray', DeviceRGB: 'DeviceRGB', DeviceCMYK: 'DeviceCMYK' };
    const dev = short[cs.v];
    if (dev) useDevice(run, dev, res, path);
    else if (cs.v !== 'I' && cs.v !== 'Indexed') {
      const r = lookupRes(run, res, 'ColorSpace', cs.v, path);
      if (r) useColorSpace(run, r, res, path, page);
    }
  } else if (cs?.t === 'arr') {
    const base = cs.v[1];
    if (base?.t === 'name') {
      const dev = ({ G: 'DeviceGray', RGB: 'DeviceRGB', CMYK: 'DeviceCMYK', DeviceGray: 'DeviceGray', DeviceRGB: 'DeviceRGB', DeviceCMYK: 'DeviceCMYK' } as Record<string, DeviceSpace>)[base.v];
      if (dev) useDevice(run, dev, res, path);
    }
  }
}
