/**
 * Every CLI command, loaded lazily: each group module is imported only when its first word is typed (or for the
 * full help), so `kontor vat syntax` never loads pdf.js, libxml2 or the database driver. To add commands, add one
 * entry: the first words the module's commands start with, and the import of its Command[] export. Where several
 * modules share a first word, `names` lists the module's commands, so `kontor invoice validate` loads only its own
 * module, not pdf-lib or pdf.js (index.test.ts keeps `names` equal to what the module exports).
 */
import type { CommandGroup } from '../command';

export const commandGroups: CommandGroup[] = [
  { words: ['serve'], load: async () => (await import('./serve')).serveCommands },
  { words: ['schemas'], load: async () => (await import('./schemas')).schemaCommands },
  { words: ['admin'], load: async () => (await import('./admin')).adminCommands },
  { words: ['vat'], load: async () => (await import('./vat')).vatCommands },
  { words: ['peppol'], load: async () => (await import('./peppol')).peppolCommands },
  { words: ['camt'], load: async () => (await import('./camt')).camtCommands },
  { words: ['invoice'], names: ['invoice validate'], load: async () => (await import('./invoice-validate')).invoiceValidateCommands },
  { words: ['invoice'], names: ['invoice xml', 'invoice read', 'invoice convert'], load: async () => (await import('./invoice')).invoiceCommands },
  { words: ['invoice'], names: ['invoice pdf'], load: async () => (await import('./invoice-pdf')).invoicePdfCommands },
  { words: ['invoice'], names: ['invoice verify'], load: async () => (await import('./invoice-verify')).invoiceVerifyCommands },
  { words: ['invoice'], names: ['invoice extract'], load: async () => (await import('./invoice-extract')).invoiceExtractCommands },
  { words: ['pdf'], load: async () => (await import('./pdf-check')).pdfCheckCommands },
  { words: ['pay'], names: ['pay validate'], load: async () => (await import('./pay-validate')).payValidateCommands },
  { words: ['pay', 'bank', 'bankdata', 'address'], names: ['pay sepa', 'pay axz', 'bank lookup', 'bankdata import', 'address structure'], load: async () => (await import('./pay')).payCommands },
];
