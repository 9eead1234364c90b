/**
 * The XSD step of validatePain001 in the same reader pass as the rules: when the schema store validates the
 * candidate schema sets natively (ISO 20022 / DK pain.001 XSDs), their validations are fed the events of the one
 * streaming read of the file (readPain001's `tap`), so the file is read once and no tree is built. The schema set
 * is only known after the read (profile detection): with profile `auto` the SCT set of the file's version is
 * validated in the pass, and a file detected as AXZ gets its own schema pass afterwards. A set the store validates with libxml2, or a document
 * the native path cannot judge (not well-formed, xsi:type), gets `null` here and goes through `store.validate`.
 */
import { findSchemaSet, type SchemaStore, type StreamTap, type XsdResult } from '@kontor/xml';
import type { Profile } from '../model/run';
import { PAIN_NAMESPACES } from './read';

type Shared = NonNullable<ReturnType<SchemaStore['nativeValidation']>>;

export interface SharedXsdPass {
  /** The reader events (readPain001's `tap`). */
  tap: StreamTap;
  /** The native result for a schema set, or null when it was not validated in the pass. */
  result(setId: string): XsdResult | null;
}

export function sharedXsdPass(
  store: SchemaStore,
  opts: { requested?: Profile | undefined; schemaSet?: string | undefined; maxFindings: number; setFor: (version: '09' | '03', profile: Profile) => string },
): SharedXsdPass {
  let validations: Shared[] | null = null;
  const start = (ns: string): Shared[] => {
    const version = PAIN_NAMESPACES[ns];
    if (!version) return [];
    // Profile auto: the SCT set only (the common case). A file detected as AXZ afterwards is validated against its
    // set by store.validate in a pass of its own — one validation in the pass instead of two for every file.
    const ids = opts.schemaSet ? [opts.schemaSet] : [opts.setFor(version, opts.requested ?? 'sct')];
    const out: Shared[] = [];
    for (const id of ids) {
      // An unknown or mismatching schemaSet is reported by validatePain001 after the read, not from inside it.
      if (!findSchemaSet(id)) continue;
      const v = store.nativeValidation(id, { maxFindings: opts.maxFindings });
      if (v) out.push(v);
    }
    return out;
  };
  // The events of the document element decide the validations; the rest go straight to them (one, as a rule).
  const started: StreamTap = {
    open(name, local, prefix, ns, attributes, line, column) {
      for (const v of validations!) v.tap.open(name, local, prefix, ns, attributes, line, column);
    },
    close() {
      for (const v of validations!) v.tap.close();
    },
    text(t) {
      for (const v of validations!) v.tap.text(t);
    },
  };
  const idle: StreamTap = { open() {}, close() {}, text() {} };
  let current: StreamTap | null = null;
  return {
    tap: {
      open(name, local, prefix, ns, attributes, line, column) {
        if (current === null) {
          validations = start(ns);
          current = validations.length === 0 ? idle : validations.length === 1 ? validations[0]!.tap : started;
        }
        current.open(name, local, prefix, ns, attributes, line, column);
      },
      close() {
        current?.close();
      },
      text(t) {
        current?.text(t);
      },
    },
    result(setId) {
      return validations?.find((v) => v.schemaSet === setId)?.result() ?? null;
    },
  };
}
