import dnsPacket from 'dns-packet';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DnsFormatError, DNS_TYPE, decodeResponse, encodeQuery } from './dnsWire';

describe('encodeQuery', () => {
  it('produces a query an independent decoder reads back', () => {
    const packet = dnsPacket.decode(encodeQuery(0xbeef, 'abc.iso6523-actorid-upis.sml.test.invalid', DNS_TYPE.NAPTR));
    expect(packet.id).toBe(0xbeef);
    expect(packet.type).toBe('query');
    expect(packet.flags! & dnsPacket.RECURSION_DESIRED).toBeTruthy();
    expect(packet.questions).toEqual([{ name: 'abc.iso6523-actorid-upis.sml.test.invalid', type: 'NAPTR', class: 'IN' }]);
    expect(packet.additionals?.[0]?.type).toBe('OPT');
  });

  it('refuses labels over 63 bytes and names over 255 bytes', () => {
    expect(() => encodeQuery(1, `${'a'.repeat(64)}.test`, DNS_TYPE.A)).toThrow(DnsFormatError);
    expect(() => encodeQuery(1, Array(60).fill('abcd').join('.'), DNS_TYPE.A)).toThrow(DnsFormatError);
    expect(() => encodeQuery(1, 'a..b', DNS_TYPE.A)).toThrow(DnsFormatError);
  });
});

describe('decodeResponse', () => {
  const question = { type: 'NAPTR' as const, name: 'x.iso6523-actorid-upis.zone.test' };

  it('reads NAPTR, CNAME and A records written by dns-packet (with name compression)', () => {
    const buffer = dnsPacket.encode({
      type: 'response',
      id: 7,
      flags: dnsPacket.AUTHORITATIVE_ANSWER,
      questions: [question],
      answers: [
        { type: 'CNAME', name: question.name, ttl: 30, data: 'y.zone.test' },
        {
          type: 'NAPTR',
          name: 'y.zone.test',
          ttl: 60,
          data: { order: 100, preference: 10, flags: 'U', services: 'Meta:SMP', regexp: '!^.*$!https://smp.example.test/path!', replacement: '.' },
        },
        { type: 'A', name: 'y.zone.test', ttl: 60, data: '192.0.2.7' },
        { type: 'TXT', name: 'y.zone.test', ttl: 60, data: 'ignored' },
      ],
    });
    const response = decodeResponse(buffer);
    expect(response).toMatchObject({ id: 7, rcode: 0, truncated: false, authoritative: true, questions: [{ name: question.name, type: 35 }] });
    expect(response.answers).toEqual([
      { name: question.name, ttl: 30, type: 'CNAME', target: 'y.zone.test' },
      {
        name: 'y.zone.test',
        ttl: 60,
        type: 'NAPTR',
        order: 100,
        preference: 10,
        flags: 'U',
        services: 'Meta:SMP',
        regexp: '!^.*$!https://smp.example.test/path!',
        replacement: '',
      },
      { name: 'y.zone.test', ttl: 60, type: 'A', address: '192.0.2.7' },
      { name: 'y.zone.test', ttl: 60, type: 'OTHER', typeCode: 16 },
    ]);
  });

  it('reads rcode and the TC bit', () => {
    const buffer = dnsPacket.encode({ type: 'response', id: 9, flags: dnsPacket.TRUNCATED_RESPONSE | 3, questions: [question] });
    expect(decodeResponse(buffer)).toMatchObject({ rcode: 3, truncated: true, answers: [] });
  });

  it('rejects queries, truncation, pointer loops and forward pointers', () => {
    const query = encodeQuery(1, 'a.test', DNS_TYPE.A);
    expect(() => decodeResponse(query)).toThrow(/QR bit/);
    const full = dnsPacket.encode({ type: 'response', id: 1, questions: [question], answers: [{ type: 'A', name: question.name, ttl: 1, data: '1.2.3.4' }] });
    for (let cut = 1; cut < full.length; cut++) expect(() => decodeResponse(full.subarray(0, cut))).toThrow(DnsFormatError);
    // header with one question whose name is a pointer to itself
    const loop = Buffer.from([0, 1, 0x81, 0x80, 0, 1, 0, 0, 0, 0, 0, 0, 0xc0, 12, 0, 1, 0, 1]);
    expect(() => decodeResponse(loop)).toThrow(/compression pointer/);
    const forward = Buffer.from([0, 1, 0x81, 0x80, 0, 1, 0, 0, 0, 0, 0, 0, 0xc0, 14, 1, 0x61, 0, 0, 1, 0, 1]);
    expect(() => decodeResponse(forward)).toThrow(/compression pointer/);
  });

  it('rejects a record whose data length disagrees with its content', () => {
    const buffer = dnsPacket.encode({ type: 'response', id: 1, questions: [question], answers: [{ type: 'A', name: question.name, ttl: 1, data: '1.2.3.4' }] });
    const tampered = Buffer.from(buffer);
    tampered.writeUInt16BE(6, tampered.length - 6); // rdlength 4 → 6
    expect(() => decodeResponse(Buffer.concat([tampered, Buffer.from([0, 0])]))).toThrow(/length mismatch/);
  });

  it('never throws anything but DnsFormatError on random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 300 }), (bytes) => {
        const buffer = Buffer.from(bytes);
        if (buffer.length > 2) buffer[2] = buffer[2]! | 0x80; // make most of them "responses"
        try {
          decodeResponse(buffer);
        } catch (error) {
          return error instanceof DnsFormatError;
        }
        return true;
      }),
      { numRuns: 2000 },
    );
  });
});
