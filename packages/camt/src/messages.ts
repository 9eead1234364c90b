/**
 * Every user-facing text of @kontor/camt (finding messages, notes, summaries) in German and English. Functions take
 * `lang` (default 'de', spec §4.13/4.14); codes do not depend on the language.
 */
import { defineMessages, message, type Lang, type MessageParams } from '@kontor/xml';

export const messages = defineMessages({
  // Reading
  AMOUNT_INVALID: { de: 'Betrag „{value}“ ist keine Dezimalzahl.', en: 'Amount "{value}" is not a decimal number.' },
  SUM_INVALID: { de: 'Summe „{value}“ ist keine Dezimalzahl.', en: 'Sum "{value}" is not a decimal number.' },
  DECIMAL_INVALID: { de: 'Wert „{value}“ in {element} ist keine Dezimalzahl.', en: 'Value "{value}" in {element} is not a decimal number.' },
  CURRENCY_MISSING: { de: 'Betrag ohne Währung (Attribut Ccy fehlt).', en: 'Amount without currency (attribute Ccy missing).' },
  BALANCE_AMOUNT_MISSING: { de: 'Saldo ohne Betrag.', en: 'Balance without amount.' },
  BALANCE_CREDIT_DEBIT_MISSING: {
    de: 'Saldo ohne Soll/Haben-Kennzeichen (CdtDbtInd); als Haben gelesen.',
    en: 'Balance without credit/debit indicator (CdtDbtInd); read as credit.',
  },
  ENTRY_AMOUNT_MISSING: { de: 'Buchung ohne Betrag (Amt fehlt).', en: 'Entry without amount (Amt missing).' },
  ENTRY_CREDIT_DEBIT_MISSING: {
    de: 'Buchung ohne gültiges Soll/Haben-Kennzeichen (CdtDbtInd); als Haben gelesen.',
    en: 'Entry without a valid credit/debit indicator (CdtDbtInd); read as credit.',
  },
  ENTRY_STATUS_MISSING: { de: 'Buchung ohne Status (Sts); als gebucht (BOOK) gelesen.', en: 'Entry without status (Sts); read as booked (BOOK).' },
  VERSION_BEST_EFFORT: {
    de: 'Version {version} wird nicht offiziell unterstützt und nur nach bestem Bemühen gelesen.',
    en: 'Version {version} is not officially supported and is read on a best-effort basis only.',
  },
  MESSAGE_ELEMENT_MISMATCH: {
    de: 'Nachrichtenelement <{element}> passt nicht zum Namespace {version} (erwartet <{expected}>).',
    en: 'Message element <{element}> does not match namespace {version} (expected <{expected}>).',
  },
  AT_POSITION: { de: ' (Zeile {line}, Spalte {column})', en: ' (line {line}, column {column})' },
  XML_TOO_LARGE: { de: 'Die XML-Datei überschreitet die Größengrenze{where}.', en: 'The XML file exceeds the size limit{where}.' },
  XML_TOO_DEEP: { de: 'Die XML-Struktur ist zu tief verschachtelt{where}.', en: 'The XML structure is nested too deeply{where}.' },
  XML_TOO_MANY_NODES: { de: 'Die XML-Datei enthält zu viele Elemente{where}.', en: 'The XML file contains too many elements{where}.' },
  XML_TOO_MANY_ATTRIBUTES: { de: 'Ein Element hat zu viele Attribute{where}.', en: 'An element has too many attributes{where}.' },
  XML_FORBIDDEN: { de: 'DOCTYPE- und Entity-Deklarationen sind nicht erlaubt{where}.', en: 'DOCTYPE and entity declarations are not allowed{where}.' },
  XML_MALFORMED: { de: 'Die Datei ist kein wohlgeformtes XML: {detail}', en: 'The file is not well-formed XML: {detail}' },
  NO_STATEMENTS: { de: 'Die Nachricht enthält keinen Auszug, Report oder keine Mitteilung.', en: 'The message contains no statement, report or notification.' },
  NO_BILLING_STATEMENTS: { de: 'Die Nachricht enthält keine Entgeltaufstellung (BllgStmt).', en: 'The message contains no billing statement (BllgStmt).' },
  FINDINGS_TRUNCATED: {
    de: '{count} weitere Befunde mit Code {code} wurden nicht einzeln aufgeführt (insgesamt {total}).',
    en: '{count} further findings with code {code} were not listed one by one ({total} in all).',
  },
  ZIP_MEMBER_CORRUPT: { de: 'Der Eintrag „{name}“ des Archivs ist beschädigt und wurde nicht gelesen.', en: 'The archive member "{name}" is corrupt and was not read.' },

  // Statement rules (camt.052/053/054)
  ENTRY_CURRENCY_MISMATCH: { de: 'Buchungswährung {currency} weicht von der Kontowährung {accountCurrency} ab.', en: 'Entry currency {currency} differs from the account currency {accountCurrency}.' },
  AMOUNT_DECIMALS: {
    de: 'Betrag {amount} hat mehr Nachkommastellen, als die Währung {currency} kennt ({decimals}).',
    en: 'Amount {amount} has more decimals than currency {currency} has ({decimals}).',
  },
  DATE_INVALID: { de: '„{value}“ ist kein gültiges Datum (JJJJ-MM-TT).', en: '"{value}" is not a valid date (YYYY-MM-DD).' },
  BOOKING_DATE_MISSING: { de: 'Gebuchte Buchung (Status BOOK) ohne Buchungsdatum.', en: 'Booked entry (status BOOK) without booking date.' },
  UNBOOKED_IN_STATEMENT: {
    de: 'Ein Kontoauszug (camt.053) soll nur gebuchte Umsätze enthalten; diese Buchung hat den Status {status}.',
    en: 'A statement (camt.053) should contain booked entries only; this entry has status {status}.',
  },
  ENTRY_OUTSIDE_PERIOD: {
    de: 'Buchungsdatum {date} liegt außerhalb des Auszugszeitraums {from} bis {to}.',
    en: 'Booking date {date} lies outside the statement period {from} to {to}.',
  },
  ENTRY_DATE_ORDER: {
    de: 'Buchungen sind nicht nach Buchungsdatum sortiert: {date} folgt auf {previous}.',
    en: 'Entries are not sorted by booking date: {date} follows {previous}.',
  },
  DUPLICATE_ENTRY_REF: { de: 'Die Bankreferenz {ref} kommt im selben Auszug mehrfach vor.', en: 'Bank reference {ref} occurs more than once in the same statement.' },
  DUPLICATE_ENTRY_CREDIT: {
    de: 'Mögliche Doppelbuchung: eine inhaltlich gleiche Buchung ({amount}, Haben, {date}) steht bereits in diesem Auszug.',
    en: 'Possible duplicate booking: an entry with the same content ({amount}, credit, {date}) is already in this statement.',
  },
  DUPLICATE_ENTRY_DEBIT: {
    de: 'Mögliche Doppelbuchung: eine inhaltlich gleiche Buchung ({amount}, Soll, {date}) steht bereits in diesem Auszug.',
    en: 'Possible duplicate booking: an entry with the same content ({amount}, debit, {date}) is already in this statement.',
  },
  NO_DATE: { de: 'ohne Datum', en: 'no date' },
  PARTY_IBAN_CREDITOR: { de: 'Zahlungsempfänger: {problem}', en: 'Creditor: {problem}' },
  PARTY_IBAN_DEBTOR: { de: 'Zahlungspflichtiger: {problem}', en: 'Debtor: {problem}' },
  ACCOUNT_IBAN_INVALID: { de: 'Konto: {problem}', en: 'Account: {problem}' },
  BATCH_COUNT_MISMATCH: { de: 'Sammler meldet {declared} Einzelumsätze, aufgeführt sind {count}.', en: 'The batch declares {declared} transactions; {count} are listed.' },
  BATCH_TOTAL_MISMATCH: { de: 'Sammlersumme {total} weicht vom Buchungsbetrag {amount} ab.', en: 'Batch total {total} differs from the entry amount {amount}.' },
  BATCH_SUM_MISMATCH: { de: 'Die Einzelumsätze ergeben {sum}, die Buchung lautet über {amount}.', en: 'The transactions add up to {sum}; the entry is for {amount}.' },
  ACCOUNT_MISSING: { de: 'Der Auszug nennt kein Konto (Acct/Id).', en: 'The statement names no account (Acct/Id).' },
  STATEMENT_DUPLICATE_ID: {
    de: 'Die Auszugskennung {id} kommt für dasselbe Konto mehrfach in der Datei vor.',
    en: 'Statement id {id} occurs more than once for the same account in the file.',
  },
  PERIOD_INVALID: { de: 'Der Auszugszeitraum beginnt ({from}) nach seinem Ende ({to}).', en: 'The statement period starts ({from}) after its end ({to}).' },
  SEQUENCE_DUPLICATE: {
    de: 'Die Auszugsnummer {number} kommt für dieses Konto doppelt vor (auch statements[{index}]).',
    en: 'Statement number {number} occurs twice for this account (also statements[{index}]).',
  },
  SEQUENCE_ORDER: {
    de: 'Auszugsnummer {number} folgt auf {previous}: die Auszüge stehen nicht in aufsteigender Reihenfolge.',
    en: 'Statement number {number} follows {previous}: the statements are not in ascending order.',
  },
  BALANCE_CURRENCY: { de: 'Saldo {type} in {currency}, das Konto wird in {accountCurrency} geführt.', en: 'Balance {type} is in {currency}; the account is kept in {accountCurrency}.' },
  BALANCE_MISSING_OPENING: { de: 'Dem Kontoauszug fehlt Anfangssaldo (OPBD/PRCD).', en: 'The statement lacks the opening balance (OPBD/PRCD).' },
  BALANCE_MISSING_CLOSING: { de: 'Dem Kontoauszug fehlt Schlusssaldo (CLBD).', en: 'The statement lacks the closing balance (CLBD).' },
  BALANCE_MISSING_BOTH: {
    de: 'Dem Kontoauszug fehlt Anfangssaldo (OPBD/PRCD) und Schlusssaldo (CLBD).',
    en: 'The statement lacks the opening balance (OPBD/PRCD) and the closing balance (CLBD).',
  },
  BALANCE_DATE_ORDER: {
    de: 'Der Anfangssaldo ({opening}) ist später datiert als der Schlusssaldo ({closing}).',
    en: 'The opening balance ({opening}) is dated later than the closing balance ({closing}).',
  },
  BALANCE_MISMATCH: {
    de: 'Anfangssaldo {openingType} {opening} + gebuchte Umsätze {booked} = {expected}, gemeldet ist {closingType} {closing} (Differenz {difference}).',
    en: 'Opening balance {openingType} {opening} + booked entries {booked} = {expected}; reported is {closingType} {closing} (difference {difference}).',
  },
  SUMMARY_COUNT_MISMATCH: { de: 'Die Umsatzübersicht meldet {declared} Buchungen, der Auszug enthält {count}.', en: 'The summary declares {declared} entries; the statement contains {count}.' },
  SUMMARY_SUM_MISMATCH: {
    de: 'Die Umsatzübersicht meldet eine Summe von {declared}, die Buchungen ergeben {sum}.',
    en: 'The summary declares a sum of {declared}; the entries add up to {sum}.',
  },
  SUMMARY_NET_MISMATCH: { de: 'Die Umsatzübersicht meldet netto {declared}, die Buchungen ergeben {net}.', en: 'The summary declares a net amount of {declared}; the entries give {net}.' },
  SUMMARY_CREDITS_COUNT_MISMATCH: {
    de: 'Die Umsatzübersicht meldet {declared} Gutschriften, der Auszug enthält {count}.',
    en: 'The summary declares {declared} credits; the statement contains {count}.',
  },
  SUMMARY_DEBITS_COUNT_MISMATCH: {
    de: 'Die Umsatzübersicht meldet {declared} Belastungen, der Auszug enthält {count}.',
    en: 'The summary declares {declared} debits; the statement contains {count}.',
  },
  SUMMARY_CREDITS_SUM_MISMATCH: {
    de: 'Die Umsatzübersicht meldet Gutschriften über {declared}, die Buchungen ergeben {sum}.',
    en: 'The summary declares credits of {declared}; the entries add up to {sum}.',
  },
  SUMMARY_DEBITS_SUM_MISMATCH: {
    de: 'Die Umsatzübersicht meldet Belastungen über {declared}, die Buchungen ergeben {sum}.',
    en: 'The summary declares debits of {declared}; the entries add up to {sum}.',
  },

  // Billing rules (camt.086)
  BILLING_ACCOUNT_MISSING: { de: 'Die Entgeltaufstellung nennt kein Abrechnungskonto (CshAcct/Id).', en: 'The billing statement names no settlement account (CshAcct/Id).' },
  BILLING_ACCOUNT_IBAN_INVALID: { de: 'Abrechnungskonto: {problem}', en: 'Settlement account: {problem}' },
  BILLING_PERIOD_INVALID: { de: 'Der Abrechnungszeitraum beginnt ({from}) nach seinem Ende ({to}).', en: 'The billing period starts ({from}) after its end ({to}).' },
  SERVICE_LABEL: { de: 'Leistung {service}', en: 'Service {service}' },
  REGION_LABEL: { de: 'Steuerregion {region}', en: 'Tax region {region}' },
  PRICE_CURRENCY_MISMATCH: { de: '{label}: Entgelt in {currency}, Preis in {priceCurrency}.', en: '{label}: charge in {currency}, price in {priceCurrency}.' },
  QUANTITY_PRICE_MISMATCH: {
    de: '{label}: Menge {volume} × Stückpreis {price} = {computed}, ausgewiesen sind {stated}.',
    en: '{label}: quantity {volume} × unit price {price} = {computed}; stated is {stated}.',
  },
  REGION_QUANTITY_PRICE_MISMATCH: {
    de: '{label}, Leistung {service}: Menge {volume} × {price} = {computed}, ausgewiesen sind {stated}.',
    en: '{label}, service {service}: quantity {volume} × {price} = {computed}; stated is {stated}.',
  },
  SETTLEMENT_CURRENCY: {
    de: '{label}: Abrechnungsbetrag in {currency}, die Abrechnungswährung des Kontos ist {settlementCurrency}.',
    en: '{label}: settlement amount in {currency}; the settlement currency of the account is {settlementCurrency}.',
  },
  TAX_REGION_UNKNOWN: { de: '{label}: Steuerregion {region} ist in der Aufstellung nicht aufgeführt.', en: '{label}: tax region {region} is not listed in the statement.' },
  TAX_ON_EXEMPT: { de: '{label}: als steuerfrei gekennzeichnet, weist aber Steuer aus.', en: '{label}: marked as tax exempt but shows tax.' },
  TAX_ON_ZERO_RATED: { de: '{label}: als mit Nullsatz gekennzeichnet, weist aber Steuer aus.', en: '{label}: marked as zero-rated but shows tax.' },
  TAX_RATE_MISMATCH: {
    de: '{label}: Steuersatz {rate} auf {base} ergibt {computed}, ausgewiesen sind {stated}.',
    en: '{label}: tax rate {rate} on {base} gives {computed}; stated is {stated}.',
  },
  TAX_TOTAL_MISMATCH: { de: '{label}: Summe der Steuerbeträge {sum}, ausgewiesen sind {stated}.', en: '{label}: the tax amounts add up to {sum}; stated is {stated}.' },
  TAXABLE_TOTAL_MISMATCH: {
    de: '{label}: umgerechnete steuerpflichtige Entgelte ergeben {sum}, ausgewiesen sind {stated}.',
    en: '{label}: the converted taxable charges add up to {sum}; stated is {stated}.',
  },
  TAX_DUE_MISMATCH: { de: '{label}: berechnete Steuer {computed}, an die Region abzuführen {due}.', en: '{label}: computed tax {computed}; due to the region {due}.' },

  // Delivery rules (ZIP)
  DELIVERY_DUPLICATE_STATEMENT: {
    de: '{message} {id} für Konto {account} ist doppelt geliefert: {first} und {second}.',
    en: '{message} {id} for account {account} is delivered twice: {first} and {second}.',
  },
  DELIVERY_SEQUENCE_DUPLICATE: {
    de: 'Auszugsnummer {number} ({message}, Konto {account}) kommt in {first} und {second} vor.',
    en: 'Statement number {number} ({message}, account {account}) occurs in {first} and {second}.',
  },
  DELIVERY_SEQUENCE_GAP: {
    de: 'Lücke in den Auszugsnummern ({message}, Konto {account}): nach {previous} folgt {number}, es fehlen {missing} Auszug/Auszüge ({range}).',
    en: 'Gap in the statement numbers ({message}, account {account}): {number} follows {previous}; {missing} statement(s) missing ({range}).',
  },
  RANGE: { de: '{from} bis {to}', en: '{from} to {to}' },
  DELIVERY_BALANCE_CHAIN: {
    de: 'Saldenkette unterbrochen (Konto {account}): Schlusssaldo von Auszug {previous} {closing}, Anfangssaldo von Auszug {number} {opening}.',
    en: 'Balance chain broken (account {account}): closing balance of statement {previous} {closing}, opening balance of statement {number} {opening}.',
  },
  DELIVERY_OVERLAPPING_PERIODS: {
    de: 'Zeiträume überschneiden sich (Konto {account}): {from1} bis {to1} in {first} und {from2} bis {to2} in {second}.',
    en: 'Periods overlap (account {account}): {from1} to {to1} in {first} and {from2} to {to2} in {second}.',
  },
  DELIVERY_MIXED_ACCOUNTS: { de: 'Die Lieferung enthält Auszüge für {count} Konten: {accounts}.', en: 'The delivery contains statements for {count} accounts: {accounts}.' },
  DELIVERY_MIXED_MESSAGES: { de: 'Die Lieferung mischt Nachrichtenarten: {messages}.', en: 'The delivery mixes message types: {messages}.' },
  DELIVERY_MIXED_PERIODS: {
    de: 'Die Auszüge der Lieferung enden an {count} verschiedenen Tagen ({first} bis {last}).',
    en: 'The statements of the delivery end on {count} different days ({first} to {last}).',
  },

  // Schema check notes
  XSD_NO_STORE: {
    de: 'Keine Schemaprüfung: es ist kein Schema-Speicher konfiguriert; das Urteil beruht allein auf den Regeln.',
    en: 'No schema check: no schema store is configured; the verdict rests on the rules alone.',
  },
  XSD_NO_SET: { de: 'Für {version} ist kein Schema hinterlegt; das Urteil beruht allein auf den Regeln.', en: 'No schema is known for {version}; the verdict rests on the rules alone.' },
  XSD_FAILED: { de: 'Schemaprüfung nicht möglich ({reason}); das Urteil beruht allein auf den Regeln.', en: 'Schema check not possible ({reason}); the verdict rests on the rules alone.' },
  XSD_NOT_INSTALLED: {
    de: 'Schema {schemaSet} ist nicht installiert; das Urteil beruht allein auf den Regeln. {note}',
    en: 'Schema {schemaSet} is not installed; the verdict rests on the rules alone. {note}',
  },
  XSD_TRUNCATED: {
    de: '{dropped} weitere Schemameldungen ausgelassen ({errors} Fehler insgesamt).',
    en: '{dropped} further schema messages left out ({errors} errors in all).',
  },

  // Summaries of the service responses
  VERDICT_VALID: { de: 'gültig', en: 'valid' },
  VERDICT_VALID_WITH_WARNINGS: { de: 'gültig mit Warnungen', en: 'valid with warnings' },
  VERDICT_INVALID: { de: 'ungültig', en: 'invalid' },
  FILES_ONE: { de: '{n} Datei', en: '{n} file' },
  FILES_MANY: { de: '{n} Dateien', en: '{n} files' },
  ERRORS_ONE: { de: '{n} Fehler', en: '{n} error' },
  ERRORS_MANY: { de: '{n} Fehler', en: '{n} errors' },
  WARNINGS_ONE: { de: '{n} Warnung', en: '{n} warning' },
  WARNINGS_MANY: { de: '{n} Warnungen', en: '{n} warnings' },
  SKIPPED_ONE: { de: '{n} Eintrag übersprungen', en: '{n} member skipped' },
  SKIPPED_MANY: { de: '{n} Einträge übersprungen', en: '{n} members skipped' },
  STATEMENTS_ONE: { de: '{n} Auszug', en: '{n} statement' },
  STATEMENTS_MANY: { de: '{n} Auszüge', en: '{n} statements' },
  ITEMS_ONE: { de: '{n} Position', en: '{n} item' },
  ITEMS_MANY: { de: '{n} Positionen', en: '{n} items' },
  SUMMARY_VALIDATED: { de: '{files} geprüft: {verdict}', en: '{files} checked: {verdict}' },
  SUMMARY_PARSED: { de: '{files} gelesen: {statements} mit {items}', en: '{files} read: {statements} with {items}' },
  SUMMARY_SCHEMA_PARTIAL: { de: 'Schemaprüfung nicht für alle Dateien verfügbar', en: 'schema check not available for every file' },

  // Skipped ZIP members
  SKIP_NOT_XML: { de: 'Keine XML-Datei.', en: 'Not an XML file.' },
  SKIP_XML_FORBIDDEN: {
    de: 'XML mit DOCTYPE- oder Entity-Deklaration; aus Sicherheitsgründen nicht gelesen.',
    en: 'XML with a DOCTYPE or entity declaration; not read for security reasons.',
  },
  SKIP_ENCODING: { de: 'Nicht unterstützte Zeichenkodierung.', en: 'Unsupported character encoding.' },
  SKIP_NOT_CAMT: { de: 'Keine camt.052/053/054/086-Nachricht.', en: 'Not a camt.052/053/054/086 message.' },
  SKIP_NOT_CAMT_NS: { de: 'Keine camt.052/053/054/086-Nachricht (Namespace {namespace}).', en: 'Not a camt.052/053/054/086 message (namespace {namespace}).' },
  SKIP_VERSION: {
    de: 'Nicht unterstützte Version {message}.001.{version} (unterstützt: camt.052/053/054 .02 und .08, camt.086 .01 bis .05).',
    en: 'Unsupported version {message}.001.{version} (supported: camt.052/053/054 .02 and .08, camt.086 .01 to .05).',
  },
  SKIP_EMPTY: { de: 'Leere Datei.', en: 'Empty file.' },
  SKIP_TOO_LARGE: { de: 'Datei zu groß.', en: 'File too large.' },
  ZIP_UNSAFE_PATH: { de: 'Unsicherer Name im Archiv ({reason}); nicht gelesen.', en: 'Unsafe name in the archive ({reason}); not read.' },
  ZIP_SYMLINK: { de: 'Symbolischer Link; nicht gelesen.', en: 'Symbolic link; not read.' },
  ZIP_ENCRYPTED: { de: 'Verschlüsselter Eintrag; nicht gelesen.', en: 'Encrypted member; not read.' },
  ZIP_METHOD_UNSUPPORTED: {
    de: 'Kompressionsverfahren {method} wird nicht unterstützt (nur Stored und Deflate).',
    en: 'Compression method {method} is not supported (only stored and deflate).',
  },
  ZIP_DUPLICATE_NAME: { de: 'Der Name kommt im Archiv mehrfach vor; nur der erste Eintrag wird gelesen.', en: 'The name occurs more than once in the archive; only the first member is read.' },
  ZIP_MEMBER_TOO_LARGE: { de: 'Eintrag ist entpackt {size} Bytes groß (Grenze {limit}); nicht gelesen.', en: 'Member is {size} bytes when inflated (limit {limit}); not read.' },
  ZIP_STORED_SIZE_CONFLICT: { de: 'Gespeicherter Eintrag mit widersprüchlicher Größe; nicht gelesen.', en: 'Stored member with contradictory sizes; not read.' },
  ZIP_INFLATE_OVERFLOW: {
    de: 'Eintrag entpackt zu mehr Bytes, als sein Verzeichniseintrag angibt; nicht gelesen.',
    en: 'Member inflates to more bytes than its directory entry declares; not read.',
  },
  ZIP_DEFLATE_CORRUPT: { de: 'Eintrag lässt sich nicht entpacken (beschädigte Deflate-Daten).', en: 'Member cannot be inflated (corrupt deflate data).' },
  ZIP_CRC_MISMATCH: { de: 'Prüfsumme (CRC-32) oder Größe stimmt nicht; der Eintrag ist beschädigt.', en: 'Checksum (CRC-32) or size does not match; the member is corrupt.' },
  SKIP_NESTED_ARCHIVE: {
    de: 'Verschachteltes Archiv; es werden nur XML-Dateien auf oberster Ebene gelesen.',
    en: 'Nested archive; only XML files at the top level are read.',
  },
});

export type CamtMessageKey = keyof typeof messages;

/** The text of `key` in `lang`. */
export type Say = (key: CamtMessageKey, params?: MessageParams) => string;

export function sayer(lang: Lang = 'de'): Say {
  return (key, params) => message(messages, key, lang, params);
}
