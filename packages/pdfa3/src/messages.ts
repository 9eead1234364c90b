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
  XMP_ENCODING_UNREAD: {
    en: 'the encoding of the XMP packet cannot be established as UTF-8: the packet does not parse',
    de: 'die Kodierung des XMP-Pakets lässt sich nicht als UTF-8 feststellen: das Paket ist nicht lesbar',
  },
  XMP_INVALID_UTF8: { en: 'the XMP packet has bytes that are not valid UTF-8', de: 'das XMP-Paket enthält Bytes, die kein gültiges UTF-8 sind' },
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
  XMP_PROPERTY_NO_TYPE: {
    en: '{prefix}:{local} has no value type: no schema in force for this part defines it',
    de: '{prefix}:{local} hat keinen Werttyp: kein für diesen Teil geltendes Schema definiert die Eigenschaft',
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
  // ---- pages, annotations, forms, actions (check/graphics/pages.ts, annotations.ts)
  PAGE_BOX_SIZE: { en: '{box} {width}×{height} is outside 3..14400 units', de: '{box} {width}×{height} liegt außerhalb von 3..14400 Einheiten' },
  PAGE_AA: { en: 'the page dictionary contains an AA (additional actions) entry', de: 'das Seiten-Dictionary enthält einen AA-Eintrag (zusätzliche Aktionen)' },
  PAGE_PRES_STEPS: { en: 'the page dictionary contains PresSteps', de: 'das Seiten-Dictionary enthält PresSteps' },
  TOO_MANY_PAGES_JUDGED: {
    en: 'the document has {count} pages, more than the limit of {max}; only the first {max} are judged',
    de: 'das Dokument hat {count} Seiten, mehr als die Grenze von {max}; nur die ersten {max} werden beurteilt',
  },
  ANNOT_TYPE: { en: 'annotation type /{subtype} is not permitted', de: 'der Annotationstyp /{subtype} ist nicht erlaubt' },
  ANNOT_NO_F: { en: 'annotation without the F key', de: 'Annotation ohne den Schlüssel F' },
  ANNOT_FLAGS: {
    en: 'annotation flags {flags}: Print must be set, Invisible, Hidden, ToggleNoView and NoView clear',
    de: 'Annotations-Flags {flags}: Print muss gesetzt, Invisible, Hidden, ToggleNoView und NoView müssen gelöscht sein',
  },
  ANNOT_NO_AP: { en: '/{subtype} annotation without an appearance dictionary', de: '/{subtype}-Annotation ohne Erscheinungs-Dictionary' },
  AP_KEYS: { en: 'appearance dictionary has keys {keys} instead of only N', de: 'das Erscheinungs-Dictionary hat die Schlüssel {keys} statt nur N' },
  AP_BUTTON_N: {
    en: 'button widget whose N appearance is not a subdictionary of appearance states',
    de: 'Schaltflächen-Widget, dessen N-Erscheinung kein Unter-Dictionary von Erscheinungszuständen ist',
  },
  AP_N_NOT_STREAM: { en: 'the N appearance is not a stream', de: 'die N-Erscheinung ist kein Stream' },
  BLEND_MODE: { en: 'blend mode /{mode} is not defined in ISO 32000-1', de: 'der Füllmodus /{mode} ist in ISO 32000-1 nicht definiert' },
  WIDGET_ACTION: { en: 'widget annotation with an A or AA entry', de: 'Widget-Annotation mit einem A- oder AA-Eintrag' },
  NEED_APPEARANCES: {
    en: 'NeedAppearances is true in the interactive form dictionary',
    de: 'NeedAppearances ist im Dictionary des interaktiven Formulars true',
  },
  FORM_XFA: { en: 'the interactive form dictionary contains XFA', de: 'das Dictionary des interaktiven Formulars enthält XFA' },
  FIELD_AA: { en: 'form field with an AA entry', de: 'Formularfeld mit einem AA-Eintrag' },
  ACTION_NOT_PERMITTED: { en: '/{action} action is not permitted', de: 'die Aktion /{action} ist nicht erlaubt' },
  NAMED_ACTION: { en: 'named action /{name} is not permitted', de: 'die benannte Aktion /{name} ist nicht erlaubt' },

  // ---- colour (check/graphics/colour.ts)
  ICC_PROFILE_INVALID: {
    en: 'ICCBased colour space with a profile that is not a valid input/output profile for its N',
    de: 'ICCBased-Farbraum mit einem Profil, das für sein N kein gültiges Eingabe-/Ausgabeprofil ist',
  },
  SEPARATION_NAME_UTF8: { en: 'Separation colourant name is not valid UTF-8', de: 'der Farbmittelname der Separation ist kein gültiges UTF-8' },
  DEVICEN_TOO_MANY: { en: 'DeviceN colour space with {count} colourants (more than 32)', de: 'DeviceN-Farbraum mit {count} Farbmitteln (mehr als 32)' },
  DEVICEN_NAME_UTF8: { en: 'DeviceN colourant name is not valid UTF-8', de: 'der DeviceN-Farbmittelname ist kein gültiges UTF-8' },
  DEVICEN_NO_COLORANT: {
    en: 'spot colourant /{name} of a DeviceN colour space has no entry in the Colorants dictionary',
    de: 'die Schmuckfarbe /{name} eines DeviceN-Farbraums hat keinen Eintrag im Colorants-Dictionary',
  },
  SEPARATION_DIFFER: {
    en: 'Separation colour spaces named {name} differ in alternate space or tint transform',
    de: 'Separation-Farbräume namens {name} unterscheiden sich in Alternativfarbraum oder Tonwerttransformation',
  },
  DEVICE_RGB: {
    en: 'DeviceRGB is used without an RGB PDF/A output intent or DefaultRGB{found}',
    de: 'DeviceRGB wird ohne RGB-PDF/A-Output-Intent oder DefaultRGB verwendet{found}',
  },
  DEVICE_CMYK: {
    en: 'DeviceCMYK is used without a CMYK PDF/A output intent or DefaultCMYK{found}',
    de: 'DeviceCMYK wird ohne CMYK-PDF/A-Output-Intent oder DefaultCMYK verwendet{found}',
  },
  OUTPUT_INTENT_IS: { en: ' (output intent is {space})', de: ' (der Output-Intent ist {space})' },
  DEVICE_GRAY: { en: 'DeviceGray is used without a PDF/A output intent or DefaultGray', de: 'DeviceGray wird ohne PDF/A-Output-Intent oder DefaultGray verwendet' },

  // ---- content streams (check/graphics/content.ts)
  CONTENT_STRING_TOO_LONG: { en: 'string of {count} bytes is longer than 32767', de: 'String mit {count} Bytes ist länger als 32767' },
  NESTING_TOO_DEEP: {
    en: 'form XObjects, patterns or Type 3 glyphs are nested more than 24 levels deep; the inner content is not judged',
    de: 'Form-XObjects, Muster oder Type-3-Glyphen sind mehr als 24 Ebenen tief verschachtelt; der innere Inhalt wird nicht beurteilt',
  },
  TOO_MANY_OPERATORS: {
    en: 'content streams hold more operators than the limit ({error}); the rest is not judged',
    de: 'die Inhaltsstreams enthalten mehr Operatoren als die Grenze ({error}); der Rest wird nicht beurteilt',
  },
  CONTENT_UNPARSEABLE: { en: 'content stream cannot be tokenized: {error}', de: 'der Inhaltsstream kann nicht in Tokens zerlegt werden: {error}' },
  OVERPRINT_MODE: {
    en: 'overprint mode 1 with overprinting enabled while painting in an ICCBased CMYK colour space',
    de: 'Überdruckmodus 1 bei eingeschaltetem Überdrucken beim Malen in einem ICCBased-CMYK-Farbraum',
  },
  Q_NESTING: { en: 'q/Q pairs nested more than 28 levels', de: 'q/Q-Paare mehr als 28 Ebenen tief verschachtelt' },
  RENDERING_INTENT: {
    en: 'rendering intent /{intent} is not one of the four standard ones',
    de: 'der Rendering-Intent /{intent} ist keiner der vier Standard-Intents',
  },
  UNDEFINED_OPERATOR: { en: 'content stream operator "{op}" is not defined in ISO 32000-1', de: 'der Inhaltsstream-Operator „{op}“ ist in ISO 32000-1 nicht definiert' },
  INLINE_FILTER: { en: 'inline image filter /{filter} is not allowed', de: 'der Inline-Bild-Filter /{filter} ist nicht erlaubt' },
  INLINE_INTERPOLATE: { en: 'inline image with Interpolate true', de: 'Inline-Bild mit Interpolate true' },

  // ---- fonts (check/graphics/fonts.ts)
  FONT_NAME_UTF8: { en: 'font name is not valid UTF-8', de: 'der Schriftname ist kein gültiges UTF-8' },
  FONT_NOT_EMBEDDED: { en: 'font {name} is used for rendering but not embedded', de: 'die Schrift {name} wird zur Darstellung verwendet, ist aber nicht eingebettet' },
  UNNAMED: { en: '(unnamed)', de: '(ohne Namen)' },
  FONT_NO_TYPE: { en: 'font dictionary without /Type /Font', de: 'Schrift-Dictionary ohne /Type /Font' },
  FONT_SUBTYPE: { en: 'font Subtype {subtype} is not valid', de: 'der Schrift-Subtype {subtype} ist nicht gültig' },
  FONT_NO_BASEFONT: { en: 'font dictionary without BaseFont', de: 'Schrift-Dictionary ohne BaseFont' },
  FONT_NO_FIRSTCHAR: { en: 'simple font without FirstChar', de: 'einfache Schrift ohne FirstChar' },
  FONT_NO_LASTCHAR: { en: 'simple font without LastChar', de: 'einfache Schrift ohne LastChar' },
  FONT_WIDTHS_COUNT: {
    en: 'Widths has {count} entries, expected LastChar - FirstChar + 1 = {expected}',
    de: 'Widths hat {count} Einträge, erwartet LastChar - FirstChar + 1 = {expected}',
  },
  FONTFILE3_SUBTYPE: { en: 'FontFile3 Subtype /{subtype} is not allowed', de: 'der FontFile3-Subtype /{subtype} ist nicht erlaubt' },
  TYPE3_RECURSIVE: {
    en: 'the Type 3 glyph /{glyph} shows itself (directly or through forms); it has no finite rendering',
    de: 'die Type-3-Glyphe /{glyph} zeigt sich selbst (direkt oder über Formen); sie hat keine endliche Darstellung',
  },
  CMAP_NOT_EMBEDDED: { en: 'CMap /{name} is neither predefined nor embedded', de: 'die CMap /{name} ist weder vordefiniert noch eingebettet' },
  CIDSYSTEMINFO_CMAP: {
    en: 'CIDFont CIDSystemInfo {registry}-{ordering} does not match CMap /{name}{expected}',
    de: 'CIDSystemInfo {registry}-{ordering} des CIDFonts passt nicht zur CMap /{name}{expected}',
  },
  ADOBE_ORDERING: { en: ' (Adobe-{ordering})', de: ' (Adobe-{ordering})' },
  CMAP_WMODE: {
    en: 'WMode {dict} of the CMap dictionary differs from {stream} in the CMap stream',
    de: 'WMode {dict} des CMap-Dictionarys weicht von {stream} im CMap-Stream ab',
  },
  CMAP_USECMAP: { en: 'CMap uses {name}, which is not a predefined CMap', de: 'die CMap verwendet {name}, das keine vordefinierte CMap ist' },
  CMAP_CID_RANGE: { en: 'CMap maps to CID {cid} (more than 65535)', de: 'die CMap bildet auf CID {cid} ab (mehr als 65535)' },
  CIDSYSTEMINFO_INCOMPATIBLE: {
    en: 'CIDSystemInfo of the CIDFont and the CMap are not compatible (Registry, Ordering, Supplement)',
    de: 'CIDSystemInfo des CIDFonts und der CMap sind nicht kompatibel (Registry, Ordering, Supplement)',
  },
  CIDTOGIDMAP: {
    en: 'embedded CIDFontType2 without CIDToGIDMap Identity or stream',
    de: 'eingebetteter CIDFontType2 ohne CIDToGIDMap Identity oder Stream',
  },
  TT_SYMBOLIC_ENCODING: { en: 'symbolic TrueType font with an Encoding entry', de: 'symbolische TrueType-Schrift mit einem Encoding-Eintrag' },
  TT_NONSYMBOLIC_ENCODING: {
    en: 'non-symbolic TrueType font without MacRomanEncoding or WinAnsiEncoding',
    de: 'nicht-symbolische TrueType-Schrift ohne MacRomanEncoding oder WinAnsiEncoding',
  },
  TT_BASE_ENCODING: { en: 'non-symbolic TrueType font with BaseEncoding {encoding}', de: 'nicht-symbolische TrueType-Schrift mit BaseEncoding {encoding}' },
  TT_DIFFERENCES_AGL: {
    en: 'non-symbolic TrueType font whose Differences name /{glyph}, which is not in the Adobe Glyph List',
    de: 'nicht-symbolische TrueType-Schrift, deren Differences /{glyph} nennen, das nicht in der Adobe Glyph List steht',
  },
  TT_CMAP_NONSYMBOLIC: {
    en: 'non-symbolic TrueType font program without a usable cmap subtable',
    de: 'nicht-symbolisches TrueType-Schriftprogramm ohne brauchbare cmap-Untertabelle',
  },
  TT_CMAP_SYMBOLIC: {
    en: 'symbolic TrueType font program whose cmap has neither exactly one subtable nor a (3,0) one',
    de: 'symbolisches TrueType-Schriftprogramm, dessen cmap weder genau eine Untertabelle noch eine (3,0)-Untertabelle hat',
  },

  // ---- font programs, glyph widths, Unicode maps (check/font-programs.ts, glyph-widths.ts, unicode.ts)
  NOTDEF_GLYPH: { en: 'font {name}: code {code} shows the .notdef glyph', de: 'Schrift {name}: Code {code} zeigt die Glyphe .notdef' },
  CIDSET_INCOMPLETE: {
    en: 'font {name}: the CIDSet does not list CID {cid}, which the embedded font program holds',
    de: 'Schrift {name}: das CIDSet führt CID {cid} nicht auf, die das eingebettete Schriftprogramm enthält',
  },
  CIDSET_SURPLUS: {
    en: 'font {name}: the CIDSet lists CID {cid}, which the embedded font program does not hold',
    de: 'Schrift {name}: das CIDSet führt CID {cid} auf, die das eingebettete Schriftprogramm nicht enthält',
  },
  CHARSET_COUNT: {
    en: 'font {name}: the CharSet names {count} glyphs but the embedded font program holds {held} (besides .notdef)',
    de: 'Schrift {name}: das CharSet nennt {count} Glyphen, das eingebettete Schriftprogramm enthält aber {held} (außer .notdef)',
  },
  GLYPH_NOT_DEFINED: {
    en: 'font {name}: code {code} uses {what}, which the embedded font program does not define',
    de: 'Schrift {name}: Code {code} verwendet {what}, das im eingebetteten Schriftprogramm nicht definiert ist',
  },
  GLYPH_REF: { en: 'glyph /{glyph}', de: 'die Glyphe /{glyph}' },
  INCOMPLETE_TWO_BYTE_CODE: { en: 'an incomplete two-byte code', de: 'einen unvollständigen Zwei-Byte-Code' },
  GLYPH_WIDTH_PROGRAM: {
    en: 'font {name}: the glyph /{glyph} (code {code}) is {dict} units wide in the font dictionary but {prog} in the embedded font program',
    de: 'Schrift {name}: die Glyphe /{glyph} (Code {code}) ist im Schrift-Dictionary {dict} Einheiten breit, im eingebetteten Schriftprogramm aber {prog}',
  },
  TYPE3_GLYPH_WIDTH: {
    en: 'Type 3 font {name}: glyph /{glyph} (code {code}) is {dict} wide in /Widths but {proc} in its glyph procedure',
    de: 'Type-3-Schrift {name}: die Glyphe /{glyph} (Code {code}) ist in /Widths {dict} breit, in ihrer Glyphenprozedur aber {proc}',
  },
  GLYPH_WIDTH_DICT: {
    en: 'font {name}: the glyph for code {code} is {dict} units wide in the font dictionary but {prog} in the embedded font program{more}',
    de: 'Schrift {name}: die Glyphe für Code {code} ist im Schrift-Dictionary {dict} Einheiten breit, im eingebetteten Schriftprogramm aber {prog}{more}',
  },
  GLYPHS_DIFFER: { en: ' ({count} glyphs differ)', de: ' ({count} Glyphen weichen ab)' },
  TOUNICODE_INVALID: { en: 'font {name}: the ToUnicode CMap maps code {code} to {unicode}', de: 'Schrift {name}: die ToUnicode-CMap bildet Code {code} auf {unicode} ab' },
  NO_UNICODE_CID: {
    en: 'font {name}: code {code} has no Unicode mapping (no ToUnicode entry for it, and the CIDFont uses {registry}-{ordering})',
    de: 'Schrift {name}: Code {code} hat keine Unicode-Zuordnung (kein ToUnicode-Eintrag dafür, und der CIDFont verwendet {registry}-{ordering})',
  },
  NO_UNICODE_SIMPLE: {
    en: 'font {name}: code {code}{glyph} has no Unicode mapping (no ToUnicode entry, {reason})',
    de: 'Schrift {name}: Code {code}{glyph} hat keine Unicode-Zuordnung (kein ToUnicode-Eintrag, {reason})',
  },
  GLYPH_NAMED: { en: ' (glyph /{glyph})', de: ' (Glyphe /{glyph})' },
  GLYPH_NOT_IN_AGL: { en: 'glyph name not in the Adobe Glyph List', de: 'Glyphenname nicht in der Adobe Glyph List' },
  NO_GLYPH_NAME: { en: 'no glyph name', de: 'kein Glyphenname' },

  // ---- graphics state, resources, XObjects (check/graphics/graphics-state.ts, state.ts, xobjects.ts)
  EXTGSTATE_TR: { en: 'the ExtGState contains TR', de: 'der ExtGState enthält TR' },
  EXTGSTATE_TR2: { en: 'the ExtGState contains TR2 with a value other than Default', de: 'der ExtGState enthält TR2 mit einem anderen Wert als Default' },
  EXTGSTATE_HTP: { en: 'the ExtGState contains HTP', de: 'der ExtGState enthält HTP' },
  HALFTONE_TYPE: { en: 'halftone type {type} is not 1 or 5', de: 'der Rastertyp {type} ist nicht 1 oder 5' },
  HALFTONE_NAME: { en: 'the halftone contains HalftoneName', de: 'das Raster enthält HalftoneName' },
  HALFTONE_PRIMARY_TRANSFER: {
    en: 'halftone for a primary colourant with a TransferFunction',
    de: 'Raster für ein Primärfarbmittel mit einer TransferFunction',
  },
  HALFTONE_NO_TRANSFER: { en: 'halftone for colourant {colorant} without a TransferFunction', de: 'Raster für das Farbmittel {colorant} ohne TransferFunction' },
  STREAM_TOO_LARGE_NOTE: { en: '{error}: its content cannot be judged', de: '{error}: sein Inhalt kann nicht beurteilt werden' },
  STREAM_UNDECODABLE: { en: 'stream cannot be decoded: {error}', de: 'der Stream kann nicht dekodiert werden: {error}' },
  RESOURCE_INHERITED_TREE: {
    en: "resource /{name} is inherited from the page tree instead of the page's own Resources",
    de: 'die Ressource /{name} wird vom Seitenbaum geerbt statt aus den eigenen Resources der Seite',
  },
  RESOURCE_FROM_PARENT: {
    en: "resource /{name} is not in the content stream's own Resources (taken from the parent)",
    de: 'die Ressource /{name} steht nicht in den eigenen Resources des Inhaltsstreams (vom Elternobjekt übernommen)',
  },
  FORM_OPI_PS: { en: 'form XObject with OPI, PS or Subtype2 /PS', de: 'Form-XObject mit OPI, PS oder Subtype2 /PS' },
  REFERENCE_XOBJECT: { en: 'reference XObject (form XObject with Ref)', de: 'Referenz-XObject (Form-XObject mit Ref)' },
  FORM_RECURSIVE: {
    en: 'the form XObject paints itself (directly or through other forms); its content has no finite rendering',
    de: 'das Form-XObject malt sich selbst (direkt oder über andere Formen); sein Inhalt hat keine endliche Darstellung',
  },
  POSTSCRIPT_XOBJECT: { en: 'PostScript XObject', de: 'PostScript-XObject' },
  IMAGE_ALTERNATES: { en: 'image dictionary contains Alternates', de: 'das Bild-Dictionary enthält Alternates' },
  IMAGE_OPI: { en: 'image dictionary contains OPI', de: 'das Bild-Dictionary enthält OPI' },
  IMAGE_INTERPOLATE: { en: 'image dictionary with Interpolate true', de: 'Bild-Dictionary mit Interpolate true' },
  IMAGE_BPC: { en: 'BitsPerComponent {bpc} is not 1, 2, 4, 8 or 16', de: 'BitsPerComponent {bpc} ist nicht 1, 2, 4, 8 oder 16' },
  IMAGE_MASK_BPC: { en: 'image mask with BitsPerComponent {bpc}', de: 'Bildmaske mit BitsPerComponent {bpc}' },
  JPX_CHANNELS: { en: 'JPEG 2000 data has {count} colour channels, not 1, 3 or 4', de: 'JPEG-2000-Daten haben {count} Farbkanäle, nicht 1, 3 oder 4' },
  JPX_DEPTH: { en: 'JPEG 2000 bit depth {depth} is not one value in 1 to 38', de: 'die JPEG-2000-Bittiefe {depth} ist nicht ein Wert von 1 bis 38' },
  JPX_DEPTH_VARIES: { en: 'varies without a bpcc box', de: 'variiert ohne bpcc-Box' },
  JPX_COLR_APPROX: {
    en: 'JPEG 2000 data has {count} colour specifications but not exactly one with APPROX 1',
    de: 'JPEG-2000-Daten haben {count} Farbspezifikationen, aber nicht genau eine mit APPROX 1',
  },
  JPX_COLR_METHOD: { en: 'JPEG 2000 colour specification method {method} is not 1, 2 or 3', de: 'die Methode {method} der JPEG-2000-Farbspezifikation ist nicht 1, 2 oder 3' },
  JPX_CIEJAB: { en: 'JPEG 2000 data uses the enumerated colour space 19 (CIEJab)', de: 'JPEG-2000-Daten verwenden den aufgezählten Farbraum 19 (CIEJab)' },
  PATTERN_RECURSIVE: {
    en: 'the tiling pattern paints itself (directly or through forms); its content has no finite rendering',
    de: 'das Kachelmuster malt sich selbst (direkt oder über Formen); sein Inhalt hat keine endliche Darstellung',
  },
});

export type Pdfa3MessageKey = keyof typeof messages;

/** The text of `key` in `lang` with its placeholders filled. */
export function msg(key: Pdfa3MessageKey, lang: Lang, params?: MessageParams): string {
  return message(messages, key, lang, params);
}
