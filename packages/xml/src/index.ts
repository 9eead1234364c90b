/** @kontor/xml: hardened XML reading, streaming, writing, decimals and XSD validation over a schema store. */
export { KontorXmlError, type XmlErrorCode } from './errors';
export { KontorError, isKontorError, type KontorErrorOptions, type XmlLocation } from './model/kontor-error';
export { verdictOf, countFindings, type Finding, type Severity, type Verdict } from './model/finding';
export { defineMessages, message, placeholdersOf, catalogueProblems, langFromAcceptLanguage, LANGS, type Lang, type MessageTexts, type MessageCatalogue, type MessageParams } from './model/messages';
export { XmlElement, type XmlAttribute, type XmlDocument, type XmlElementInit, type XmlName } from './reader/element';
export { parseXml, xmlInputToText, decodeXmlInput, DecodedXml, type XmlInput } from './reader/parse';
export { streamXml, streamXmlEvents, type StreamHandlers, type StreamSource, type StreamTap, type OpenInfo } from './reader/stream';
export { defaultXmlLimits, type XmlLimits } from './reader/limits';
export { decodeXmlBytes, detectXmlEncoding, XmlChunkDecoder, type XmlEncodingInfo, type XmlTextEncoding } from './reader/decode';
export { XmlWriter, escapeText, escapeAttr, stripIllegalXmlChars, type XmlAttrs, type XmlWriterOptions } from './writer/writer';
export { Big, dec, parseDecimal, roundHalfUp, formatDecimal, formatDecimalTrim, fractionDigits, type Decimal } from './decimal/decimal';
export { SchemaStore, type SchemaStoreOptions, type XsdResult, type XsdFinding, type XsdValidateOptions, type InstalledSet, type SharedXsdValidation } from './xsd/store';
export { IBAN_LENGTHS, IBAN_LENGTHS_OUTSIDE_REGISTRY, ibanMod97, ibanProblem, normalizeIban, ibanMessages, type IbanProblem, type IbanProblemCode } from './iban';
export { berlinParts, berlinDay, berlinMonth, berlinDateTime, berlinMidnight, type BerlinParts, type Clock } from './berlin-time';
export { readLimitedBody, type LimitedBody } from './limited-body';
export { xsdCheckToJson, xsdVerdict, DEFAULT_MAX_XSD_FINDINGS, type XsdCheck, type XsdCheckFinding, type XsdCheckJson, type XsdCheckFindingJson } from './xsd/check';
export { schemaSets, findSchemaSet, type SchemaSetDef } from './xsd/sets';
export { preloadLibxml2, provideLibxml2, type Libxml2Modules } from './xsd/libxml2';
