/** kontor vat syntax|check: offline VAT ID check and live VIES check (@kontor/vies). */
import { checkVatSyntax, createViesClient } from '@kontor/vies';
import { CliError, parse, printJson, type Command } from '../command';
import { formatOf } from '../batch/run';

export const vatCommands: Command[] = [
  {
    name: 'vat syntax',
    summary: 'Check a VAT ID offline: format and check digits (EU-27 and XI)',
    usage: 'kontor vat syntax <vat-id> [--json] [--lang de|en]   (exit 0 valid, 1 invalid)',
    async run(argv, io) {
      const { values, positionals } = parse(argv, { json: { type: 'boolean' }, lang: { type: 'string' } });
      const id = positionals.join(' ');
      if (!id) throw new CliError('Missing <vat-id>');
      // --lang (else the locale) picks the language of the refusal message.
      const result = checkVatSyntax(id, { lang: formatOf(io, values.lang).lang });
      if (values.json) printJson(io, result);
      else if (result.valid) io.stdout(`${result.normalized}: format and check digits valid (${result.countryCode})\n`);
      else io.stdout(`${result.normalized ?? id}: invalid [${result.code}] ${result.message}\n`);
      return result.valid ? 0 : 1;
    },
  },
  {
    name: 'vat check',
    summary: 'Check a VAT ID live against VIES (valid, invalid or unavailable)',
    usage:
      'kontor vat check <vat-id> [--vies-url <url>] [--timeout-ms <n>] [--requester <own VAT ID>] [--json] [--lang de|en]   ' +
      '(exit 0 valid, 1 invalid, 3 VIES unavailable; KONTOR_VIES_URL / KONTOR_VIES_TIMEOUT_MS as defaults)',
    async run(argv, io) {
      const { values, positionals } = parse(argv, {
        json: { type: 'boolean' },
        'vies-url': { type: 'string' },
        'timeout-ms': { type: 'string' },
        requester: { type: 'string' },
        lang: { type: 'string' },
      });
      const lang = formatOf(io, values.lang).lang;
      const id = positionals.join(' ');
      if (!id) throw new CliError('Missing <vat-id>');
      // The service's configuration module is loaded only here: `vat syntax` stays a fast, offline start.
      const { loadConfig } = await import('../api/config');
      const { outboundFetchFor } = await import('../api/outbound');
      const config = loadConfig(io.env, io.cwd);
      const timeoutMs = values['timeout-ms'] === undefined ? config.vies.timeoutMs : Number(values['timeout-ms']);
      if (!Number.isInteger(timeoutMs) || timeoutMs < 1) throw new CliError('--timeout-ms must be a positive whole number');
      let requester: { countryCode: string; vatNumber: string } | undefined;
      if (values.requester) {
        const own = checkVatSyntax(values.requester, { lang });
        if (!own.valid) throw new CliError(`--requester is not a valid VAT ID: ${own.message}`);
        requester = { countryCode: own.countryCode, vatNumber: own.number };
      }
      const baseUrl = values['vies-url'] ?? config.vies.baseUrl;
      // the base URL is the operator's choice (trusted); redirects away from it must lead to public addresses
      const fetch = outboundFetchFor(config, 'vies', { trustedOrigins: [baseUrl] });
      const client = createViesClient({ baseUrl, timeoutMs, fetch, ...(requester ? { requester } : {}) });
      const result = await client.check(id, { lang });
      if (values.json) printJson(io, result);
      else {
        const id2 = `${result.countryCode}${result.vatNumber}`;
        if (result.status === 'unavailable') io.stdout(`${id2}: VIES unavailable (${result.errorCode}); this does not mean invalid\n`);
        else {
          io.stdout(`${id2}: ${result.status} (VIES, ${result.requestDate})\n`);
          if (result.name) io.stdout(`  Name:    ${result.name}\n`);
          if (result.address) io.stdout(`  Address: ${result.address.replace(/\n/g, '\n           ')}\n`);
          if (result.consultationNumber) io.stdout(`  Consultation number: ${result.consultationNumber}\n`);
        }
      }
      return result.status === 'valid' ? 0 : result.status === 'invalid' ? 1 : 3;
    },
  },
];
