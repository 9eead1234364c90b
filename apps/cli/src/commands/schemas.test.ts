import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCapture } from '../../test/run';

// a minimal XSD of our own, served under the file name of a known set's entry schema
const XSD = '<?xml version="1.0"?><xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:element name="Document"/></xs:schema>';
const ENTRY = 'pain.001.001.09_GBIC_5.xsd';

let server: http.Server;
let origin = '';
const seen: string[] = [];
let dir = '';

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kontor-schemas-url-'));
  server = http.createServer((req, res) => {
    seen.push(req.url ?? '');
    if (req.url === `/release/${ENTRY}`) {
      res.writeHead(200, { 'content-type': 'application/xml' });
      return res.end(XSD);
    }
    if (req.url === `/moved/${ENTRY}`) {
      res.writeHead(302, { location: `http://[::ffff:a9fe:a9fe]/latest/${ENTRY}` });
      return res.end();
    }
    if (req.url === `/internal/${ENTRY}`) {
      // another loopback origin: not the one the operator named
      res.writeHead(302, { location: `http://localhost:${(server.address() as AddressInfo).port}/release/${ENTRY}` });
      return res.end();
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(dir, { recursive: true, force: true });
});

const run = (argv: string[]) => runCapture(argv, { cwd: process.cwd(), env: {} });

describe('kontor schemas install --from <url>', () => {
  it('downloads from the URL the operator named (trusted, also on a private address)', async () => {
    const r = await run(['schemas', 'install', '--from', `${origin}/release/${ENTRY}`, '--dir', dir, '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).installed).toEqual(['dk:pain.001.001.09_GBIC_5']);
  });

  it.each([
    ['the metadata address', 'moved', 'not a public address (IPv4-mapped link-local (metadata))'],
    ['another origin on loopback', 'internal', 'localhost resolves to an address that is not a public address (loopback)'],
  ])('a redirect to %s is refused, nothing is installed from it', async (_what, folder, message) => {
    const before = seen.length;
    const r = await run(['schemas', 'install', '--from', `${origin}/${folder}/${ENTRY}`, '--dir', path.join(dir, folder), '--json']);
    expect(r.code).not.toBe(0);
    expect(r.err).toContain(message);
    expect(seen.slice(before)).toEqual([`/${folder}/${ENTRY}`]);
  });
});
