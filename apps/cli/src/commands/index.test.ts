/**
 * The command table's `names` (which module holds which command when modules share a first word) match what the
 * modules export, and dispatch loads only the module naming the typed command.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli';
import type { CommandGroup, Io } from '../command';
import { commandGroups } from './index';

const io = (): Io & { text: () => string } => {
  const out: string[] = [];
  return { stdout: (s) => out.push(s), stderr: (s) => out.push(s), env: {}, cwd: process.cwd(), text: () => out.join('') };
};

describe('command table', () => {
  it('names equal the commands each module exports; modules sharing a first word all carry names', async () => {
    for (const g of commandGroups) {
      const names = (await g.load()).map((c) => c.name).sort();
      if (g.names) expect([...g.names].sort()).toEqual(names);
      for (const n of names) expect(g.words).toContain(n.split(' ')[0]);
      const sharing = commandGroups.filter((o) => o !== g && o.words.some((w) => g.words.includes(w)));
      if (sharing.length) expect(g.names, `${g.words.join('/')} shares its first word`).toBeDefined();
    }
  });

  it('loads only the module of the typed command; all of the word for help and near misses', async () => {
    const loaded: number[] = [];
    const groups: CommandGroup[] = commandGroups.map((g, i) => ({ ...g, load: () => (loaded.push(i), g.load()) }));
    const indexOf = (name: string) => commandGroups.findIndex((g) => g.names?.includes(name));
    const invoiceModules = commandGroups.flatMap((g, i) => (g.words.includes('invoice') ? [i] : []));
    expect(invoiceModules.length).toBeGreaterThan(1);

    const a = io();
    expect(await runCli(['invoice', 'validate', '--help'], a, groups)).toBe(0);
    expect(a.text()).toContain('kontor invoice validate');
    expect(loaded).toEqual([indexOf('invoice validate')]);

    loaded.length = 0;
    const b = io();
    expect(await runCli(['invoice', '--help'], b, groups)).toBe(0);
    expect(loaded.sort((x, y) => x - y)).toEqual(invoiceModules);
    for (const n of ['invoice validate', 'invoice pdf', 'invoice verify', 'invoice extract', 'invoice xml']) expect(b.text()).toContain(n);

    loaded.length = 0;
    const c = io();
    expect(await runCli(['invoice', 'valdate', 'x.xml'], c, groups)).toBe(2);
    expect(c.text()).toContain('Unknown command');
    expect(loaded.sort((x, y) => x - y)).toEqual(invoiceModules);
  });
});
