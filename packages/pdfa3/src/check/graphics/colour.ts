/**
 * Colour spaces (6.2.4.x): device colour without a matching output intent or Default space
 * (6.2.4.3), ICC profiles and overprinting in ICC CMYK (6.2.4.2), Separation and DeviceN colourants
 * (6.2.4.4, 6.1.8, 6.1.13-9).
 */
import { PDFArray, PDFDict, PDFName, PDFNumber, PDFStream, type PDFObject } from 'pdf-lib';
import { readIccHeader } from '../../internal/icc';
import { decodeStream, entryByName, getDict, getNumber, nameOf, resolve, pdfName } from '../../internal/pdf';
import { validUtf8Name, type GraphicsRun, type DeviceSpace, type Res, type PageState, decode, lookupRes } from './state';

const PROCESS_COLORANTS = new Set(['Cyan', 'Magenta', 'Yellow', 'Black', 'None', 'All']);

function hasDefault(run: GraphicsRun, res: Res, space: DeviceSpace): boolean {
  const key = space.replace('Device', 'Default');
  for (let r: Res | undefined = res; r; r = r.isolated ? undefined : r.parent) {
    const csd = r.own ? getDict(run.ctx, r.own, 'ColorSpace') : undefined;
    if (csd && csd.has(pdfName(key))) return true;
  }
  return false;
}

export function useDevice(run: GraphicsRun, space: DeviceSpace, res: Res, path: string): void {
  // the first use of a device space is all that is kept: once known, a later use changes nothing
  if (run.deviceUse.has(space)) return;
  if (hasDefault(run, res, space)) return;
  run.deviceUse.set(space, path);
}

export function useColorSpace(run: GraphicsRun, obj: PDFObject, res: Res, path: string, page: PageState, depth = 0): void {
  if (depth > 16) return;
  const cs = resolve(run.ctx, obj);
  if (cs instanceof PDFName) {
    const n = cs.decodeText();
    if (n === 'DeviceRGB' || n === 'DeviceCMYK' || n === 'DeviceGray') useDevice(run, n, res, path);
    else if (n !== 'Pattern') {
      const named = lookupRes(run, res, 'ColorSpace', n, path);
      if (named && !(named instanceof PDFName)) useColorSpace(run, named, res, path, page, depth + 1);
    }
    return;
  }
  if (!(cs instanceof PDFArray) || cs.size() === 0) return;
  const family = nameOf(resolve(run.ctx, cs.get(0)));
  const arg = (i: number) => (i < cs.size() ? resolve(run.ctx, cs.get(i)) : undefined);
  const first = run.checkedColorSpaces.has(cs) === false;
  run.checkedColorSpaces.add(cs);
  switch (family) {
    case 'ICCBased': {
      const s = arg(1);
      if (first && s instanceof PDFStream) {
        const b = decode(run, s, path);
        const h = b ? readIccHeader(b) : undefined;
        const n = getNumber(run.ctx, s.dict, 'N');
        const comps: Record<string, number> = { GRAY: 1, 'RGB ': 3, CMYK: 4, 'Lab ': 3 };
        if (b && (!h || !['prtr', 'mntr', 'scnr', 'spac'].includes(h.deviceClass) || !(h.colorSpace in comps) || h.version >= 5 || (n !== undefined && comps[h.colorSpace] !== n))) {
          run.c.fail('6.2.4.2-1', run.c.t('ICC_PROFILE_INVALID'), path);
        }
      }
      break;
    }
    case 'Indexed':
    case 'I': {
      const base = arg(1);
      if (base) useColorSpace(run, base, res, path, page, depth + 1);
      break;
    }
    case 'Pattern': {
      const base = arg(1);
      if (base) useColorSpace(run, base, res, path, page, depth + 1);
      break;
    }
    case 'Separation': {
      const alt = arg(2);
      const nm = nameOf(arg(1));
      if (first && nm !== undefined && !validUtf8Name(nm)) run.c.fail('6.1.8-1', run.c.t('SEPARATION_NAME_UTF8'), path);
      if (first && nm !== undefined && nm !== 'All' && nm !== 'None') checkSeparation(run, nm, cs.get(2), cs.get(3), path);
      if (alt) useColorSpace(run, alt, res, path, page, depth + 1);
      break;
    }
    case 'DeviceN': {
      const names = arg(1);
      const alt = arg(2);
      if (names instanceof PDFArray) {
        if (names.size() > 32) run.c.fail('6.1.13-9', run.c.t('DEVICEN_TOO_MANY', { count: names.size() }), path);
        const attrs = arg(4);
        const colorants = attrs instanceof PDFDict ? getDict(run.ctx, attrs, 'Colorants') : undefined;
        if (first && colorants) {
          for (const [k, v] of colorants.entries()) {
            const sep = resolve(run.ctx, v);
            if (sep instanceof PDFArray && sep.size() >= 4) checkSeparation(run, k.decodeText(), sep.get(2), sep.get(3), `${path}/Colorants/${k.decodeText()}`);
          }
        }
        for (const n of names.asArray()) {
          const nm = nameOf(resolve(run.ctx, n));
          if (first && nm !== undefined && !validUtf8Name(nm)) run.c.fail('6.1.8-1', run.c.t('DEVICEN_NAME_UTF8'), path);
          if (nm === undefined || PROCESS_COLORANTS.has(nm)) continue;
          if (!colorants || entryByName(colorants, nm) === undefined) {
            run.c.fail('6.2.4.4-1', run.c.t('DEVICEN_NO_COLORANT', { name: nm }), path);
          }
        }
      }
      if (alt) useColorSpace(run, alt, res, path, page, depth + 1);
      break;
    }
    default:
      break;
  }
}

