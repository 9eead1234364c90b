/** kontor peppol parse|check: participant identifiers and the SML/SMP/Directory lookup (@kontor/peppol). */
import { loadConfig, outboundFetchFor } from '@kontor/api';
import { checkParticipant, tryParseParticipant, type PeppolCheckConfig } from '@kontor/peppol';
import { CliError, parse, printJson, type Command } from '../command';
import { formatOf } from '../batch/run';

export const peppolCommands: Command[] = [
  {
    name: 'peppol parse',
    summary: 'Read a Peppol participant identifier offline (full form, ICD:id, GLN, German VAT ID, Leitweg-ID)',
    usage: 'kontor peppol parse <participant> [--json]   (exit 0 recognised, 1 not)',
    async run(argv, io) {
      const { values, positionals } = parse(argv, { json: { type: 'boolean' } });
      const input = positionals.join(' ');
      if (!input) throw new CliError('Missing <participant>');
      const result = tryParseParticipant(input);
      if (values.json) printJson(io, result);
      else if (result.ok) io.stdout(`${result.participant.identifier}  (read as ${result.interpretedAs})\n`);
      else io.stdout(`not a participant identifier [${result.reason}] ${result.message}\n`);
      return result.ok ? 0 : 1;
    },
  },
  {
    name: 'peppol check',
    summary: 'Look a participant up in the Peppol SML, its SMP and the Directory',
    usage:
      'kontor peppol check <participant> [--zone <sml zone>] [--dns <ip:port>] [--cname] [--directory <url> | --no-directory] ' +
      '[--timeout-ms <n>] [--allow-http] [--allow-private] [--json] [--lang de|en]   (exit 0 registered, 1 not registered; KONTOR_SML_ZONE, KONTOR_DNS_RESOLVER, ' +
      'KONTOR_PEPPOL_DIRECTORY_URL, KONTOR_SMP_ALLOW_HTTP, KONTOR_SMP_ALLOW_PRIVATE as defaults; SMP URLs must lead to public addresses unless --allow-private)',
    async run(argv, io) {
      const { values, positionals } = parse(argv, {
        json: { type: 'boolean' },
        zone: { type: 'string' },
        dns: { type: 'string' },
        cname: { type: 'boolean' },
        directory: { type: 'string' },
        'no-directory': { type: 'boolean' },
        'timeout-ms': { type: 'string' },
        'allow-http': { type: 'boolean' },
        'allow-private': { type: 'boolean' },
        lang: { type: 'string' },
      });
      // --lang (else the locale) picks the language of the issue messages.
      const lang = formatOf(io, values.lang).lang;
      const input = positionals.join(' ');
      if (!input) throw new CliError('Missing <participant>');
      if (values.directory && values['no-directory']) throw new CliError('Use either --directory or --no-directory');
      const timeoutMs = values['timeout-ms'] === undefined ? undefined : Number(values['timeout-ms']);
      if (timeoutMs !== undefined && (!Number.isInteger(timeoutMs) || timeoutMs < 1)) throw new CliError('--timeout-ms must be a positive whole number');
      const config = loadConfig(io.env, io.cwd);
      const dnsServer = values.dns ?? config.peppol.dnsResolver;
      const directoryUrl = values.directory ?? config.peppol.directoryUrl;
      const allowHttp = values['allow-http'] || config.peppol.smpAllowHttp;
      // SMP URLs come from DNS: the outbound module refuses non-public addresses unless --allow-private
      const fetch = outboundFetchFor(
        {
          ...config,
          peppol: {
            ...config.peppol,
            directoryUrl,
            smpAllowHttp: allowHttp || !!values.cname, // legacy CNAME SMPs are plain http
            smpAllowPrivate: !!values['allow-private'] || config.peppol.smpAllowPrivate,
          },
        },
        'peppol',
      );
      const checkConfig: PeppolCheckConfig = {
        sml: {
          zone: values.zone ?? config.peppol.smlZone,
          ...(dnsServer ? { dnsServer } : {}),
          ...(values.cname ? { method: 'cname' as const } : {}),
          ...(timeoutMs !== undefined ? { timeoutMs } : {}),
        },
        smp: { ...(timeoutMs !== undefined ? { timeoutMs } : {}), ...(allowHttp ? { allowHttp: true } : {}) },
        directory: values['no-directory'] ? null : { baseUrl: directoryUrl },
        fetch,
        lang,
      };
      const result = await checkParticipant(input, checkConfig);
      if (values.json) printJson(io, result);
      else {
        io.stdout(`${result.participant.identifier}: ${result.registered ? 'registered in Peppol' : 'not registered in Peppol'} (SML ${result.sml.zone}, ${result.sml.method})\n`);
        if (result.smpUrl) io.stdout(`  SMP: ${result.smpUrl}\n`);
        if (result.directory) {
          io.stdout(
            result.directory.found
              ? `  Directory: ${result.directory.name ?? '(no name)'}${result.directory.countryCode ? `, ${result.directory.countryCode}` : ''}\n`
              : '  Directory: no business card\n',
          );
        }
        for (const documentType of result.documentTypes) {
          io.stdout(`  Receives: ${documentType.name ?? documentType.id}\n`);
          for (const process of documentType.processes) {
            const certificate = process.certificate ? `, certificate ${process.certificate.valid ? 'valid' : 'NOT valid'} until ${process.certificate.notAfter.slice(0, 10)}` : '';
            io.stdout(`    ${process.transportProfile} → ${process.endpointUrl}${certificate}\n`);
          }
        }
        for (const issue of result.issues) io.stdout(`  ${issue.severity}: [${issue.code}] ${issue.message}\n`);
      }
      return result.registered ? 0 : 1;
    },
  },
];
