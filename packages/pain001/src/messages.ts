/**
 * Every user-facing finding and note text of @kontor/pain001 in German and English. Functions take `lang` (default
 * 'de', spec §2.6: "message (German text)"); codes and paths do not depend on the language.
 *
 * Labels (`L_…`, `F_…`) are catalogue entries too: a parameter value written `@KEY` is replaced by the text of KEY in
 * the same language, and `@A+B` by the texts of A and B joined with ': ' (e.g. "Adresse des Empfängers: Ort").
 */
import { defineMessages, message, type Lang, type MessageParams } from '@kontor/xml';

export const messages = defineMessages({
  // Labels
  L_DEBTOR: { de: 'Auftraggeber', en: 'Debtor' },
  L_CREDITOR: { de: 'Empfänger', en: 'Creditor' },
  L_INITIATING_PARTY: { de: 'Einreicher (InitgPty)', en: 'Initiating party (InitgPty)' },
  L_ULTIMATE_DEBTOR: { de: 'Abweichender Auftraggeber', en: 'Ultimate debtor' },
  L_ULTIMATE_CREDITOR: { de: 'Abweichender Empfänger', en: 'Ultimate creditor' },
  L_DEBTOR_AGENT: { de: 'Bank des Auftraggebers', en: "Debtor's bank" },
  L_CREDITOR_AGENT: { de: 'Bank des Empfängers', en: "Creditor's bank" },
  L_DEBTOR_IBAN: { de: 'IBAN des Auftraggebers', en: "Debtor's IBAN" },
  L_CREDITOR_IBAN: { de: 'IBAN des Empfängers', en: "Creditor's IBAN" },
  L_DEBTOR_BIC: { de: 'BIC des Auftraggebers', en: "Debtor's BIC" },
  L_CREDITOR_BIC: { de: 'BIC des Empfängers', en: "Creditor's BIC" },
  L_AGENT_BIC: { de: 'BIC der Empfängerbank', en: "BIC of the creditor's bank" },
  L_AGENT_NAME: { de: 'Name der Empfängerbank', en: "Name of the creditor's bank" },
  L_AGENT_CLEARING: { de: 'Bankleitzahl/Clearing-Nummer der Empfängerbank', en: "Bank code/clearing number of the creditor's bank" },
  L_DEBTOR_ACCOUNT: { de: 'Konto des Auftraggebers', en: "Debtor's account" },
  L_CREDITOR_ACCOUNT: { de: 'Konto des Empfängers', en: "Creditor's account" },
  L_DEBTOR_ADDRESS: { de: 'Adresse des Auftraggebers', en: "Debtor's address" },
  L_CREDITOR_ADDRESS: { de: 'Adresse des Empfängers', en: "Creditor's address" },
  L_AGENT_ADDRESS: { de: 'Adresse der Empfängerbank', en: "Address of the creditor's bank" },
  L_ULTIMATE_DEBTOR_ADDRESS: { de: 'Adresse des abweichenden Auftraggebers', en: 'Address of the ultimate debtor' },
  L_ULTIMATE_CREDITOR_ADDRESS: { de: 'Adresse des abweichenden Empfängers', en: 'Address of the ultimate creditor' },
  L_DEBTOR_NAME: { de: 'Name des Auftraggebers', en: "Debtor's name" },
  L_CREDITOR_NAME: { de: 'Name des Empfängers', en: "Creditor's name" },
  L_DEBTOR_ID: { de: 'Kennung des Auftraggebers', en: "Debtor's identifier" },
  L_CREDITOR_ID: { de: 'Kennung des Empfängers', en: "Creditor's identifier" },
  L_INITIATING_ID: { de: 'Kennung des Einreichers', en: "Initiating party's identifier" },
  L_INITIATING_NAME: { de: 'Name des Einreichers', en: "Initiating party's name" },
  L_REMITTANCE: { de: 'Verwendungszweck', en: 'Remittance information' },
  L_END_TO_END_ID: { de: 'Ende-zu-Ende-Referenz', en: 'End-to-end reference' },
  L_INSTRUCTION_ID: { de: 'Instruktions-ID', en: 'Instruction id' },
  L_MSG_ID: { de: 'Nachrichten-ID (MsgId)', en: 'Message id (MsgId)' },
  L_PMTINF_ID: { de: 'Zahlungsblock-ID (PmtInfId)', en: 'Payment block id (PmtInfId)' },
  L_E2E_ID_XML: { de: 'Ende-zu-Ende-Referenz (EndToEndId)', en: 'End-to-end reference (EndToEndId)' },
  L_INSTR_ID_XML: { de: 'Instruktions-ID (InstrId)', en: 'Instruction id (InstrId)' },
  F_STREET: { de: 'Straße', en: 'street' },
  F_BUILDING: { de: 'Hausnummer', en: 'building number' },
  F_POSTCODE: { de: 'Postleitzahl', en: 'post code' },
  F_TOWN: { de: 'Ort', en: 'town' },
  F_SUBDIVISION: { de: 'Region/Bundesstaat', en: 'region/state' },
  F_NAME: { de: 'Name', en: 'name' },
  F_ID: { de: 'Kennung', en: 'identifier' },

  // IBAN (the problem text comes from @kontor/xml's ibanMessages)
  IBAN_PROBLEM: { de: '{label}: {problem}', en: '{label}: {problem}' },

  // PaymentRun schema (generation, step 1)
  REQUIRED: { de: 'Pflichtfeld fehlt', en: 'required field missing' },
  REQUIRED_AT: { de: '{path}: Pflichtfeld fehlt', en: '{path}: required field missing' },
  TYPE_MISMATCH: { de: 'erwartet {expected} ({received})', en: 'expected {expected} ({received})' },
  TYPE_MISMATCH_AT: { de: '{path}: erwartet {expected} ({received})', en: '{path}: expected {expected} ({received})' },
  T_OBJECT: { de: 'ein Objekt', en: 'an object' },
  T_STRING: { de: 'ein Text', en: 'a string' },
  T_NUMBER: { de: 'eine Zahl', en: 'a number' },
  T_BOOLEAN: { de: 'true oder false', en: 'true or false' },
  T_ARRAY: { de: 'eine Liste', en: 'a list' },
  T_UNION: { de: 'eine Zahl oder ein Text', en: 'a number or a string' },
  RECEIVED_MISSING: { de: 'fehlt', en: 'missing' },
  RECEIVED: { de: 'erhalten: {received}', en: 'received: {received}' },
  LENGTH_SUFFIX: { de: '{text} (Länge: {length})', en: '{text} (length: {length})' },
  UNKNOWN_FIELD: { de: 'Unbekanntes Feld "{path}" wird ignoriert', en: 'Unknown field "{path}" is ignored' },
  TEXT_EMPTY: { de: '{label} ist leer', en: '{label} is empty' },
  TEXT_TOO_LONG: { de: '{label} ist länger als {max} Zeichen', en: '{label} is longer than {max} characters' },
  TEXT_CHARSET: { de: '{label} enthält Zeichen außerhalb des zulässigen Zeichensatzes: {chars}', en: '{label} contains characters outside the permitted character set: {chars}' },
  ID_CHARSET_RUN: {
    de: "{label} darf nur A-Z, a-z, 0-9 und + ? / - : ( ) . , ' sowie Leerzeichen enthalten",
    en: "{label} may contain only A-Z, a-z, 0-9, + ? / - : ( ) . , ' and spaces",
  },
  IBAN_FORMAT_RUN: {
    de: '{label}: keine IBAN (Ländercode, zwei Prüfziffern, bis zu 30 Buchstaben/Ziffern)',
    en: '{label}: not an IBAN (country code, two check digits, up to 30 letters/digits)',
  },
  BIC_FORMAT_RUN: { de: '{label}: kein gültiger BIC (8 oder 11 Zeichen nach ISO 9362)', en: '{label}: not a valid BIC (8 or 11 characters, ISO 9362)' },
  COUNTRY_FORMAT_RUN: { de: '{label}: Ländercode muss aus zwei Buchstaben bestehen (ISO 3166)', en: '{label}: the country code must be two letters (ISO 3166)' },
  AMOUNT_NOT_DECIMAL_RUN: { de: 'Betrag ist keine Dezimalzahl', en: 'Amount is not a decimal number' },
  AMOUNT_NOT_POSITIVE_RUN: { de: 'Betrag muss größer als 0 sein', en: 'Amount must be greater than 0' },
  AMOUNT_DECIMALS_RUN: { de: 'Betrag hat mehr als 2 Nachkommastellen', en: 'Amount has more than 2 decimals' },
  AMOUNT_TOO_LARGE_RUN: { de: 'Betrag ist größer als {max}', en: 'Amount is greater than {max}' },
  CODE_NOT_ALLOWED: { de: '{label} muss {allowed} sein', en: '{label} must be {allowed}' },
  ACCOUNT_OTHER_EMPTY: { de: 'Kontonummer ist leer', en: 'Account number is empty' },
  ACCOUNT_OTHER_TOO_LONG: { de: 'Kontonummer ist länger als {max} Zeichen', en: 'Account number is longer than {max} characters' },
  ACCOUNT_OTHER_CHARSET: { de: 'Kontonummer enthält unzulässige Zeichen', en: 'Account number contains characters that are not allowed' },
  CLEARING_SYSTEM_INVALID: { de: 'Clearing-System-Code muss 5 Buchstaben haben (z. B. USABA)', en: 'The clearing system code must be 5 letters (e.g. USABA)' },
  CURRENCY_FORMAT_RUN: { de: 'Währung muss ein dreistelliger ISO-4217-Code sein', en: 'The currency must be a three-letter ISO 4217 code' },
  ACCOUNT_CURRENCY_FORMAT_RUN: { de: 'Kontowährung muss ein dreistelliger ISO-4217-Code sein', en: 'The account currency must be a three-letter ISO 4217 code' },
  PURPOSE_CODE_INVALID: {
    de: 'Purpose-Code muss 1-4 Buchstaben/Ziffern haben (ISO External Purpose Code)',
    en: 'The purpose code must be 1-4 letters/digits (ISO External Purpose Code)',
  },
  EXECUTION_DATE_FORMAT_RUN: { de: 'Ausführungsdatum muss ein gültiges Datum JJJJ-MM-TT sein', en: 'The execution date must be a valid date YYYY-MM-DD' },
  PAYMENTS_EMPTY: { de: 'Der Zahlungslauf enthält keine Zahlung', en: 'The payment run contains no payment' },
  PAYMENTS_TOO_MANY: { de: 'Höchstens {max} Zahlungen je Datei', en: 'At most {max} payments per file' },

  // PaymentRun business rules (generation, step 2)
  BANK_CODE_UNKNOWN: {
    de: '{label}: Bankleitzahl {bankCode} steht nicht im Bankleitzahlenverzeichnis (Stand {dataDate})',
    en: '{label}: bank code {bankCode} is not in the German bank code directory (as of {dataDate})',
  },
  BANK_CODE_DELETED: { de: '{label}: Bankleitzahl {bankCode} ({bankName}) ist gelöscht', en: '{label}: bank code {bankCode} ({bankName}) has been deleted' },
  BANK_CODE_DELETED_SUCCESSOR: {
    de: '{label}: Bankleitzahl {bankCode} ({bankName}) ist gelöscht; Nachfolge-Bankleitzahl {successor}, bitte neue IBAN beim Empfänger erfragen',
    en: '{label}: bank code {bankCode} ({bankName}) has been deleted; successor bank code {successor}, please ask the payee for the new IBAN',
  },
  BANK_CODE_DELETION_ANNOUNCED: {
    de: '{label}: Bankleitzahl {bankCode} ({bankName}) ist zur Löschung vorgesehen',
    en: '{label}: bank code {bankCode} ({bankName}) is due to be deleted',
  },
  BANK_CODE_DELETION_ANNOUNCED_SUCCESSOR: {
    de: '{label}: Bankleitzahl {bankCode} ({bankName}) ist zur Löschung vorgesehen; Nachfolge-Bankleitzahl {successor}',
    en: '{label}: bank code {bankCode} ({bankName}) is due to be deleted; successor bank code {successor}',
  },
  ADDRESS_MISSING_RUN: {
    de: '{label}: Anschrift fehlt (bei Auslandszahlungen Pflicht, mindestens Ort und Land)',
    en: '{label}: address missing (mandatory for foreign payments, at least town and country)',
  },
  ADDRESS_TOWN_MISSING_RUN: { de: '{label}: Ort (townName) fehlt', en: '{label}: town (townName) missing' },
  ADDRESS_COUNTRY_MISSING_RUN: { de: '{label}: Land (countryCode) fehlt', en: '{label}: country (countryCode) missing' },
  COUNTRY_CODE_UNKNOWN_RUN: { de: '{label}: "{country}" ist kein ISO-3166-Ländercode', en: '{label}: "{country}" is not an ISO 3166 country code' },
  EXECUTION_DATE_IN_PAST: {
    de: 'Ausführungsdatum {date} liegt in der Vergangenheit (heute ist {today}, Europe/Berlin)',
    en: 'Execution date {date} is in the past (today is {today}, Europe/Berlin)',
  },
  EXECUTION_DATE_NOT_BUSINESS_DAY: {
    de: 'Ausführungsdatum {date} ist kein TARGET2-Geschäftstag; die Bank führt am nächsten Geschäftstag aus',
    en: 'Execution date {date} is not a TARGET2 business day; the bank executes on the next business day',
  },
  EXECUTION_DATE_FAR_FUTURE: { de: 'Ausführungsdatum {date} liegt mehr als ein Jahr in der Zukunft', en: 'Execution date {date} is more than a year in the future' },
  BIC_COUNTRY_MISMATCH: { de: 'BIC {bic} (Land {bicCountry}) passt nicht zum IBAN-Land {ibanCountry}', en: 'BIC {bic} (country {bicCountry}) does not match the IBAN country {ibanCountry}' },
  ACCOUNT_CURRENCY_UNKNOWN: { de: 'Kontowährung "{currency}" ist kein ISO-4217-Code', en: 'Account currency "{currency}" is not an ISO 4217 code' },
  SCT_DEBTOR_CURRENCY: { de: 'Kontowährung {currency}: SEPA-Überweisungen werden in EUR ausgeführt', en: 'Account currency {currency}: SEPA credit transfers are executed in EUR' },
  SCT_DEBTOR_COUNTRY_NOT_SEPA: { de: 'Auftraggeberkonto in {country}: das Land gehört nicht zum SEPA-Raum', en: "Debtor's account in {country}: the country is not part of the SEPA area" },
  CURRENCY_UNKNOWN: { de: 'Währung "{currency}" ist kein gültiger ISO-4217-Code', en: 'Currency "{currency}" is not a valid ISO 4217 code' },
  AMOUNT_MINOR_UNITS_RUN: { de: 'Betrag {amount}: {currency} hat {minor} Nachkommastellen', en: 'Amount {amount}: {currency} has {minor} decimals' },
  BIC_CONFLICT: { de: 'creditorBic {bic} und creditorAgent.bic {agentBic} widersprechen sich', en: 'creditorBic {bic} and creditorAgent.bic {agentBic} contradict each other' },
  ULTIMATE_DEBTOR_EMPTY: { de: 'Abweichender Auftraggeber ohne Name und Kennung', en: 'Ultimate debtor without name and identifier' },
  ULTIMATE_CREDITOR_EMPTY: { de: 'Abweichender Empfänger ohne Name und Kennung', en: 'Ultimate creditor without name and identifier' },
  SCT_CURRENCY_NOT_EUR_RUN: {
    de: 'Währung {currency}: SEPA-Überweisungen sind nur in EUR möglich; für andere Währungen den Auslandszahlungsverkehr (AXZ) nutzen',
    en: 'Currency {currency}: SEPA credit transfers are possible in EUR only; use foreign payments (AXZ) for other currencies',
  },
  CREDITOR_IBAN_MISSING_RUN: { de: 'SEPA-Überweisungen brauchen die IBAN des Empfängers', en: "SEPA credit transfers need the creditor's IBAN" },
  ACCOUNT_OTHER_NOT_ALLOWED: { de: 'Kontonummer statt IBAN ist nur bei Auslandszahlungen (AXZ) möglich', en: 'An account number instead of an IBAN is possible for foreign payments (AXZ) only' },
  SCT_COUNTRY_NOT_SEPA_RUN: {
    de: 'Empfängerkonto in {country}: das Land gehört nicht zum SEPA-Raum; Auslandszahlung (AXZ) nutzen',
    en: "Creditor's account in {country}: the country is not part of the SEPA area; use a foreign payment (AXZ)",
  },
  SCT_BIC_RECOMMENDED: {
    de: 'Empfängerkonto in {country} (SEPA, nicht EWR): der BIC der Empfängerbank sollte angegeben werden',
    en: "Creditor's account in {country} (SEPA, not EEA): the BIC of the creditor's bank should be given",
  },
  CHARGE_BEARER_NOT_ALLOWED: {
    de: 'chargeBearer gibt es nur bei Auslandszahlungen (AXZ); SEPA-Überweisungen tragen immer SLEV',
    en: 'chargeBearer exists for foreign payments (AXZ) only; SEPA credit transfers always carry SLEV',
  },
  SERVICE_LEVEL_NOT_ALLOWED: {
    de: 'serviceLevel gibt es nur bei Auslandszahlungen (AXZ); SEPA-Überweisungen tragen SEPA',
    en: 'serviceLevel exists for foreign payments (AXZ) only; SEPA credit transfers carry SEPA',
  },
  AGENT_DETAILS_IGNORED: { de: 'Bei SEPA-Überweisungen wird von der Empfängerbank nur der BIC übermittelt', en: "For SEPA credit transfers only the BIC of the creditor's bank is transmitted" },
  ULTIMATE_DEBTOR_ADDRESS_NOT_ALLOWED: {
    de: 'Das DK-Format für SEPA-Überweisungen erlaubt keine Anschrift des abweichenden Auftraggebers',
    en: 'The DK format for SEPA credit transfers allows no address of the ultimate debtor',
  },
  ULTIMATE_CREDITOR_ADDRESS_NOT_ALLOWED: {
    de: 'Das DK-Format für SEPA-Überweisungen erlaubt keine Anschrift des abweichenden Empfängers',
    en: 'The DK format for SEPA credit transfers allows no address of the ultimate creditor',
  },
  CATEGORY_PURPOSE_NOT_ALLOWED: { de: 'categoryPurpose (SALA, Gehaltszahlung) gibt es nur bei SEPA-Überweisungen', en: 'categoryPurpose (SALA, salary payment) exists for SEPA credit transfers only' },
  PRIORITY_NOT_ALLOWED: {
    de: 'instrPrty gibt es nur bei SEPA-Überweisungen; eilige Auslandszahlungen über serviceLevel URGP',
    en: 'instrPrty exists for SEPA credit transfers only; urgent foreign payments use serviceLevel URGP',
  },
  CREDITOR_ACCOUNT_MISSING_RUN: { de: 'Empfängerkonto fehlt: creditorIban oder creditorAccountOther angeben', en: "Creditor's account missing: give creditorIban or creditorAccountOther" },
  CREDITOR_ACCOUNT_AMBIGUOUS: { de: 'Entweder creditorIban oder creditorAccountOther angeben, nicht beides', en: 'Give either creditorIban or creditorAccountOther, not both' },
  AXZ_CREDITOR_AGENT_MISSING_RUN: {
    de: 'Kontonummer ohne IBAN: BIC der Empfängerbank (creditorBic) oder creditorAgent mit Name und Anschrift (Ort, Land) angeben',
    en: "Account number without IBAN: give the BIC of the creditor's bank (creditorBic) or creditorAgent with name and address (town, country)",
  },
  CLEARING_SYSTEM_MISSING: { de: 'Clearing-Nummer ohne Clearing-System (clearingSystemId, z. B. USABA)', en: 'Clearing number without clearing system (clearingSystemId, e.g. USABA)' },
  ULTIMATE_DEBTOR_NAME_MISSING: { de: 'Abweichender Auftraggeber: Name ist bei Auslandszahlungen Pflicht', en: 'Ultimate debtor: the name is mandatory for foreign payments' },
  ULTIMATE_CREDITOR_NAME_MISSING: { de: 'Abweichender Empfänger: Name ist bei Auslandszahlungen Pflicht', en: 'Ultimate creditor: the name is mandatory for foreign payments' },
  SCT_POSSIBLE: { de: 'EUR-Zahlung in den SEPA-Raum ({country}): als SEPA-Überweisung meist günstiger', en: 'EUR payment into the SEPA area ({country}): usually cheaper as a SEPA credit transfer' },
  DUPLICATE_PAYMENT_RUN: {
    de: 'Mögliche Doppelzahlung: gleiches Konto, gleicher Betrag, gleicher Verwendungszweck wie Zahlung {first}',
    en: 'Possible duplicate payment: same account, amount and remittance information as payment {first}',
  },
  DUPLICATE_END_TO_END_ID_RUN: { de: 'Ende-zu-Ende-Referenz "{id}" kommt schon in Zahlung {first} vor', en: 'End-to-end reference "{id}" already occurs in payment {first}' },
  DUPLICATE_INSTRUCTION_ID: { de: 'Instruktions-ID "{id}" kommt schon in Zahlung {first} vor', en: 'Instruction id "{id}" already occurs in payment {first}' },
  BIC_DERIVED: {
    de: 'BIC {bic} aus der Bankleitzahl der IBAN ergänzt (Bankleitzahlenverzeichnis {dataDate})',
    en: 'BIC {bic} added from the bank code of the IBAN (bank code directory {dataDate})',
  },

  // pain.001 file rules (validation)
  BIC_INVALID: { de: '{label}: "{bic}" ist kein gültiger BIC (8 oder 11 Zeichen nach ISO 9362)', en: '{label}: "{bic}" is not a valid BIC (8 or 11 characters, ISO 9362)' },
  NAME_MISSING: { de: '{label}: Name fehlt', en: '{label}: name missing' },
  NAME_TOO_LONG: { de: '{label}: Name ist länger als {max} Zeichen ({length})', en: '{label}: name is longer than {max} characters ({length})' },
  NAME_CHARSET: {
    de: '{label}: Name enthält Zeichen außerhalb des DK-Zeichensatzes ({chars}); die Bank kann sie ersetzen oder ablehnen',
    en: '{label}: name contains characters outside the DK character set ({chars}); the bank may replace or reject them',
  },
  ADDRESS_MISSING: { de: '{label}: Anschrift fehlt (bei Auslandszahlungen Pflicht)', en: '{label}: address missing (mandatory for foreign payments)' },
  COUNTRY_CODE_UNKNOWN: { de: '{label}: Ländercode "{country}" ist kein ISO-3166-Code', en: '{label}: country code "{country}" is not an ISO 3166 code' },
  ADDRESS_TOWN_MISSING: { de: '{label}: Ort fehlt', en: '{label}: town missing' },
  ADDRESS_COUNTRY_MISSING: { de: '{label}: Land fehlt', en: '{label}: country missing' },
  ADDRESS_UNSTRUCTURED: {
    de: '{label}: nur unstrukturierte Adresszeilen; ab November 2026 verlangen die Banken mindestens Ort und Land strukturiert',
    en: '{label}: unstructured address lines only; from November 2026 banks require at least town and country in structured form',
  },
  AMOUNT_MISSING: { de: 'Betrag fehlt', en: 'Amount missing' },
  AMOUNT_NOT_DECIMAL: { de: 'Betrag "{amount}" ist keine positive Dezimalzahl', en: 'Amount "{amount}" is not a positive decimal number' },
  AMOUNT_NOT_POSITIVE: { de: 'Betrag {amount} muss größer als 0 sein (mindestens 0.01)', en: 'Amount {amount} must be greater than 0 (at least 0.01)' },
  AMOUNT_DECIMALS: { de: 'Betrag {amount} hat mehr als {max} Nachkommastellen', en: 'Amount {amount} has more than {max} decimals' },
  AMOUNT_DECIMALS_CURRENCY: { de: 'Betrag {amount} hat mehr als {max} Nachkommastellen (Währung {currency})', en: 'Amount {amount} has more than {max} decimals (currency {currency})' },
  AMOUNT_TOO_LARGE_SCT: { de: 'Betrag {amount} ist größer als 999999999.99 (Höchstbetrag SEPA)', en: 'Amount {amount} is greater than 999999999.99 (SEPA maximum)' },
  ID_MISSING: { de: '{label} fehlt', en: '{label} missing' },
  ID_TOO_LONG: { de: '{label} ist länger als 35 Zeichen', en: '{label} is longer than 35 characters' },
  ID_CHARSET: {
    de: '{label} "{value}" enthält Zeichen außerhalb von A-Z a-z 0-9 + ? / - : ( ) . , \' und Leerzeichen',
    en: '{label} "{value}" contains characters outside A-Z a-z 0-9 + ? / - : ( ) . , \' and space',
  },
  GROUP_HEADER_MISSING: { de: 'Gruppenkopf (GrpHdr) fehlt', en: 'Group header (GrpHdr) missing' },
  CREATION_TIME_MISSING: { de: 'Erstellungszeitpunkt (CreDtTm) fehlt', en: 'Creation time (CreDtTm) missing' },
  CREATION_TIME_INVALID: { de: 'Erstellungszeitpunkt "{value}" ist kein Zeitpunkt JJJJ-MM-TTThh:mm:ss', en: 'Creation time "{value}" is not a time YYYY-MM-DDThh:mm:ss' },
  PAYMENT_BLOCK_MISSING: { de: 'Die Datei enthält keinen Zahlungsblock (PmtInf)', en: 'The file contains no payment block (PmtInf)' },
  DUPLICATE_PMTINF_ID: { de: 'Zahlungsblock-ID "{id}" kommt mehrfach vor (zuerst in {first})', en: 'Payment block id "{id}" occurs more than once (first in {first})' },
  PAYMENT_METHOD_INVALID: { de: 'Zahlungsart (PmtMtd) "{method}" statt TRF (Überweisung)', en: 'Payment method (PmtMtd) "{method}" instead of TRF (credit transfer)' },
  EXECUTION_DATE_MISSING: { de: 'Ausführungsdatum (ReqdExctnDt) fehlt', en: 'Execution date (ReqdExctnDt) missing' },
  EXECUTION_DATE_INVALID: { de: 'Ausführungsdatum "{date}" ist kein gültiges Datum', en: 'Execution date "{date}" is not a valid date' },
  DEBTOR_MISSING: { de: 'Auftraggeber (Dbtr) fehlt', en: 'Debtor (Dbtr) missing' },
  DEBTOR_ACCOUNT_MISSING: { de: 'Auftraggeberkonto (DbtrAcct) fehlt', en: "Debtor's account (DbtrAcct) missing" },
  DEBTOR_IBAN_MISSING: { de: 'Auftraggeberkonto ohne IBAN', en: "Debtor's account without IBAN" },
  DEBTOR_AGENT_MISSING: { de: 'Bank des Auftraggebers (DbtrAgt) fehlt', en: "Debtor's bank (DbtrAgt) missing" },
  SCT_CHARGE_BEARER: { de: 'Entgeltregelung "{value}" ist bei SEPA-Überweisungen nicht zulässig (nur SLEV)', en: 'Charge bearer "{value}" is not allowed for SEPA credit transfers (SLEV only)' },
  SCT_SERVICE_LEVEL: { de: 'Service-Level "{value}" ist bei SEPA-Überweisungen nicht zulässig (nur SEPA)', en: 'Service level "{value}" is not allowed for SEPA credit transfers (SEPA only)' },
  CTRL_SUM_MISSING_BLOCK: { de: 'Kontrollsumme (CtrlSum) des Zahlungsblocks fehlt (DK-Pflichtfeld)', en: 'Control sum (CtrlSum) of the payment block missing (mandatory in DK)' },
  NB_OF_TXS_MISSING_BLOCK: {
    de: 'Anzahl der Zahlungen (NbOfTxs) des Zahlungsblocks fehlt (DK-Pflichtfeld)',
    en: 'Number of payments (NbOfTxs) of the payment block missing (mandatory in DK)',
  },
  DUPLICATE_END_TO_END_ID: { de: 'Ende-zu-Ende-Referenz "{id}" kommt mehrfach vor (zuerst in {first})', en: 'End-to-end reference "{id}" occurs more than once (first in {first})' },
  CURRENCY_MISSING: { de: 'Währung (Ccy) des Betrags fehlt', en: 'Currency (Ccy) of the amount missing' },
  SCT_CURRENCY_NOT_EUR: { de: 'Währung {currency}: SEPA-Überweisungen sind nur in EUR möglich', en: 'Currency {currency}: SEPA credit transfers are possible in EUR only' },
  SCT_TRANSFER_CURRENCY: { de: 'Gegenwertbetrag in {currency}: SEPA-Überweisungen sind nur in EUR möglich', en: 'Equivalent amount in {currency}: SEPA credit transfers are possible in EUR only' },
  CREDITOR_MISSING: { de: 'Empfänger (Cdtr) fehlt', en: 'Creditor (Cdtr) missing' },
  CREDITOR_ACCOUNT_MISSING: { de: 'Empfängerkonto (CdtrAcct) fehlt', en: "Creditor's account (CdtrAcct) missing" },
  CREDITOR_IBAN_MISSING: { de: 'SEPA-Überweisungen brauchen eine IBAN als Empfängerkonto', en: "SEPA credit transfers need an IBAN as the creditor's account" },
  SCT_COUNTRY_NOT_SEPA: { de: 'Empfängerkonto in {country}: das Land gehört nicht zum SEPA-Raum', en: "Creditor's account in {country}: the country is not part of the SEPA area" },
  SCT_PRIORITY_LEVEL: {
    de: 'Die Priorität (InstrPrty) steht bei SEPA-Überweisungen im Zahlungsblock, nicht in der einzelnen Zahlung (DK GBIC_5)',
    en: 'For SEPA credit transfers the priority (InstrPrty) belongs in the payment block, not in the single payment (DK GBIC_5)',
  },
  SCT_REGULATORY_REPORTING: { de: 'Meldedaten (RgltryRptg) gehören nicht in eine SEPA-Überweisung', en: 'Regulatory reporting (RgltryRptg) does not belong in a SEPA credit transfer' },
  REMITTANCE_MULTIPLE: {
    de: 'Bei SEPA-Überweisungen ist nur ein unstrukturierter Verwendungszweck (Ustrd) erlaubt',
    en: 'SEPA credit transfers allow one unstructured remittance information (Ustrd) only',
  },
  REMITTANCE_BOTH: {
    de: 'Strukturierter und unstrukturierter Verwendungszweck zugleich; das EPC-Regelwerk erlaubt nur eine Form',
    en: 'Structured and unstructured remittance information at once; the EPC rulebook allows one form only',
  },
  CHARGE_BEARER_INVALID: { de: 'Entgeltregelung "{value}" unbekannt (DEBT, CRED, SHAR)', en: 'Unknown charge bearer "{value}" (DEBT, CRED, SHAR)' },
  AXZ_CREDITOR_AGENT_MISSING: {
    de: 'Konto ohne IBAN: BIC, Clearing-Nummer oder Name und Anschrift der Empfängerbank sind Pflicht',
    en: "Account without IBAN: BIC, clearing number or name and address of the creditor's bank are mandatory",
  },
  REMITTANCE_TOO_LONG: { de: 'Verwendungszweck ist länger als 140 Zeichen ({length})', en: 'Remittance information is longer than 140 characters ({length})' },
  DUPLICATE_PAYMENT: {
    de: 'Mögliche Doppelzahlung: gleiches Konto, gleicher Betrag und Verwendungszweck wie {first}',
    en: 'Possible duplicate payment: same account, amount and remittance information as {first}',
  },
  NB_OF_TXS_INVALID: { de: 'Anzahl (NbOfTxs) "{value}" ist keine Zahl', en: 'Number (NbOfTxs) "{value}" is not a number' },
  PMTINF_NB_OF_TXS_MISMATCH: { de: 'Zahlungsblock: angegeben {declared} Zahlungen, enthalten {count}', en: 'Payment block: {declared} payments declared, {count} contained' },
  CTRL_SUM_INVALID: { de: 'Kontrollsumme "{value}" ist keine Dezimalzahl', en: 'Control sum "{value}" is not a decimal number' },
  PMTINF_CTRL_SUM_MISMATCH: { de: 'Zahlungsblock: Kontrollsumme {declared}, Summe der Beträge {sum}', en: 'Payment block: control sum {declared}, sum of the amounts {sum}' },
  NB_OF_TXS_MISSING: { de: 'Anzahl der Zahlungen (NbOfTxs) im Gruppenkopf fehlt', en: 'Number of payments (NbOfTxs) in the group header missing' },
  NB_OF_TXS_MISMATCH: { de: 'Gruppenkopf: angegeben {declared} Zahlungen, enthalten {count}', en: 'Group header: {declared} payments declared, {count} contained' },
  CTRL_SUM_MISSING: { de: 'Kontrollsumme (CtrlSum) im Gruppenkopf fehlt (DK-Pflichtfeld)', en: 'Control sum (CtrlSum) in the group header missing (mandatory in DK)' },
  CTRL_SUM_MISMATCH: { de: 'Gruppenkopf: Kontrollsumme {declared}, Summe der Beträge {sum}', en: 'Group header: control sum {declared}, sum of the amounts {sum}' },

  // Validation result: reader, schema step, notes
  XML_LIMIT: {
    de: 'Die Datei überschreitet eine Grenze des XML-Lesers und wurde nur bis dorthin gelesen: {detail}',
    en: 'The file exceeds a limit of the XML reader and was read only up to there: {detail}',
  },
  XML_MALFORMED: { de: 'Die Datei ist kein wohlgeformtes XML (abgebrochen oder beschädigt): {detail}', en: 'The file is not well-formed XML (cut off or damaged): {detail}' },
  FINDINGS_TRUNCATED: { de: '{count} weitere Regelbefunde ausgelassen', en: '{count} further rule findings left out' },
  XSD_XML: { de: 'XML nicht wohlgeformt', en: 'XML not well-formed' },
  XSD: { de: 'Schemaverletzung', en: 'Schema violation' },
  XSD_PATTERN: { de: 'Schemaverletzung: Wert entspricht nicht dem vorgeschriebenen Muster', en: 'Schema violation: value does not match the prescribed pattern' },
  XSD_MAX_LENGTH: { de: 'Schemaverletzung: Wert ist zu lang', en: 'Schema violation: value too long' },
  XSD_MIN_LENGTH: { de: 'Schemaverletzung: Wert ist zu kurz oder leer', en: 'Schema violation: value too short or empty' },
  XSD_ENUMERATION: { de: 'Schemaverletzung: Wert ist nicht zulässig', en: 'Schema violation: value not allowed' },
  XSD_MIN_INCLUSIVE: { de: 'Schemaverletzung: Wert ist kleiner als erlaubt', en: 'Schema violation: value smaller than allowed' },
  XSD_MAX_INCLUSIVE: { de: 'Schemaverletzung: Wert ist größer als erlaubt', en: 'Schema violation: value greater than allowed' },
  XSD_FRACTION_DIGITS: { de: 'Schemaverletzung: zu viele Nachkommastellen', en: 'Schema violation: too many decimals' },
  XSD_TOTAL_DIGITS: { de: 'Schemaverletzung: zu viele Stellen', en: 'Schema violation: too many digits' },
  XSD_UNEXPECTED_ELEMENT: { de: 'Schemaverletzung: Element an dieser Stelle nicht erlaubt', en: 'Schema violation: element not allowed here' },
  XSD_MISSING_ELEMENT: { de: 'Schemaverletzung: Pflichtelement fehlt', en: 'Schema violation: mandatory element missing' },
  XSD_ROOT_UNKNOWN: { de: 'Schemaverletzung: Wurzelelement passt nicht zum Schema', en: 'Schema violation: root element does not match the schema' },
  XSD_VALUE_INVALID: { de: 'Schemaverletzung: Wert hat nicht den vorgeschriebenen Datentyp', en: 'Schema violation: value does not have the prescribed data type' },
  XSD_TEXT_NOT_ALLOWED: { de: 'Schemaverletzung: Text an dieser Stelle nicht erlaubt', en: 'Schema violation: text not allowed here' },
  XSD_ATTRIBUTE_MISSING: { de: 'Schemaverletzung: Pflichtattribut fehlt', en: 'Schema violation: mandatory attribute missing' },
  AT_ELEMENT: { de: ' bei {element}', en: ' at {element}' },
  AT_LINE: { de: ' (Zeile {line})', en: ' (line {line})' },
  AT_LINE_COLUMN: { de: ' (Zeile {line}, Spalte {column})', en: ' (line {line}, column {column})' },
  XSD_FINDING: { de: '{what}{element}{where}: {detail}', en: '{what}{element}{where}: {detail}' },
  XSD_NO_STORE: { de: 'Kein Schema-Speicher konfiguriert; das Ergebnis beruht nur auf den Regeln.', en: 'No schema store configured; the result rests on the rules only.' },
  XSD_NOT_INSTALLED: {
    de: 'Schema {schemaSet} ist nicht installiert; das Ergebnis beruht nur auf den Regeln. {note}',
    en: 'Schema {schemaSet} is not installed; the result rests on the rules only. {note}',
  },
  XSD_TRUNCATED: { de: '{dropped} weitere Schemameldungen ausgelassen', en: '{dropped} further schema messages left out' },
  SCHEMA_NOT_INSTALLED: { de: 'Schema {schemaSet} ist nicht installiert', en: 'Schema {schemaSet} is not installed' },
  UNCHECKED_NOTE: { de: 'Ohne Schemaprüfung ausgeliefert (allowUnchecked): {note}', en: 'Delivered without schema check (allowUnchecked): {note}' },

  // Refusals (Pain001Error messages and their details)
  E_LIMIT: { de: 'Die Datei enthält mehr als {max} {what} (Grenze {limit}).', en: 'The file contains more than {max} {what} (limit {limit}).' },
  E_LIMIT_DETAIL: { de: 'Mehr als {max} {what}', en: 'More than {max} {what}' },
  W_BLOCKS: { de: 'Zahlungsblöcke (PmtInf)', en: 'payment blocks (PmtInf)' },
  W_TRANSACTIONS: { de: 'Transaktionen (CdtTrfTxInf)', en: 'transactions (CdtTrfTxInf)' },
  W_NAMESPACE: { de: 'Namensraum "{ns}"', en: 'namespace "{ns}"' },
  W_ROOT: { de: 'Wurzelelement "{root}" (Namensraum "{ns}")', en: 'root element "{root}" (namespace "{ns}")' },
  W_NO_NAMESPACE: { de: '(keiner)', en: '(none)' },
  E_UNSUPPORTED: {
    de: 'Keine unterstützte pain.001-Nachricht: {what}. Unterstützt werden pain.001.001.09 und pain.001.001.03.',
    en: 'Not a supported pain.001 message: {what}. Supported are pain.001.001.09 and pain.001.001.03.',
  },
  E_UNSUPPORTED_DETAIL: { de: 'Nicht unterstützt: {what}', en: 'Not supported: {what}' },
  E_NOT_XML: { de: 'Die Datei ist kein lesbares XML: {detail}', en: 'The file is not readable XML: {detail}' },
  E_NO_ROOT: { de: 'Die Datei enthält kein Wurzelelement', en: 'The file has no root element' },
  E_TOO_LARGE: { de: 'Die Datei ist größer als {max} Bytes', en: 'The file is larger than {max} bytes' },
  E_RULES_VIOLATED: { de: 'Der Zahlungslauf verletzt {count} Regel(n)', en: 'The payment run violates {count} rule(s)' },
  E_GATE_FAILED: { de: 'Die erzeugte Datei besteht die Prüfung gegen {schemaSet} nicht', en: 'The generated file fails the check against {schemaSet}' },
  E_GATE_UNAVAILABLE: {
    de: 'Schemaprüfung nicht möglich: {note}. Es wird keine ungeprüfte Datei ausgeliefert.',
    en: 'Schema check not possible: {note}. No unchecked file is delivered.',
  },
  E_RUN_SCHEMA: { de: 'Der Zahlungslauf entspricht nicht dem Schema', en: 'The payment run does not match the schema' },

  // Address structuring requests
  ADDR_EXPECTED: { de: '{path}: erwartet {what}', en: '{path}: expected {what}' },
  ADDR_REQUEST: { de: 'Anfrage', en: 'request' },
  ADDR_ITEMS: { de: 'höchstens {max} Adressen je Aufruf', en: 'at most {max} addresses per call' },
  ADDR_LINES: { de: '1 bis {max} Adresszeilen je Adresse (je höchstens {length} Zeichen)', en: '1 to {max} address lines per address (at most {length} characters each)' },
  ADDR_COUNTRY: { de: 'Ländercode mit zwei Buchstaben (ISO 3166)', en: 'a two-letter country code (ISO 3166)' },
  ADDR_ID: { de: 'id als Text (1-{max} Zeichen)', en: 'id as text (1-{max} characters)' },
  ADDR_SHAPE: { de: 'Aufbau {items:[{id, countryCode, addressLines[]}]}', en: 'the shape {items:[{id, countryCode, addressLines[]}]}' },
  E_ADDR_SCHEMA: { de: 'Die Adressanfrage entspricht nicht dem Schema', en: 'The address request does not match the schema' },
  E_MODEL: { de: 'KI-Dienst nicht erreichbar: {detail}', en: 'AI service unreachable: {detail}' },

  // Profile detection reasons
  PROFILE_REQUESTED: { de: 'Profil wurde vorgegeben', en: 'profile was requested' },
  REASON_SEPA_LEVEL: { de: 'Service-Level SEPA angegeben (SvcLvl/Cd = SEPA)', en: 'service level SEPA given (SvcLvl/Cd = SEPA)' },
  REASON_SLEV: { de: 'Entgeltregelung SLEV (SEPA)', en: 'charge bearer SLEV (SEPA)' },
  REASON_ALL_EUR: { de: 'alle Beträge in EUR', en: 'all amounts in EUR' },
  REASON_NON_EUR: { de: 'Währung {currencies} (nicht EUR)', en: 'currency {currencies} (not EUR)' },
  REASON_CHARGE_BEARER: { de: 'Entgeltregelung {values} (nicht SLEV)', en: 'charge bearer {values} (not SLEV)' },
  REASON_SERVICE_LEVEL: { de: 'Service-Level {values} (nicht SEPA)', en: 'service level {values} (not SEPA)' },
  REASON_NON_IBAN: { de: '{count} Empfängerkonto/-konten ohne IBAN', en: "{count} creditor's account(s) without IBAN" },
  REASON_REGULATORY: { de: 'Meldedaten nach AWV (RgltryRptg) in {count} Zahlung(en)', en: 'regulatory reporting (RgltryRptg) in {count} payment(s)' },
  REASON_EQUIVALENT: { de: 'Gegenwertbetrag (EqvtAmt) in {count} Zahlung(en)', en: 'equivalent amount (EqvtAmt) in {count} payment(s)' },
  REASON_FOREIGN: { de: 'Empfänger außerhalb des SEPA-Raums: {countries}', en: 'creditors outside the SEPA area: {countries}' },
  REASON_NO_FOREIGN_TRAITS: { de: 'keine Merkmale einer Auslandszahlung', en: 'no traits of a foreign payment' },

  // Summary sentence of the validation response
  SUMMARY: {
    de: '{name}pain.001.001.{version} ({profile}), {payments} Zahlung(en) in {blocks} Block/Blöcken, {amounts}; {schema}; {verdict}{errors}.',
    en: '{name}pain.001.001.{version} ({profile}), {payments} payment(s) in {blocks} block(s), {amounts}; {schema}; {verdict}{errors}.',
  },
  NO_CURRENCY: { de: '(ohne Währung)', en: '(no currency)' },
  NO_AMOUNTS: { de: 'keine Beträge', en: 'no amounts' },
  SCHEMA_MET: { de: 'Schema {schemaSet} erfüllt', en: 'schema {schemaSet} met' },
  SCHEMA_VIOLATED: { de: 'Schema {schemaSet} verletzt', en: 'schema {schemaSet} violated' },
  SCHEMA_NOT_CHECKED: { de: 'Schema nicht geprüft', en: 'schema not checked' },
  VERDICT_VALID: { de: 'gültig', en: 'valid' },
  VERDICT_VALID_WITH_WARNINGS: { de: 'gültig mit Hinweisen', en: 'valid with warnings' },
  VERDICT_INVALID: { de: 'ungültig', en: 'invalid' },
  ERROR_COUNT: { de: ' ({count} Fehler)', en: ' ({count} errors)' },
});

export type Pain001MessageKey = keyof typeof messages;

/** A message to be worded later: catalogue key and parameters (values `@KEY` are labels, see the module comment). */
export interface Msg {
  key: Pain001MessageKey;
  params?: MessageParams | undefined;
}

export function msg(key: Pain001MessageKey, params?: MessageParams): Msg {
  return { key, params };
}

/** The text of `key` in `lang`; parameter values `@KEY` / `@A+B` are replaced by label texts. */
export type Say = (key: Pain001MessageKey, params?: MessageParams) => string;

export function sayer(lang: Lang = 'de'): Say {
  return (key, params) => message(messages, key, lang, params);
}