export function isIccCmyk(run: GraphicsRun, obj: PDFObject): boolean {
  const cs = resolve(run.ctx, obj);
  if (!(cs instanceof PDFArray) || nameOf(resolve(run.ctx, cs.get(0))) !== 'ICCBased') return false;
  const st = cs.size() > 1 ? resolve(run.ctx, cs.get(1)) : undefined;
  return st instanceof PDFStream && getNumber(run.ctx, st.dict, 'N') === 4;
}

/** 6.2.4.4-2: Separation arrays of the same name must agree on alternate space and tint transform. */

function checkSeparation(run: GraphicsRun, name: string, alt: PDFObject | undefined, tint: PDFObject | undefined, path: string): void {
  const prev = run.separations.get(name);
  if (!prev) {
    run.separations.set(name, { alt, tint });
    return;
  }
  if (!sameObject(run, prev.alt, alt, 0) || !sameObject(run, prev.tint, tint, 0)) {
    run.c.fail('6.2.4.4-2', run.c.t('SEPARATION_DIFFER', { name }), path);
  }
}

/** Structural equality of PDF objects, ignoring direct/indirect and stream compression. */

function sameObject(run: GraphicsRun, a: PDFObject | undefined, b: PDFObject | undefined, depth: number): boolean {
  const x = resolve(run.ctx, a);
  const y = resolve(run.ctx, b);
  if (x === y) return true;
  if (!x || !y || depth > 16) return false;
  if (x instanceof PDFStream && y instanceof PDFStream) {
    const ex = ['Length', 'Filter', 'DecodeParms'];
    const dx = x.dict.entries().filter(([k]) => !ex.includes(k.decodeText()));
    const dy = y.dict.entries().filter(([k]) => !ex.includes(k.decodeText()));
    if (dx.length !== dy.length || !dx.every(([k, v]) => sameObject(run, v, y.dict.get(k), depth + 1))) return false;
    try {
      return Buffer.from(decodeStream(run.ctx, x, 1 << 20)).equals(Buffer.from(decodeStream(run.ctx, y, 1 << 20)));
    } catch {
      return false;
    }
  }
  if (x instanceof PDFArray && y instanceof PDFArray) {
    return x.size() === y.size() && x.asArray().every((v, i) => sameObject(run, v, y.get(i), depth + 1));
  }
  if (x instanceof PDFDict && y instanceof PDFDict && !(x instanceof PDFStream) && !(y instanceof PDFStream)) {
    const ex = x.entries();
    return ex.length === y.entries().length && ex.every(([k, v]) => sameObject(run, v, y.get(k), depth + 1));
  }
  if (x instanceof PDFNumber && y instanceof PDFNumber) return x.asNumber() === y.asNumber();
  return x.toString() === y.toString();
}

export function checkDeviceColour(run: GraphicsRun): void {
  const oi = run.facts.outputCS;
  const rgb = run.deviceUse.get('DeviceRGB');
  if (rgb && oi !== 'RGB ') run.c.fail('6.2.4.3-2', run.c.t('DEVICE_RGB', { found: oi ? run.c.t('OUTPUT_INTENT_IS', { space: oi.trim() }) : '' }), rgb);
  const cmyk = run.deviceUse.get('DeviceCMYK');
  if (cmyk && oi !== 'CMYK') run.c.fail('6.2.4.3-3', run.c.t('DEVICE_CMYK', { found: oi ? run.c.t('OUTPUT_INTENT_IS', { space: oi.trim() }) : '' }), cmyk);
  const gray = run.deviceUse.get('DeviceGray');
  if (gray && !oi) run.c.fail('6.2.4.3-4', run.c.t('DEVICE_GRAY'), gray);
}
