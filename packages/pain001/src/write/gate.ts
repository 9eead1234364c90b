/**
 * The authoritative generation gate in one pass: while writePain001 builds the file, its events (emit.ts) go to
 * (a) the native XSD validation the schema store gives validatePain001 for the same schema set and (b) readPain001's
 * own read-model builder (pain001Reader, a handler set for reader events); then validatePain001's own last step
 * (assessPain001: DK rules, schema result, verdict, summary) judges them. No second read of the file just written. The result is the
 * one validatePain001 gives for the output (gate.test.ts compares both on many varied runs, the read models too,
 * and the writer's events with the reader's).
 *
 * The model of the pass has no positions (one shared { line: 0, column: 0 }: no position object per node and field),
 * as a generated file has no rule findings in the common case; when it has some, the writer's events are replayed into
 * a reader with positions and the file judged again, so findings carry the positions validatePain001 gives them.
 *
 * When the store does not validate the set natively (not installed, outside the native subset, engine libxml2), or a
 * reader limit is hit while writing, it takes the reading path: validatePain001 on the output with the same options.
 */
import { KontorXmlError, type XsdResult } from '@kontor/xml';
import { assessPain001, schemaSetFor, validatePain001, type Pain001ValidationResult, type ValidateOptions } from '../read/validate';
import { pain001Reader } from '../read/read';
import type { PaymentRun, Profile } from '../model/run';
import { writePain001, type PaymentBlockPlan, type WriteOptions } from './writer';

export interface GateOutcome {
  xml: string;
  blocks: PaymentBlockPlan[];
  /** What validatePain001 says about `xml`. */
  check: Pain001ValidationResult;
  /** True when the schema and the model came from the writer's events (no second read). */
  onePass: boolean;
}

/** Writes the file and judges it in the same pass (see the module comment for when it reads the output instead). */
export async function writeAndGate(run: PaymentRun, profile: Profile, opts: WriteOptions, check: ValidateOptions): Promise<GateOutcome> {
  const validate = (xml: string) => validatePain001(xml, check);
  const setId = schemaSetFor('09', profile);
  const maxFindings = check.maxFindings ?? 1000;
  const native = check.schemaStore?.nativeValidation(setId, { maxFindings }) ?? null;
  if (!native) {
    const { xml, blocks } = writePain001(run, profile, opts);
    return { xml, blocks, check: await validate(xml), onePass: false };
  }
  // readPain001's own builder, fed the writer's events instead of a reader's; without positions, which only findings
  // show: a file with rule findings gets its model again with positions (below).
  const reader = pain001Reader({ limits: check.limits, lang: check.lang, positions: false });
  let written: { xml: string; blocks: PaymentBlockPlan[] };
  try {
    written = writePain001(run, profile, opts, [native.tap, reader]);
  } catch (e) {
    // A reader limit of the element tree (the reading path records it as a defect of the file): read it there.
    if (!(e instanceof KontorXmlError)) throw e;
    const { xml, blocks } = writePain001(run, profile, opts);
    return { xml, blocks, check: await validate(xml), onePass: false };
  }
  const { xml, blocks } = written;
  const model = reader.model();
  if (!model) return { xml, blocks, check: await validate(xml), onePass: false };
  // null: the native validation cannot judge this document like libxml2; assessPain001 then validates `xml` itself.
  const result: XsdResult | null = native.result();
  const shared = { result: (id: string) => (id === setId ? result : null) };
  const assessed = await assessPain001(model, xml, { ...check, profile }, shared);
  if (assessed.findings.length === 0) return { xml, blocks, check: assessed, onePass: result !== null };
  // Rule findings point into the file: the same model with its positions, from the writer's events once more (the
  // writer is deterministic: the same file), judged again with the schema result of the pass.
  const located = pain001Reader({ limits: check.limits, lang: check.lang });
  writePain001(run, profile, opts, [located]);
  return { xml, blocks, check: await assessPain001(located.model()!, xml, { ...check, profile }, shared), onePass: result !== null };
}
