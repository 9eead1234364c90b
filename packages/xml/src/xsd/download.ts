/**
 * Installing schema sets from an official download URL: a ZIP release or a single XSD, fetched with a size bound
 * and unpacked safely (no absolute paths or "..", bounded total size), then searched like a local directory.
 */
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { KontorXmlError } from '../errors';

export interface DownloadOptions {
  fetch?: typeof fetch;
  maxBytes?: number;
  timeoutMs?: number;
}

const MAX_UNPACKED = 500 * 1024 * 1024;

export async function downloadSchemaSource(url: string, opts: DownloadOptions = {}): Promise<{ dir: string; cleanup(): void }> {
  const u = new URL(url);
  if (u.protocol !== 'https:' && u.protocol !== 'http:') throw new KontorXmlError('SCHEMA_INSTALL_FAILED', `Only http(s) URLs can be downloaded: ${url}`);
  const maxBytes = opts.maxBytes ?? 200 * 1024 * 1024;
  const res = await (opts.fetch ?? fetch)(url, { signal: AbortSignal.timeout(opts.timeoutMs ?? 120_000), redirect: 'follow' }).catch((e: unknown) => {
    throw new KontorXmlError('SCHEMA_INSTALL_FAILED', `Download failed: ${(e as Error).message}`);
  });
  if (!res.ok || !res.body) throw new KontorXmlError('SCHEMA_INSTALL_FAILED', `Download failed: HTTP ${res.status} for ${url}`);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new KontorXmlError('SCHEMA_INSTALL_FAILED', `Download larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  const bytes = Buffer.concat(chunks);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kontor-schema-dl-'));
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  try {
    if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
      let total = 0;
      const files = unzipSync(bytes, {
        filter: (f) => {
          total += f.originalSize;
          if (total > MAX_UNPACKED) throw new KontorXmlError('SCHEMA_INSTALL_FAILED', 'ZIP unpacks to more than 500 MB');
          return /\.(xsd|xml)$/i.test(f.name);
        },
      });
      for (const [name, data] of Object.entries(files)) {
        const norm = path.posix.normalize(name.replace(/\\/g, '/'));
        if (norm.startsWith('/') || norm.startsWith('../') || norm === '..' || /^[A-Za-z]:/.test(norm)) throw new KontorXmlError('SCHEMA_INSTALL_FAILED', `Unsafe path in ZIP: ${name}`);
        const dest = path.join(dir, norm);
        mkdirSync(path.dirname(dest), { recursive: true });
        writeFileSync(dest, data);
      }
    } else {
      const name = path.posix.basename(u.pathname) || 'schema.xsd';
      if (!/\.xsd$/i.test(name)) throw new KontorXmlError('SCHEMA_INSTALL_FAILED', `Expected a .zip or .xsd download, got ${name}`);
      writeFileSync(path.join(dir, name), bytes);
    }
  } catch (e) {
    cleanup();
    throw e;
  }
  return { dir, cleanup };
}
