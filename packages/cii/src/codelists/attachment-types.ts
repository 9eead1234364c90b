/** Attachment (BG-24) media types per level: inside the CII XML (BT-125, BR-CL-24) and as PDF/A-3 embedded files. */

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const ODS_MIME = 'application/vnd.oasis.opendocument.spreadsheet';

export interface AttachmentTypeEntry {
  mimeType: string;
  extensions: readonly string[];
  name: string;
  /** Allowed as base64 in the XML (BT-125, EN 16931 BR-CL-24). */
  xml: boolean;
  /** Allowed as an embedded file of the PDF/A-3 (then referenced from the XML as document type 916). */
  pdf: boolean;
}

export const ATTACHMENT_MAX_BYTES = 10_485_760;

export const ATTACHMENT_TYPES: readonly AttachmentTypeEntry[] = [
  { mimeType: 'application/pdf', extensions: ['.pdf'], name: 'PDF document', xml: true, pdf: true },
  { mimeType: 'image/png', extensions: ['.png'], name: 'PNG image', xml: true, pdf: true },
  { mimeType: 'image/jpeg', extensions: ['.jpg', '.jpeg'], name: 'JPEG image', xml: true, pdf: true },
  { mimeType: 'text/csv', extensions: ['.csv'], name: 'CSV table', xml: true, pdf: true },
  { mimeType: XLSX_MIME, extensions: ['.xlsx'], name: 'Excel workbook', xml: true, pdf: true },
  { mimeType: ODS_MIME, extensions: ['.ods'], name: 'OpenDocument spreadsheet', xml: true, pdf: true },
  { mimeType: 'application/xml', extensions: ['.xml'], name: 'XML document', xml: false, pdf: true },
  { mimeType: 'text/xml', extensions: ['.xml'], name: 'XML document', xml: false, pdf: true },
];

/**
 * The media type for a file name, from its extension; undefined when unknown.
 * @example
 * ```ts
 * attachmentMimeFromFilename('timesheet.xlsx'); // 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
 * attachmentMimeFromFilename('notes.exe');     // undefined (not an allowed attachment type)
 * ```
 */
export function attachmentMimeFromFilename(filename: string): string | undefined {
  const lower = filename.toLowerCase();
  return ATTACHMENT_TYPES.find((t) => t.extensions.some((e) => lower.endsWith(e)))?.mimeType;
}
