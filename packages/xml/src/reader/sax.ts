/**
 * The hardened parser shared by the tree reader (parse.ts), the streaming reader (stream.ts) and the native XSD
 * run (xsd/native/run.ts): Kontor's own tokenizer (tokenizer.ts). saxes is no longer used at run time; it stays
 * a devDependency for the differential test's reference (test/saxes-reference.ts).
 */
export { createHardenedParser, type HardenedParser, type SaxHandlers } from './tokenizer';
