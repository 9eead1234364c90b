/** The verification report of spec §2.3 (POST /verify) and its XML-only variant (POST /invoices/validate). */
import type { Finding } from '@kontor/xml';

export type { Verdict } from '@kontor/xml';
import type { Verdict } from '@kontor/xml';

/**
 * A finding as the report carries it: the shared Finding, with `location` as spec §2.3 has it (a string: the XPath,
 * or "line n, column m"; null when unknown) instead of line/column.
 */
export interface ReportFinding extends Omit<Finding, 'location'> {
  location: string | null;
}

export interface FileFacts {
  present: boolean;
  bytes: number;
  isPdf: boolean;
  pdfVersion: string | null;
}

export interface ZugferdFacts {
  /** the PDF embeds at least one file */
  embeddedFiles: boolean;
  /** the invoice XML carries a file name the standards give its profile (factur-x.xml, xrechnung.xml, ...) */
  facturXFilename: boolean;
  /** the invoice XML is listed in the catalog /AF with a permitted AFRelationship */
  associatedFile: boolean;
  /** the XMP carries the invoice schema (declared as PDF/A extension) consistent with the embedded XML */
  facturXMetadata: boolean;
  /** an invoice XML is embedded */
  xmlEmbedded: boolean;
  pdfAPart: string | null;
  pdfAConformance: string | null;
  /** only meaningful when the caller generated the XML; verification of a received file answers null */
  xmlMatchesGenerated: boolean | null;
}

/** A finding of the EN 16931 quick check (spec §2.3 result.en16931.findings). */
export interface QuickFinding extends ReportFinding {
  severity: 'error' | 'warning';
  source: 'schematron' | 'supplementary';
}

export interface En16931Report {
  /** false when no EN 16931 rule set applies to the profile (MINIMUM, BASIC WL, ZUGFeRD 1.0) or the XML is unreadable */
  checked: boolean;
  errorCount: number;
  warningCount: number;
  /** detected profile, e.g. "EN 16931", "XRECHNUNG", "BASIC WL", "ZUGFERD 1.0 COMFORT" */
  profile: string;
  findings: QuickFinding[];
}

export interface Pdfa3FileReport {
  filename: string;
  afRelationship: string | null;
  associated: boolean;
  status: 'ok' | 'warning' | 'error';
  message: string;
}

export interface Pdfa3Report {
  hasAfArray: boolean;
  allOk: boolean;
  files: Pdfa3FileReport[];
}

/** BT-125: a supporting document embedded in the CII as base64. */
export interface AttachmentReport {
  filename: string;
  mimeCode: string | null;
  sizeBytes: number;
}

/** A finding of the authoritative check (spec §2.3 result.authoritative.findings). */
export interface AuthoritativeFinding extends ReportFinding {
  source: 'xsd' | 'schematron' | 'pdfa' | 'structure';
  ruleset: string;
  engine: string;
}

export interface AuthoritativeReport {
  /** false when a configured engine or a needed schema set was unavailable: the result then rests on what could run */
  available: boolean;
  profile: string | null;
  verdict: Verdict;
  errorCount: number;
  warningCount: number;
  engines: string[];
  findings: AuthoritativeFinding[];
  note: string;
}

export interface VerificationReport {
  summary: string;
  result: {
    structure: { file: FileFacts; zugferd: ZugferdFacts };
    en16931: En16931Report | null;
    pdfa3: Pdfa3Report | null;
    attachments: AttachmentReport[];
    authoritative: AuthoritativeReport;
  };
}

/** The same report for a bare XML invoice: no PDF parts. */
export interface XmlValidationReport {
  summary: string;
  result: {
    en16931: En16931Report | null;
    attachments: AttachmentReport[];
    authoritative: AuthoritativeReport;
  };
}
