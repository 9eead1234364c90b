/**
 * The XSD step of validatePain001 in the same reader pass as the rules: when the schema store validates the
 * candidate schema sets natively (ISO 20022 / DK pain.001 XSDs), their validations are fed the events of the one
 * streaming read of the file (readPain001's `tap`), so the file is read once and no tree is built. The schema set
 * is only known after the read (profile detection): with profile `auto` the SCT set of the file's version is
 * validated in the pass, and a file detected as AXZ gets its own schema pass afterwards. A set the store validates with libxml2, or a document
 * the native path cannot judge (not well-formed, xsi:type), gets `null` here and goes through `store.validate`.
 * The validation's own handlers get the events (readPain001 asks `tapFor` at the root element), no wrapper per event.
 */
import { findSchemaSet, type SchemaStore, type SharedXsdValidation, type StreamTap, type XsdResult } from '@kontor/xml';
import type { Profile } from '../model/run';
import { PAIN_NAMESPACES } from './read';

export interface SharedXsdPass {
  /**
   * The events of the validation in the pass for a document whose root element is in namespace `ns` (asked once,
   * at the root's start tag; readPain001's `tapFor`), or null when no schema set is validated in the pass. Its
   * functions are called as methods of the returned object.
   */
  tapFor(ns: string): StreamTap | null;
  /** The native result for a schema set, or null when it was not validated in the pass. */
  result(setId: string): XsdResult | null;
}

export function sharedXsdPass(
  store: SchemaStore,
  opts: { requested?: Profile | undefined; schemaSet?: string | undefined; maxFindings: number; setFor: (version: '09' | '03', profile: Profile) => string },
): SharedXsdPass {
  let validation: SharedXsdValidation | null = null;
  return {
    tapFor(ns) {
      const version = PAIN_NAMESPACES[ns];
      if (!version) return null;
      // Profile auto: the SCT set only (the common case). A file detected as AXZ afterwards is validated against its
      // set by store.validate in a pass of its own — one validation in the pass instead of two for every file.
      const id = opts.schemaSet ?? opts.setFor(version, opts.requested ?? 'sct');
      // An unknown or mismatching schemaSet is reported by validatePain001 after the read, not from inside it.
      if (!findSchemaSet(id)) return null;
      validation = store.nativeValidation(id, { maxFindings: opts.maxFindings });
      return validation?.tap ?? null;
    },
    result(setId) {
      return validation !== null && validation.schemaSet === setId ? validation.result() : null;
    },
  };
}
