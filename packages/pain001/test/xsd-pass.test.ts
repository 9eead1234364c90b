/**
 * The native XSD validation in validatePain001's reader pass (xsd-pass.ts): the validation's own handlers get the
 * events from the root element on; a document it cannot judge like libxml2 (xsi:type / xsi:nil anywhere, not
 * well-formed) is validated by the libxml2 path instead — the answer equals a store that only has libxml2.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SchemaStore } from '@kontor/xml';
import { validatePain001 } from '../src/read/validate';
import { corpusAvailable, corpusSchemaStores, paymentsDir } from './corpus';

const has = corpusAvailable();
const XSI = 'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"';

let store: SchemaStore;
let lib: SchemaStore;
let cleanup = () => {};
beforeAll(async () => {
  if (!has) return;
  ({ store, libxml2: lib, cleanup } = await corpusSchemaStores());
});
afterAll(() => cleanup());

/** The pain.001 samples of the corpus (.09, .03, constructed), without the 7 MB bulk file. */
const samples = (): { file: string; text: string }[] => {
  const out: { file: string; text: string }[] = [];
  for (const sub of ['pain.001.001.09', 'pain.001.001.03', 'constructed']) {
    const dir = path.join(paymentsDir, 'samples', sub);
    for (const f of readdirSync(dir)) {
      if (!f.endsWith('.xml') || !f.includes('pain') || f.includes('bulk')) continue;
      out.push({ file: `${sub}/${f}`, text: readFileSync(path.join(dir, f), 'utf8') });
    }
  }
  return out;
};

/** The result, or the refusal's code (a file that is not a supported pain.001). */
async function outcome(xml: string, schemaStore: SchemaStore, profile: 'auto' | 'sct' | 'axz') {
  try {
    return await validatePain001(xml, { schemaStore, profile });
  } catch (e) {
    return { refused: (e as { code?: string }).code };
  }
}

describe.runIf(has)('validatePain001: native XSD in the reader pass', () => {
  it('gives the libxml2 answer for every pain.001 sample, and with xsi:type / xsi:nil at the root or deep inside', async () => {
    const list = samples();
    expect(list.length).toBeGreaterThan(20);
    let variants = 0;
    for (const { file, text } of list) {
      const deep = text.replace(/<Nm>/, `<Nm ${XSI} xsi:type="Max140Text">`);
      const nil = text.replace(/<Nm>/, `<Nm ${XSI} xsi:nil="true">`);
      const root = text.replace(/<Document /, `<Document ${XSI} xsi:type="Document" `);
      for (const [what, xml] of [
        ['as is', text],
        ['xsi:type deep', deep],
        ['xsi:nil deep', nil],
        ['xsi:type at the root', root],
      ] as const) {
        if (what !== 'as is' && xml === text) continue;
        variants++;
        for (const profile of ['auto', 'sct', 'axz'] as const) {
          const ours = await outcome(xml, store, profile);
          const theirs = await outcome(xml, lib, profile);
          expect(ours, `${file} ${what} ${profile}`).toEqual(theirs);
        }
      }
    }
    expect(variants).toBeGreaterThan(list.length * 2);
  });
});
