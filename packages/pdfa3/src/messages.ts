/**
 * Every user-facing finding text of @kontor/pdfa3 in English and German. Functions take `lang` (default 'en');
 * codes, rules and clause numbers do not depend on the language.
 */
import { defineMessages, message, type Lang, type MessageParams } from '@kontor/xml';

export const messages = defineMessages({
  // ---- check driver (check-pdfa3.ts) and context
  TOO_MANY_PAGES: { en: 'the file has more than {max} pages (limit); it is not judged', de: 'die Datei hat mehr als {max} Seiten (Grenze); sie wird nicht beurteilt' },
  NOT_JUDGED: { en: '{error}; it is not judged', de: '{error}; die Datei wird nicht beurteilt' },
  ENCRYPTED_UNPARSEABLE: {
    en: 'the trailer contains Encrypt (the encrypted file could not be parsed further)',
    de: 'der Trailer enthält Encrypt (die verschlüsselte Datei konnte nicht weiter gelesen werden)',
  },
  UNREADABLE: { en: 'not a readable PDF: {error}', de: 'kein lesbares PDF: {error}' },
  STRUCTURE_BROKEN: {
    en: '{phase}: the document structure cannot be followed ({error})',
    de: '{phase}: der Dokumentstruktur kann nicht gefolgt werden ({error})',
  },
  TRANSPARENCY_NO_GROUP: {
    en: 'the page uses transparency, the file has no PDF/A output intent and the page has no transparency group colour space',
    de: 'die Seite verwendet Transparenz, die Datei hat keinen PDF/A-Output-Intent und die Seite keinen Farbraum einer Transparenzgruppe',
  },

  // ---- trailer, output intents, metadata, catalog (document.ts)
  TRAILER_NO_ID: { en: 'the trailer dictionary has no ID', de: 'das Trailer-Dictionary hat keine ID' },
  TRAILER_ENCRYPT: { en: 'the trailer dictionary contains Encrypt', de: 'das Trailer-Dictionary enthält Encrypt' },
  OI_PDFX_PROFILE_REF: { en: 'GTS_PDFX output intent with DestOutputProfileRef', de: 'GTS_PDFX-Output-Intent mit DestOutputProfileRef' },
  OI_PROFILE_KIND: {
    en: 'output intent profile is not a v2/v4 output or monitor profile in RGB, CMYK or GRAY{head}',
    de: 'das Profil des Output-Intents ist kein v2/v4-Ausgabe- oder Monitorprofil in RGB, CMYK oder GRAY{head}',
  },
  OI_PROFILE_HEAD: { en: ' (class {deviceClass}, {colorSpace}, v{version})', de: ' (Klasse {deviceClass}, {colorSpace}, v{version})' },
  OI_DIFFERENT_PROFILES: {
    en: 'several output intents refer to different DestOutputProfile objects',
    de: 'mehrere Output-Intents verweisen auf verschiedene DestOutputProfile-Objekte',
  },
  METADATA_MISSING: { en: 'the catalog has no Metadata stream', de: 'der Katalog hat keinen Metadata-Stream' },
  METADATA_UNDECODABLE: { en: 'the metadata stream cannot be decoded: {error}', de: 'der Metadaten-Stream kann nicht dekodiert werden: {error}' },
  XMP_NOT_UTF8: { en: 'the XMP packet is not UTF-8 encoded', de: 'das XMP-Paket ist nicht UTF-8-kodiert' },
  XMP_MALFORMED: { en: 'the XMP packet is not well-formed XML: {error}', de: 'das XMP-Paket ist kein wohlgeformtes XML: {error}' },
  XPACKET_BYTES: { en: 'the xpacket header uses the bytes attribute', de: 'der xpacket-Kopf verwendet das Attribut bytes' },
  XPACKET_ENCODING: { en: 'the xpacket header uses the encoding attribute', de: 'der xpacket-Kopf verwendet das Attribut encoding' },
  PDFAID_MISSING: {
    en: 'no PDF/A identification (pdfaid:part / pdfaid:conformance) in the document metadata',
    de: 'keine PDF/A-Kennung (pdfaid:part / pdfaid:conformance) in den Dokumentmetadaten',
  },
  PDFAID_PART: { en: 'pdfaid:part is {part}, expected {expected}', de: 'pdfaid:part ist {part}, erwartet {expected}' },
  PDFAID_CONFORMANCE: { en: 'pdfaid:conformance is {conformance}, expected A, B or U', de: 'pdfaid:conformance ist {conformance}, erwartet A, B oder U' },
  MISSING_VALUE: { en: '(missing)', de: '(fehlt)' },
  PDFAID_PREFIX: { en: 'pdfaid:{key} is written with the prefix "{prefix}"', de: 'pdfaid:{key} ist mit dem Präfix „{prefix}“ geschrieben' },
  XMP_PROPERTY_UNDECLARED: {
    en: 'XMP property {prefix}:{local} ({uri}) is neither predefined nor declared in an extension schema',
    de: 'die XMP-Eigenschaft {prefix}:{local} ({uri}) ist weder vordefiniert noch in einem Erweiterungsschema deklariert',
  },
  XMP_PROPERTY_NOT_IN_SCHEMA: {
    en: 'XMP property {prefix}:{local} is not declared in the extension schema for {uri}',
    de: 'die XMP-Eigenschaft {prefix}:{local} ist im Erweiterungsschema für {uri} nicht deklariert',
  },
  XMP_VALUE_PREDEFINED_TYPE: {
    en: '{prefix}:{local} is not a valid {type} (the type XMP 2005 defines for it)',
    de: '{prefix}:{local} ist kein gültiger Wert vom Typ {type} (der Typ, den XMP 2005 dafür festlegt)',
  },
  XMP_VALUE_CONTAINER: { en: '{prefix}:{local} must be an rdf:{container} ({valueType})', de: '{prefix}:{local} muss ein rdf:{container} sein ({valueType})' },
  XMP_VALUE_ARRAY: { en: '{prefix}:{local} is declared {valueType} but holds an array', de: '{prefix}:{local} ist als {valueType} deklariert, enthält aber ein Array' },
  XMP_VALUE_TYPE: { en: '{prefix}:{local} is not a valid {valueType}', de: '{prefix}:{local} ist kein gültiger Wert vom Typ {valueType}' },
  XMP_VALUE_FIELDS: {
    en: '{prefix}:{local} uses fields not declared for value type {base}',
    de: '{prefix}:{local} verwendet Felder, die für den Werttyp {base} nicht deklariert sind',
  },
  INFO_XMP_MISMATCH: { en: 'Info /{key} "{info}" differs from XMP {xmp} {value}', de: 'Info /{key} „{info}“ weicht von XMP {xmp} {value} ab' },
  QUOTED: { en: '"{value}"', de: '„{value}“' },
  CATALOG_AA: { en: 'the catalog contains an AA (additional actions) entry', de: 'der Katalog enthält einen AA-Eintrag (zusätzliche Aktionen)' },
  CATALOG_NEEDS_RENDERING: { en: 'the catalog contains NeedsRendering true', de: 'der Katalog enthält NeedsRendering true' },
  CATALOG_REQUIREMENTS: { en: 'the catalog contains Requirements', de: 'der Katalog enthält Requirements' },
  ALTERNATE_PRESENTATIONS: { en: 'the name dictionary contains AlternatePresentations', de: 'das Namens-Dictionary enthält AlternatePresentations' },
  DOCUMENT_JAVASCRIPT: {
    en: 'the name dictionary contains document-level JavaScript (6.5.1 forbids JavaScript actions)',
    de: 'das Namens-Dictionary enthält JavaScript auf Dokumentebene (6.5.1 verbietet JavaScript-Aktionen)',
  },
  PERMS_KEYS: { en: 'the permissions dictionary contains {keys}', de: 'das Berechtigungs-Dictionary enthält {keys}' },
  SIGNATURE_DIGEST: {
    en: 'a signature reference dictionary contains DigestLocation, DigestMethod or DigestValue',
    de: 'ein Signaturreferenz-Dictionary enthält DigestLocation, DigestMethod oder DigestValue',
  },
  OC_NO_NAME: { en: 'optional content configuration without a Name', de: 'Konfiguration optionaler Inhalte ohne Name' },
  OC_NAME_NOT_UNIQUE: { en: 'optional content configuration name "{name}" is not unique', de: 'der Name „{name}“ einer Konfiguration optionaler Inhalte ist nicht eindeutig' },
  OC_ORDER_INCOMPLETE: {
    en: 'the Order array does not list every optional content group',
    de: 'das Order-Array führt nicht jede Gruppe optionaler Inhalte auf',
  },
  OC_AS: { en: 'optional content configuration contains AS', de: 'Konfiguration optionaler Inhalte enthält AS' },
  FILESPEC_F_UF: { en: 'file specification with EF lacks F or UF', de: 'der Dateispezifikation mit EF fehlt F oder UF' },
  FILESPEC_NO_RELATIONSHIP: { en: 'file specification without AFRelationship', de: 'Dateispezifikation ohne AFRelationship' },
  FILESPEC_NOT_ASSOCIATED: {
    en: 'embedded file is not associated: its file specification is in no /AF array',
    de: 'die eingebettete Datei ist nicht zugeordnet: ihre Dateispezifikation steht in keinem /AF-Array',
  },
  EMBEDDED_NO_MIME: { en: 'embedded file stream without a MIME type Subtype{found}', de: 'Stream einer eingebetteten Datei ohne MIME-Typ als Subtype{found}' },
  EMBEDDED_NO_MIME_FOUND: { en: ' (/{subtype})', de: ' (/{subtype})' },

  // ---- file structure (raw.ts)
  XREF_EOL: {
    en: 'the xref keyword and the cross-reference subsection header are not separated by a single EOL marker',
    de: 'das Schlüsselwort xref und der Kopf des Querverweis-Unterabschnitts sind nicht durch genau ein Zeilenende getrennt',
  },
  ENDOBJ_NO_EOL_BEFORE: { en: 'the endobj keyword is not preceded by an EOL marker', de: 'vor dem Schlüsselwort endobj steht kein Zeilenende' },
  ENDOBJ_NO_EOL_AFTER: { en: 'the endobj keyword is not followed by an EOL marker', de: 'auf das Schlüsselwort endobj folgt kein Zeilenende' },
  HEADER_FORM: {
    en: 'the file header is not "%PDF-1.n" (n 0-7) at byte 0 followed by an EOL{found}',
    de: 'der Dateikopf ist nicht „%PDF-1.n“ (n 0-7) ab Byte 0 mit folgendem Zeilenende{found}',
  },
  HEADER_FOUND: { en: ': found %PDF-{version}', de: ': gefunden %PDF-{version}' },
  HEADER_COMMENT: {
    en: 'the header line is not followed by a comment with at least four bytes above 127',
    de: 'auf die Kopfzeile folgt kein Kommentar mit mindestens vier Bytes über 127',
  },
  BYTES_AFTER_EOF: { en: '{count} bytes follow the last end-of-file marker', de: '{count} Bytes folgen auf die letzte Dateiende-Markierung' },
  OBJ_NO_EOL_BEFORE: { en: 'the object number is not preceded by an EOL marker', de: 'vor der Objektnummer steht kein Zeilenende' },
  OBJ_GEN_SPACE: {
    en: 'object and generation number are not separated by a single white-space character',
    de: 'Objekt- und Generationsnummer sind nicht durch genau ein Leerraumzeichen getrennt',
  },
  GEN_OBJ_SPACE: {
    en: 'generation number and obj keyword are not separated by a single white-space character',
    de: 'Generationsnummer und Schlüsselwort obj sind nicht durch genau ein Leerraumzeichen getrennt',
  },
  OBJ_NO_EOL_AFTER: { en: 'the obj keyword is not followed by an EOL marker', de: 'auf das Schlüsselwort obj folgt kein Zeilenende' },
  STREAM_KEYWORD_EOL: { en: 'the stream keyword is not followed by CR LF or LF', de: 'auf das Schlüsselwort stream folgt weder CR LF noch LF' },
  STREAM_LENGTH: {
    en: 'the stream /Length {length} differs from the {real} bytes before endstream',
    de: 'die /Length {length} des Streams weicht von den {real} Bytes vor endstream ab',
  },
  ENDSTREAM_NO_EOL: { en: 'the endstream keyword is not preceded by an EOL marker', de: 'vor dem Schlüsselwort endstream steht kein Zeilenende' },

  // ---- objects (objects.ts)
  TOO_MANY_OBJECTS: { en: '{count} indirect objects (more than 8388607)', de: '{count} indirekte Objekte (mehr als 8388607)' },
  HEX_ODD: { en: 'hexadecimal string with an odd number of digits', de: 'hexadezimaler String mit ungerader Ziffernzahl' },
  HEX_CHARS: {
    en: 'hexadecimal string with characters other than 0-9, A-F, a-f',
    de: 'hexadezimaler String mit anderen Zeichen als 0-9, A-F, a-f',
  },
  STRING_TOO_LONG: { en: 'string longer than 32767 bytes', de: 'String länger als 32767 Bytes' },
  NAME_TOO_LONG: { en: 'name longer than 127 bytes', de: 'Name länger als 127 Bytes' },
  INTEGER_RANGE: { en: 'integer {value} out of range', de: 'Ganzzahl {value} außerhalb des zulässigen Bereichs' },
  REAL_RANGE: { en: 'real {value} out of range', de: 'Gleitkommazahl {value} außerhalb des zulässigen Bereichs' },
  REAL_TINY: { en: 'real {value} is closer to zero than 1.175e-38', de: 'Gleitkommazahl {value} liegt näher an null als 1.175e-38' },
  STREAM_EXTERNAL_KEY: { en: 'stream dictionary contains {key}', de: 'das Stream-Dictionary enthält {key}' },
  STREAM_FILTER: { en: 'stream filter /{filter} is not allowed', de: 'der Stream-Filter /{filter} ist nicht erlaubt' },

  // ---- XMP extension schemas (xmp/read.ts)
  EXT_SCHEMAS_BAG: {
    en: 'pdfaExtension:schemas must be an rdf:Bag with prefix pdfaExtension',
    de: 'pdfaExtension:schemas muss ein rdf:Bag mit dem Präfix pdfaExtension sein',
  },
  EXT_SCHEMA_UNDEFINED_FIELD: {
    en: 'extension schema contains the undefined field {prefix}:{local}',
    de: 'das Erweiterungsschema enthält das nicht definierte Feld {prefix}:{local}',
  },
  EXT_VALUE_TYPE_UNDEFINED_FIELD: {
    en: 'value type contains the undefined field {prefix}:{local}',
    de: 'der Werttyp enthält das nicht definierte Feld {prefix}:{local}',
  },
  EXT_FIELD_UNDEFINED_FIELD: {
    en: 'field description contains the undefined field {prefix}:{local}',
    de: 'die Feldbeschreibung enthält das nicht definierte Feld {prefix}:{local}',
  },
  EXT_PROPERTY_UNDEFINED_FIELD: {
    en: 'property description contains the undefined field {prefix}:{local}',
    de: 'die Eigenschaftsbeschreibung enthält das nicht definierte Feld {prefix}:{local}',
  },
  EXT_NOT_TEXT: { en: '{property} missing or not Text', de: '{property} fehlt oder ist kein Text' },
  EXT_NOT_URI: { en: '{property} missing or not a URI', de: '{property} fehlt oder ist keine URI' },
  EXT_NOT_SEQ: { en: '{property} must be an rdf:Seq', de: '{property} muss ein rdf:Seq sein' },
  EXT_CATEGORY: {
    en: 'pdfaProperty:category missing or not external/internal',
    de: 'pdfaProperty:category fehlt oder ist nicht external/internal',
  },

  // ---- loadForPdfA3 (load/load-for-pdfa3.ts)
  LOAD_ENCRYPTED: {
    en: 'the PDF is encrypted; PDF/A forbids encryption and the content cannot be decrypted here',
    de: 'das PDF ist verschlüsselt; PDF/A verbietet Verschlüsselung und der Inhalt kann hier nicht entschlüsselt werden',
  },
  LOAD_NO_PAGES: { en: 'the PDF has no pages', de: 'das PDF hat keine Seiten' },
  WILL_BE_FIXED: { en: 'will be fixed: {message}', de: 'wird behoben: {message}' },
  DEVICE_COLOUR_CONFLICT: {
    en: 'pages paint in {space} but the output intent will be {outputSpace}; {need}',
    de: 'Seiten malen in {space}, der Output-Intent wird aber {outputSpace} sein; {need}',
  },
  NEED_RGB: {
    en: 'an RGB output intent cannot be added next to the existing one',
    de: 'ein RGB-Output-Intent kann nicht neben dem vorhandenen hinzugefügt werden',
  },
  NEED_CMYK: { en: 'a CMYK output profile would be needed', de: 'ein CMYK-Ausgabeprofil wäre nötig' },
  REPAIRED_NAMES: {
    en: '{count} names with lower-case #xx escapes rewritten (pdf-lib would corrupt them)',
    de: '{count} Namen mit #xx-Escapes in Kleinbuchstaben umgeschrieben (pdf-lib würde sie verfälschen)',
  },
  REPAIRED_RELATIONSHIP: { en: 'attachment "{name}": AFRelationship set to Unspecified', de: 'Anhang „{name}“: AFRelationship auf Unspecified gesetzt' },
  REPAIRED_F_UF: { en: 'attachment "{name}": F/UF completed', de: 'Anhang „{name}“: F/UF ergänzt' },
  REPAIRED_MIME: {
    en: 'attachment "{name}": MIME type set to application/octet-stream',
    de: 'Anhang „{name}“: MIME-Typ auf application/octet-stream gesetzt',
  },
  REPAIRED_AF: { en: 'attachment "{name}": added to the catalog /AF array', de: 'Anhang „{name}“: in das /AF-Array des Katalogs aufgenommen' },
  REPAIRED_CIDSET: {
    en: '{count} optional CIDSet/CharSet entries removed from font descriptors',
    de: '{count} optionale CIDSet/CharSet-Einträge aus Schriftdeskriptoren entfernt',
  },
  REPAIRED_INTERPOLATE: { en: '{count} images: Interpolate set to false', de: '{count} Bilder: Interpolate auf false gesetzt' },
  REPAIRED_ANNOT_FLAGS: { en: '{count} annotations without flags: Print flag set', de: '{count} Annotationen ohne Flags: Print-Flag gesetzt' },
});

export type Pdfa3MessageKey = keyof typeof messages;

/** The text of `key` in `lang` with its placeholders filled. */
export function msg(key: Pdfa3MessageKey, lang: Lang, params?: MessageParams): string {
  return message(messages, key, lang, params);
}
