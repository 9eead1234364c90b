import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createModelProvider } from '@kontor/ai';
import { structureAddresses } from './structure';
import { Pain001Error } from '../errors';
import { rejection } from '../../test/runs';

/**
 * A real OpenAI-compatible stand-in on 127.0.0.1. It answers with canned structurings per address id and
 * records what it was asked, so the tests see exactly which items went to the model.
 */
let server: http.Server;
let base: string;
const asked: string[][] = [];
const answers: Record<string, unknown> = {
  jp: { id: 'jp', confident: true, townName: 'Tokyo', postCode: '100-0001', streetName: 'Chiyoda', buildingNumber: '1-1' },
  invented: { id: 'invented', confident: true, townName: 'Osaka', postCode: '530-0001', streetName: 'Umeda', buildingNumber: '3' },
  badpc: { id: 'badpc', confident: true, townName: 'Köln', postCode: 'Postfach', streetName: 'Hauptstr.', buildingNumber: '5' },
  unsure: { id: 'unsure', confident: false },
  cologne: { id: 'cologne', confident: true, townName: 'Köln', postCode: '50667', streetName: 'Hauptstr.', buildingNumber: '5' },
};
beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw) as { model: string; messages: { role: string; content: string }[]; response_format?: { type: string } };
      if (body.model === 'down') return void res.writeHead(503).end('overloaded');
      const user = JSON.parse(body.messages.find((m) => m.role === 'user')!.content) as { items: { id: string }[] };
      asked.push(user.items.map((i) => i.id));
      const content =
        body.model === 'chatty'
          ? 'Sure! Here you go:\n```json\n' + JSON.stringify({ items: user.items.map((i) => answers[i.id]).filter(Boolean) }) + '\n```'
          : JSON.stringify({ items: user.items.map((i) => answers[i.id]).filter(Boolean) });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ model: body.model, choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const items = [
  { id: 'de', countryCode: 'DE', addressLines: ['Musterstraße 12a', '10115 Berlin'] },
  { id: 'jp', countryCode: 'JP', addressLines: ['1-1 Chiyoda', 'Tokyo 100-0001'] },
  { id: 'invented', countryCode: 'JP', addressLines: ['Some building', 'Kansai'] },
  { id: 'badpc', countryCode: 'de', addressLines: ['Postfach', 'Hauptstr. 5', '50667 Köln'] },
  { id: 'unsure', countryCode: 'BR', addressLines: ['Rua X'] },
  { id: 'cologne', countryCode: 'DE', addressLines: ['c/o Meier', 'Hauptstr. 5', '50667 Köln'] },
];

describe('structureAddresses', () => {
  it('without a model: deterministic answers, the rest {id, confident:false}', async () => {
    const r = await structureAddresses({ items });
    expect(r.items).toEqual([
      { id: 'de', confident: true, townName: 'Berlin', postCode: '10115', streetName: 'Musterstraße', buildingNumber: '12a' },
      { id: 'jp', confident: false },
      { id: 'invented', confident: false },
      { id: 'badpc', confident: false },
      { id: 'unsure', confident: false },
      { id: 'cologne', confident: false },
    ]);
    expect(r.stats).toEqual({ rules: 1, model: 0, unsure: 5 });
  });

  it('with a model: only unplaced items are asked, invented or misfitting answers are refused', async () => {
    const provider = createModelProvider({ baseUrl: base, model: 'local', timeoutMs: 2000 });
    asked.length = 0;
    const r = await structureAddresses({ items }, { provider });
    expect(asked).toEqual([['jp', 'invented', 'badpc', 'unsure', 'cologne']]);
    expect(r.items).toEqual([
      { id: 'de', confident: true, townName: 'Berlin', postCode: '10115', streetName: 'Musterstraße', buildingNumber: '12a' },
      { id: 'jp', confident: true, townName: 'Tokyo', postCode: '100-0001', streetName: 'Chiyoda', buildingNumber: '1-1' },
      { id: 'invented', confident: false }, // Osaka/Umeda are not in the input
      { id: 'badpc', confident: false }, // "Postfach" is no German postcode
      { id: 'unsure', confident: false },
      { id: 'cologne', confident: true, townName: 'Köln', postCode: '50667', streetName: 'Hauptstr.', buildingNumber: '5' },
    ]);
    expect(r.stats).toEqual({ rules: 1, model: 2, unsure: 3 });
  });

  it('reads JSON wrapped in prose and makes no call when nothing is left for the model', async () => {
    const chatty = createModelProvider({ baseUrl: base, model: 'chatty', timeoutMs: 2000 });
    const r = await structureAddresses({ items: [items[1]!] }, { provider: chatty });
    expect(r.items[0]).toMatchObject({ id: 'jp', confident: true });
    asked.length = 0;
    await structureAddresses({ items: [items[0]!] }, { provider: chatty });
    expect(asked).toEqual([]);
  });

  it('maps an unreachable model to MODEL_UNAVAILABLE (502)', async () => {
    const down = createModelProvider({ baseUrl: base, model: 'down', timeoutMs: 2000, maxRetries: 0 });
    const e = await rejection(structureAddresses({ items }, { provider: down }));
    expect(e).toBeInstanceOf(Pain001Error);
    expect(e.code).toBe('MODEL_UNAVAILABLE');
  });

  it('enforces the request limits: at most 50 items, 1 to 4 lines', async () => {
    const many = Array.from({ length: 51 }, (_, i) => ({ id: String(i), countryCode: 'DE', addressLines: ['10115 Berlin'] }));
    await expect(structureAddresses({ items: many })).rejects.toMatchObject({
      code: 'ADDRESS_INPUT_INVALID',
      details: [expect.objectContaining({ path: 'items', message: expect.stringMatching(/höchstens 50/) })],
    });
    await expect(structureAddresses({ items: many }, { lang: 'en' })).rejects.toMatchObject({
      code: 'ADDRESS_INPUT_INVALID',
      message: 'The address request does not match the schema',
      details: [expect.objectContaining({ path: 'items', message: 'items: expected at most 50 addresses per call' })],
    });
    await expect(structureAddresses({ items: [{ id: 'a', countryCode: 'DE', addressLines: [] }] })).rejects.toMatchObject({ code: 'ADDRESS_INPUT_INVALID' });
    await expect(structureAddresses({ items: [{ id: 'a', countryCode: 'DE', addressLines: ['1', '2', '3', '4', '5'] }] })).rejects.toMatchObject({ code: 'ADDRESS_INPUT_INVALID' });
    await expect(structureAddresses({ items: [{ id: 'a', countryCode: 'Germany', addressLines: ['x'] }] })).rejects.toMatchObject({ code: 'ADDRESS_INPUT_INVALID' });
    await expect(structureAddresses([])).rejects.toMatchObject({ code: 'ADDRESS_INPUT_INVALID' });
    expect((await structureAddresses({ items: many.slice(0, 50) })).items).toHaveLength(50);
  });
});
