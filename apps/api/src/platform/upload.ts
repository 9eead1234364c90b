/**
 * The one reader of file uploads for the validate/parse endpoints: multipart (part "file", optional "filename" and
 * other text fields) or JSON ({xml} or {file_base64}, optional filename). Size limits are enforced on the decoded
 * bytes (413); nothing is billed here.
 */
import type { Context } from 'hono';
import { ApiError } from './errors';
import type { AppEnv } from './services';

export interface UploadJson {
  xml?: string | undefined;
  file_base64?: string | undefined;
  filename?: string | undefined;
}

export interface Upload {
  bytes: Uint8Array;
  filename?: string;
  /** Other multipart text fields (JSON bodies carry theirs in the validated body). */
  fields: Map<string, string>;
}

const schemaIssue = (message: string, path: string) => [{ code: 'SCHEMA', severity: 'error', message, path }];

export async function readFileUpload(
  c: Context<AppEnv>,
  body: UploadJson | undefined,
  opts: { maxBytes: number; what: string /** multipart part name, default "file" */; part?: string },
): Promise<Upload> {
  const part = opts.part ?? 'file';
  const tooLarge = (size: number) => new ApiError(413, 'payload_too_large', `File of ${size} bytes exceeds the limit of ${opts.maxBytes} bytes`, { maxBytes: opts.maxBytes });
  const ct = c.req.header('content-type') ?? '';
  if (/^application\/(.+\+)?json\b/i.test(ct)) {
    const b = body ?? {};
    if ((b.xml === undefined) === (b.file_base64 === undefined)) {
      throw new ApiError(400, 'invalid_input', 'Send exactly one of xml or file_base64', schemaIssue('exactly one of xml, file_base64 is required', 'xml'));
    }
    let bytes: Uint8Array;
    if (b.xml !== undefined) bytes = Buffer.from(b.xml, 'utf8');
    else {
      const b64 = b.file_base64!.replace(/\s+/g, '');
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64) || b64.length % 4 === 1) throw new ApiError(400, 'invalid_input', 'file_base64 is not valid base64', schemaIssue('not valid base64', 'file_base64'));
      if (Math.floor((b64.length * 3) / 4) > opts.maxBytes + 2) throw tooLarge(Math.floor((b64.length * 3) / 4));
      bytes = Buffer.from(b64, 'base64');
    }
    if (bytes.byteLength > opts.maxBytes) throw tooLarge(bytes.byteLength);
    return { bytes, fields: new Map(), ...(b.filename ? { filename: b.filename } : {}) };
  }
  if (/^multipart\/form-data\b/i.test(ct)) {
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      throw new ApiError(400, 'invalid_input', 'The multipart body cannot be read');
    }
    const file = form.get(part);
    if (!file || typeof file === 'string') throw new ApiError(400, 'invalid_input', `No file: send the ${opts.what} in the multipart part "${part}"`, schemaIssue(`${part} is required`, part));
    if (file.size > opts.maxBytes) throw tooLarge(file.size);
    const fields = new Map<string, string>();
    for (const [k, v] of form.entries()) if (typeof v === 'string' && k !== 'filename') fields.set(k, v);
    const name = form.get('filename');
    const filename = typeof name === 'string' && name ? name.slice(0, 255) : file.name || undefined;
    return { bytes: new Uint8Array(await file.arrayBuffer()), fields, ...(filename ? { filename } : {}) };
  }
  throw new ApiError(400, 'invalid_input', 'No file: send multipart/form-data (part "file") or application/json (xml or file_base64)');
}
