import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { BlockedDestinationError, isNonPublicAddress, publicOnlyFetch } from './outbound';

describe('publicOnlyFetch', () => {
  it('classifies non-public addresses', () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1']) expect(isNonPublicAddress(ip), ip).toBe(true);
    for (const ip of ['8.8.8.8', '193.0.14.129', '2001:4860:4860::8888']) expect(isNonPublicAddress(ip), ip).toBe(false);
  });

  it('refuses loopback destinations unless private addresses are allowed', async () => {
    const server = http.createServer((_req, res) => res.end('ok'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
    try {
      await expect(publicOnlyFetch(false)(url)).rejects.toBeInstanceOf(BlockedDestinationError);
      await expect(publicOnlyFetch(false)(url.replace('127.0.0.1', 'localhost'))).rejects.toBeInstanceOf(BlockedDestinationError);
      expect(await (await publicOnlyFetch(true)(url)).text()).toBe('ok');
    } finally {
      server.close();
    }
  });
});
