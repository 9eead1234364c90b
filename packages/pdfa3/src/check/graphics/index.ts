/**
 * Checks that follow what pages actually use: content streams (operators, limits, colour operators,
 * inline images, rendering intents), the resources they reference (fonts, images, forms, graphics
 * states, colour spaces, patterns, shadings), annotations and their appearances, form fields, actions,
 * page boxes and transparency. Resources that no content stream uses are not judged, as in veraPDF.
 *
 * This is the driver; the checks live by clause group next to it: pages.ts (the page and its boxes),
 * content.ts (operators, 6.1.13, 6.2.2, 6.2.6), colour.ts (6.2.4.x), graphics-state.ts (6.2.5, 6.2.10),
 * xobjects.ts (6.2.8, 6.2.9), fonts.ts (6.2.11.x), annotations.ts (6.3, 6.4, 6.5); state.ts holds what
 * they share.
 */
import type { PDFDict, PDFObject } from 'pdf-lib';
import type { CheckContext } from '../context';
import type { GlyphUse } from '../glyph-widths';
import { checkDocumentActions, checkForms } from './annotations';
import { checkDeviceColour } from './colour';
import { checkPage } from './pages';
import { GraphicsRun, type DeviceSpace, type GraphicsFacts } from './state';

export type { GraphicsFacts };

export class GraphicsChecker {
  private readonly g: GraphicsRun;

  constructor(c: CheckContext, facts: GraphicsFacts) {
    this.g = new GraphicsRun(c, facts);
  }

  /** device colour spaces painted without a Default colour space, with the first place each was used */
  get deviceUse(): Map<DeviceSpace, string> {
    return this.g.deviceUse;
  }

  /** file specifications of FileAttachment annotations (for 6.8) */
  get fileAttachmentSpecs(): PDFObject[] {
    return this.g.fileAttachmentSpecs;
  }

  /** strings each font showed in a render mode other than 3 (for 6.2.11.5) */
  get glyphUse(): Map<PDFDict, GlyphUse> {
    return this.g.glyphUse;
  }

  /** The page loop: every page with what it paints (the expensive part; a precheck can stand in for it). */
  runPages(): void {
    const g = this.g;
    const pages = g.c.doc.getPages();
    if (pages.length > g.c.maxPages) {
      g.c.note('PDF_TOO_MANY_PAGES', 'error', g.c.t('TOO_MANY_PAGES_JUDGED', { count: pages.length, max: g.c.maxPages }));
    }
    for (let i = 0; i < Math.min(pages.length, g.c.maxPages); i++) checkPage(g, pages[i]!, i);
  }

  /** What a page loop left behind, taken from a precheck instead of running it (see ../precheck.ts). */
  adoptPages(deviceUse: ReadonlyMap<DeviceSpace, string>, fileAttachmentSpecs: readonly PDFObject[], checkedActions: ReadonlySet<PDFObject>): void {
    for (const [k, v] of deviceUse) this.g.deviceUse.set(k, v);
    this.g.fileAttachmentSpecs.push(...fileAttachmentSpecs);
    for (const a of checkedActions) this.g.checkedActions.add(a);
  }

  /** actions the page loop judged so far */
  get checkedActions(): ReadonlySet<PDFObject> {
    return this.g.checkedActions;
  }

  /** After the pages: device colour against the output intent, the interactive form, the document's actions. */
  runDocument(): void {
    const g = this.g;
    checkDeviceColour(g);
    checkForms(g);
    checkDocumentActions(g);
  }

  run(): void {
    this.runPages();
    this.runDocument();
  }
}
