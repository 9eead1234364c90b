import { afterEach, describe, expect, it } from 'vitest';
import { startDirectoryStandin, type DirectoryFixture } from '@kontor/testkit/peppol-standins';
import { parseParticipant } from '../participant/parseParticipant';
import { searchDirectory } from './searchDirectory';

const participant = parseParticipant('iso6523-actorid-upis::9915:test');
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function directory(entries: Record<string, DirectoryFixture>, options: Parameters<typeof startDirectoryStandin>[1] = {}) {
  const standin = await startDirectoryStandin(entries, options);
  closers.push(standin.close);
  return standin;
}

describe('searchDirectory', () => {
  it('returns the business-card name (list form) and country', async () => {
    const standin = await directory({ '9915:TEST': { name: [{ name: 'Test GmbH', language: 'de' }], countryCode: 'at' } });
    expect(await searchDirectory(participant, { baseUrl: standin.baseUrl })).toEqual({ found: true, name: 'Test GmbH', countryCode: 'AT' });
    expect(standin.requests).toEqual(['/search/1.0/json?participant=iso6523-actorid-upis%3A%3A9915%3Atest']);
  });

  it('accepts the older plain-string name', async () => {
    const standin = await directory({ '9915:test': { name: 'Legacy AG', countryCode: 'DE' } });
    expect(await searchDirectory(participant, { baseUrl: standin.baseUrl })).toEqual({ found: true, name: 'Legacy AG', countryCode: 'DE' });
  });

  it('an empty result is "not found", not an error', async () => {
    const standin = await directory({});
    expect(await searchDirectory(participant, { baseUrl: standin.baseUrl })).toEqual({ found: false, name: null, countryCode: null });
  });

  it('retries once after a 429 and then succeeds', async () => {
    const standin = await directory({ '9915:test': { name: 'Busy Ltd' } }, { maxPerSecond: 1 });
    await searchDirectory(participant, { baseUrl: standin.baseUrl }); // uses the one slot of this second
    const result = await searchDirectory(participant, { baseUrl: standin.baseUrl, maxRetryAfterMs: 1500 });
    expect(result.found).toBe(true);
    expect(standin.requests.length).toBeGreaterThanOrEqual(3);
  }, 10_000);

  it.each([
    ['always429', 'DIRECTORY_UNAVAILABLE'],
    ['error500', 'DIRECTORY_UNAVAILABLE'],
    ['slow', 'DIRECTORY_UNAVAILABLE'],
    ['malformed', 'DIRECTORY_INVALID_RESPONSE'],
  ] as const)('%s → %s', async (behaviour, code) => {
    const standin = await directory({}, { behaviour, slowMs: 1500 });
    await expect(searchDirectory(participant, { baseUrl: standin.baseUrl, timeoutMs: 200, maxRetryAfterMs: 100 })).rejects.toMatchObject({ code });
  });
});
