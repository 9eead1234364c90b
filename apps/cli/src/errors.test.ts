/**
 * The CLI's one error mapping (command.ts): any library error (KontorError of any package) thrown by any command is
 * printed the same way and ends with the documented exit code — 1 for a refused input, 2 for misuse, installation
 * and unreadable files; --json gives {ok: false, error, code, details}.
 */
import { describe, expect, it } from 'vitest';
import { CamtError } from '@kontor/camt';
import { Pain001Error } from '@kontor/pain001';
import { PeppolError } from '@kontor/peppol';
import { KontorXmlError } from '@kontor/xml';
import { ZugferdError } from '@kontor/zugferd';
import { runCli } from './cli';
import { errorReport, type Command, type Io } from './command';

function capture(): Io & { out: string; err: string } {
  const io = { out: '', err: '', env: {}, cwd: process.cwd(), stdout: (s: string) => void (io.out += s), stderr: (s: string) => void (io.err += s) };
  return io;
}

/** A command that throws what it is given, the way a library call inside a real command would. */
function throwing(e: unknown): Command {
  return { name: 'boom', summary: 'throws', usage: 'kontor boom [--json]', run: async () => Promise.reject(e) };
}

async function run(e: unknown, json = false) {
  const io = capture();
  const code = await runCli(json ? ['boom', '--json'] : ['boom'], io, [{ words: ['boom'], load: async () => [throwing(e)] }]);
  return { code, out: io.out, err: io.err };
}

describe('one CLI error mapping', () => {
  it('a refused input: Error [CODE], the findings with path and line, exit 1', async () => {
    const issues = [{ code: 'IBAN_CHECKSUM', severity: 'error' as const, message: 'check digits wrong', path: 'payments.0.creditorIban' }];
    const r = await run(new Pain001Error('RUN_RULES_VIOLATED', 'Der Zahlungslauf verletzt 1 Regel(n)', { details: issues }));
    expect(r.code).toBe(1);
    expect(r.err).toContain('Error [RUN_RULES_VIOLATED]: Der Zahlungslauf verletzt 1 Regel(n)');
    expect(r.err).toContain('  error   IBAN_CHECKSUM (payments.0.creditorIban): check digits wrong');
    const x = await run(new KontorXmlError('XML_DOCTYPE_FORBIDDEN', 'no DTD', { location: { line: 2, column: 5 } }));
    expect(x.code).toBe(1);
    expect(x.err).toContain('Error [XML_DOCTYPE_FORBIDDEN]: no DTD (line 2, column 5)');
    const z = await run(new ZugferdError('INVOICE_INVALID', 'rejected', { details: [{ code: 'BR-CO-13', severity: 'error', message: 'sum', line: 4, column: 2 }] }));
    expect(z.err).toContain('BR-CO-13 (line 4:2): sum');
  });

  it('--json: {ok: false, error, code, details} on stdout', async () => {
    const r = await run(new CamtError('LIMIT_EXCEEDED', 'too many entries', { details: { limit: 'maxEntries', max: 10 } }), true);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out)).toEqual({ ok: false, error: 'too many entries', code: 'LIMIT_EXCEEDED', details: { limit: 'maxEntries', max: 10 } });
    expect(r.err).toBe('Error [LIMIT_EXCEEDED]: too many entries\n'); // the human line stays on stderr
  });

  it('misuse and installation codes exit 2, like a usage error', async () => {
    expect((await run(new PeppolError('INVALID_ARGUMENT', 'config.sml is required.'))).code).toBe(2);
    expect((await run(new KontorXmlError('SCHEMA_NOT_INSTALLED', 'install the schemas'))).code).toBe(2);
    expect((await run(new PeppolError('SML_UNAVAILABLE', 'no DNS answer'))).code).toBe(1);
  });

  it('an unreadable file exits 2; any other error exits 1 without a code', async () => {
    const enoent = Object.assign(new Error('ENOENT: no such file'), { code: 'ENOENT' });
    expect((await run(enoent)).code).toBe(2);
    const plain = await run(new Error('something else'));
    expect(plain).toMatchObject({ code: 1, err: 'Error: something else\n' });
    expect(errorReport(new Error('x'))).toEqual({ code: 'INTERNAL_ERROR', message: 'x', details: null, exitCode: 1 });
  });
});
