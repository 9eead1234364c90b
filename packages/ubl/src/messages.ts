/**
 * The message catalogue of @kontor/ubl for the texts that are not rule messages (those live in ./rules/messages.ts):
 * the reader's and the converter's findings and notes, in German and English.
 */
import { defineMessages, message, type Lang, type MessageParams } from '@kontor/xml';

export const messages = defineMessages({
  NOT_UBL: {
    en: 'The document is <{root}> in {ns}, not a UBL 2.1 Invoice or CreditNote',
    de: 'Das Dokument ist <{root}> im Namensraum {ns}, keine UBL-2.1-Rechnung (Invoice) oder -Gutschrift (CreditNote)',
  },
  NO_NAMESPACE: { en: 'no namespace', de: 'keinem Namensraum' },
  NOT_IN_MODEL: { en: 'UBL element {name} is not part of the EN 16931 model', de: 'Das UBL-Element {name} ist nicht Teil des EN-16931-Modells' },
  UNKNOWN_SYNTAX: {
    en: 'The document is neither a CII CrossIndustryInvoice nor a UBL 2.1 Invoice/CreditNote (or not readable XML)',
    de: 'Das Dokument ist weder eine CII-CrossIndustryInvoice noch eine UBL-2.1-Invoice/CreditNote (oder kein lesbares XML)',
  },
  CONVERTED_BY_SYNTAX_BINDING: {
    en: 'The invoice model would not re-generate this invoice (findings above); it was converted element by element, amounts unchanged',
    de: 'Das Rechnungsmodell würde diese Rechnung nicht neu erzeugen (Befunde oben); sie wurde Element für Element umgesetzt, Beträge unverändert',
  },
});

export type MessageKey = keyof typeof messages;

/** The text of `key` in `lang`; a parameter given as `{ key }` is a text of this catalogue in the same language. */
export function msg(key: MessageKey, lang: Lang, params: Readonly<Record<string, MessageParams[string] | { key: MessageKey }>> = {}): string {
  const p: Record<string, MessageParams[string]> = {};
  for (const [k, v] of Object.entries(params)) p[k] = v !== null && typeof v === 'object' ? message(messages, v.key, lang) : v;
  return message(messages, key, lang, p);
}
