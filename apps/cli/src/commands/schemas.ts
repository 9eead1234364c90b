/** kontor schemas install|list: fills and shows the schema store. */
import { SchemaStore } from '@kontor/xml';
import { loadConfig, outboundFetchFor } from '@kontor/api';
import path from 'node:path';
import { CliError, parse, printJson, type Command } from '../command';

function store(io: Parameters<Command['run']>[1], dir?: string): SchemaStore {
  return new SchemaStore({ dir: dir ? path.resolve(io.cwd, dir) : loadConfig(io.env, io.cwd).schemaDir });
}

export const schemaCommands: Command[] = [
  {
    name: 'schemas install',
    summary: 'Install the official schema sets found in a directory tree into the schema store',
    usage: 'kontor schemas install --from <dir|https URL of a ZIP/XSD release> [--dir <schema store>] [--json]',
    async run(argv, io) {
      const { values } = parse(argv, { from: { type: 'string' }, dir: { type: 'string' }, json: { type: 'boolean' } }, false);
      if (!values.from) throw new CliError('Missing --from <dir>');
      const s = store(io, values.dir);
      // the --from URL is the operator's choice (trusted); redirects away from it must lead to public addresses
      const download = (url: string) => s.installFromUrl(url, { fetch: outboundFetchFor(loadConfig(io.env, io.cwd), 'schemas', { trustedOrigins: [url] }) });
      const r = /^https?:\/\//.test(values.from) ? await download(values.from) : await s.installFrom(path.resolve(io.cwd, values.from));
      if (values.json) printJson(io, { schemaDir: s.dir, ...r });
      else {
        io.stdout(`Installed ${r.installed.length} schema set(s) into ${s.dir}:\n${r.installed.map((i) => `  ${i}`).join('\n')}\n`);
        if (r.skipped.length) io.stdout(`Not found in ${values.from}: ${r.skipped.join(', ')}\n`);
      }
      return r.installed.length ? 0 : 1;
    },
  },
  {
    name: 'schemas list',
    summary: 'Show the known schema sets and whether they are installed',
    usage: 'kontor schemas list [--dir <schema store>] [--json]',
    async run(argv, io) {
      const { values } = parse(argv, { dir: { type: 'string' }, json: { type: 'boolean' } }, false);
      const s = store(io, values.dir);
      const list = await s.list();
      if (values.json) printJson(io, { schemaDir: s.dir, sets: list });
      else {
        io.stdout(`Schema store: ${s.dir}\n`);
        for (const l of list) io.stdout(`  ${l.installed ? '✓' : '-'} ${l.id.padEnd(30)} ${l.installed ? `${l.files} file(s)` : 'not installed'}  ${l.title}\n`);
      }
      return 0;
    },
  },
];
