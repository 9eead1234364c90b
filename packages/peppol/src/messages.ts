/**
 * The issue texts of checkParticipant in German (default) and English. Issues that come from a failed SMP or Directory
 * request carry the technical reason of the failure (`{detail}`: URL, HTTP status, network error) as written by the
 * client, after a sentence in the language asked for.
 */
import { defineMessages, message, type Lang, type MessageParams } from '@kontor/xml';

export const messages = defineMessages({
  SMP_NOT_HTTPS: {
    de: 'Die SML verweist auf {url}; Peppol-SMPs müssen HTTPS verwenden, daher wurde er nicht abgefragt.',
    en: 'The SML points to {url}; Peppol SMPs must use HTTPS, so it was not queried.',
  },
  SMP_PARTICIPANT_UNKNOWN: {
    de: 'Die SML führt den Teilnehmer, sein SMP antwortet für ihn aber mit 404.',
    en: 'The SML lists the participant but its SMP answers 404 for it.',
  },
  SMP_TOO_MANY_DOCUMENT_TYPES: {
    de: 'Der SMP nennt {count} Dokumenttypen; nur die ersten {limit} wurden gelesen.',
    en: 'The SMP lists {count} document types; only the first {limit} were read.',
  },
  SMP_CERTIFICATE_UNREADABLE: {
    de: 'Ein Endpunkt-Zertifikat ist kein lesbares X.509-Zertifikat.',
    en: 'An endpoint certificate is not a readable X.509 certificate.',
  },
  SMP_DOCUMENT_TYPE_MISMATCH: {
    de: 'Der Verweis nennt {reference}, die Metadaten beschreiben aber {actual}.',
    en: 'The reference named {reference} but the metadata describes {actual}.',
  },
  SMP_CERTIFICATE_EXPIRED: {
    de: 'Das Zertifikat des Access Points {url} ist derzeit nicht gültig ({notBefore} – {notAfter}).',
    en: 'The access point certificate of {url} is not valid now ({notBefore} – {notAfter}).',
  },
  SMP_UNAVAILABLE: { de: 'SMP nicht erreichbar: {detail}', en: '{detail}' },
  SMP_INVALID_RESPONSE: { de: 'Antwort des SMP nicht lesbar: {detail}', en: '{detail}' },
  DIRECTORY_UNAVAILABLE: { de: 'Peppol Directory nicht erreichbar: {detail}', en: '{detail}' },
  DIRECTORY_INVALID_RESPONSE: { de: 'Antwort des Peppol Directory nicht lesbar: {detail}', en: '{detail}' },
  DIRECTORY_ABORTED: { de: 'Anfrage an das Peppol Directory abgebrochen: {detail}', en: 'Peppol Directory request aborted: {detail}' },
  REQUEST_FAILED: { de: 'Anfrage fehlgeschlagen: {detail}', en: '{detail}' },
});

export type PeppolMessageKey = keyof typeof messages;

export function say(lang: Lang, key: PeppolMessageKey, params?: MessageParams): string {
  return message(messages, key, lang, params);
}

/** The issue text for a failed request: the code's sentence with the client's technical reason. */
export function failureText(lang: Lang, code: string, detail: string): string {
  const key: PeppolMessageKey = code in messages ? (code as PeppolMessageKey) : 'REQUEST_FAILED';
  return say(lang, key, { detail });
}
