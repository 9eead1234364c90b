/**
 * The free-tier "verification seal": a round stamp in the middle of every page with ring text and a banner,
 * drawn first (under the content) in light colours, so that it marks the document without hiding a figure and
 * needs no transparency.
 */
import { type Canvas, MM, PAGE_WIDTH, type Rgb } from './canvas';
import type { Labels } from './i18n';

const SEAL: Rgb = [0.88, 0.92, 0.97];
const SEAL_TEXT: Rgb = [0.8, 0.86, 0.94];

export function drawSeal(c: Canvas, L: Labels): void {
  const cx = PAGE_WIDTH / 2;
  const cy = 160 * MM;
  const outer = 46 * MM;
  const inner = 37 * MM;
  c.circle(cx, cy, outer, 2.5, SEAL);
  c.circle(cx, cy, inner, 1.2, SEAL);
  // ring text, clockwise from the top, letters upright along the tangent
  const unit = c.bold.clean(L.sealRing);
  // a whole number of copies around the ring: pick the font size near 12 pt that makes them fit
  let size = 12;
  let radius = (outer + inner) / 2 - size * 0.35;
  const fits = (2 * Math.PI * radius) / c.bold.width(unit, size);
  const repeat = Math.max(1, Math.round(fits));
  size = Math.min(16, Math.max(8, (size * fits) / repeat));
  radius = (outer + inner) / 2 - size * 0.35;
  const circumference = 2 * Math.PI * radius;
  const text = [...unit.repeat(repeat)];
  // spread the slack evenly so the ring closes without a gap
  const gap = (circumference - c.bold.width(text.join(''), size)) / text.length;
  let travelled = 0;
  for (const ch of text) {
    const w = c.bold.width(ch, size);
    const theta = (travelled + w / 2) / radius; // radians from the top, clockwise
    // baseline start of the glyph: its centre on the circle, shifted back by half its width along the tangent
    const gx = cx + radius * Math.sin(theta) - (w / 2) * Math.cos(theta);
    const gyUp = radius * Math.cos(theta) + (w / 2) * Math.sin(theta);
    c.rotatedText(ch, gx, cy - gyUp, (-theta * 180) / Math.PI, { size, bold: true, color: SEAL_TEXT });
    travelled += w + gap;
  }
  const [l1 = '', l2 = ''] = L.sealCenter;
  c.text(l1, cx, cy - 14, { size: 20, bold: true, color: SEAL_TEXT, align: 'center' });
  c.text(l2, cx, cy + 6, { size: 20, bold: true, color: SEAL_TEXT, align: 'center' });
  c.text(L.sealBanner, cx, cy + outer + 4 * MM, { size: 10, bold: true, color: SEAL_TEXT, align: 'center' });
}
