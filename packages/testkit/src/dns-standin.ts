/**
 * Loopback DNS stand-in for an SML zone (protocols.md §2.5): a UDP server (plus TCP on the same
 * port for truncated answers) built on dns-packet, so our own wire codec is tested against an
 * independent implementation. Unknown names get NXDOMAIN; per-name behaviours simulate trouble.
 */
import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { createServer, type Server as TcpServer, type Socket } from 'node:net';
import dnsPacket, { type Answer, type Packet } from 'dns-packet';

export interface DnsNameEntry {
  naptr?: Array<{ order: number; preference: number; flags: string; services: string; regexp: string; replacement?: string }>;
  cname?: string;
  a?: string;
  /**
   * - servfail / refused: that rcode
   * - silence: never answer (client timeout)
   * - malformed: garbage with the right id
   * - truncated: TC over UDP, full answer over TCP
   * - spoofed: first a packet with a wrong id, then the real answer
   */
  behaviour?: 'servfail' | 'refused' | 'silence' | 'malformed' | 'truncated' | 'spoofed';
  /** Delay before answering. */
  delayMs?: number;
}

export interface DnsStandin {
  /** `127.0.0.1:port`, for `sml.dnsServer`. */
  server: string;
  port: number;
  /** Every question received: `TYPE name` (UDP) or `TCP TYPE name`. */
  queries: string[];
  set(name: string, entry: DnsNameEntry): void;
  close(): Promise<void>;
}

const RCODE = { NOERROR: 0, SERVFAIL: 2, NXDOMAIN: 3, REFUSED: 5 } as const;

export async function startDnsStandin(initial: Record<string, DnsNameEntry> = {}): Promise<DnsStandin> {
  const zone = new Map<string, DnsNameEntry>();
  for (const [name, entry] of Object.entries(initial)) zone.set(name.toLowerCase(), entry);
  const queries: string[] = [];
  let closed = false; // delayed answers may fire after close()

  function buildAnswer(query: Packet, options: { truncated?: boolean } = {}): Buffer | null {
    const question = query.questions?.[0];
    if (!question) return null;
    const entry = zone.get(question.name.toLowerCase());
    let rcode: number = RCODE.NOERROR;
    const answers: Answer[] = [];
    if (!entry) rcode = RCODE.NXDOMAIN;
    else if (entry.behaviour === 'servfail') rcode = RCODE.SERVFAIL;
    else if (entry.behaviour === 'refused') rcode = RCODE.REFUSED;
    else if (!options.truncated) {
      if (entry.cname && (question.type === 'CNAME' || question.type === 'NAPTR' || question.type === 'A')) {
        answers.push({ type: 'CNAME', name: question.name, ttl: 60, data: entry.cname });
        // a recursive resolver would follow the alias; so does the stand-in for names it knows
        const target = zone.get(entry.cname.toLowerCase());
        if (question.type === 'NAPTR') {
          for (const record of target?.naptr ?? []) {
            answers.push({ type: 'NAPTR', name: entry.cname, ttl: 60, data: { replacement: '', ...record } });
          }
        }
      }
      if (question.type === 'NAPTR') {
        for (const record of entry.naptr ?? []) answers.push({ type: 'NAPTR', name: question.name, ttl: 60, data: { replacement: '', ...record } });
      }
      if (question.type === 'A' && entry.a) answers.push({ type: 'A', name: question.name, ttl: 60, data: entry.a });
    }
    let flags = dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | rcode;
    if (options.truncated) flags |= dnsPacket.TRUNCATED_RESPONSE;
    return dnsPacket.encode({ type: 'response', id: query.id ?? 0, flags, questions: query.questions ?? [], answers });
  }

  /** A query over UDP: answered as the zone says (silence, garbage, a spoofed id, truncation, a delay), by `udp`. */
  function onUdpQuery(message: Buffer, remote: { port: number; address: string }): void {
    let query: Packet;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return;
    }
    const question = query.questions?.[0];
    if (!question) return;
    queries.push(`${question.type} ${question.name}`);
    const entry = zone.get(question.name.toLowerCase());
    const reply = (buffer: Buffer) => {
      if (!closed) udp.send(buffer, remote.port, remote.address);
    };
    const respond = () => {
      if (entry?.behaviour === 'silence') return;
      if (entry?.behaviour === 'malformed') {
        const garbage = Buffer.from([0, 0, 0x81, 0x80, 0, 1, 0, 5, 0, 0, 0, 0, 0xc0, 0x0c, 0xff]);
        garbage.writeUInt16BE(query.id ?? 0, 0);
        return reply(garbage);
      }
      if (entry?.behaviour === 'spoofed') {
        const fake = dnsPacket.encode({
          type: 'response',
          id: ((query.id ?? 0) + 1) & 0xffff,
          flags: dnsPacket.RECURSION_AVAILABLE,
          questions: query.questions ?? [],
          answers: [{ type: 'NAPTR', name: question.name, ttl: 60, data: { order: 1, preference: 1, flags: 'U', services: 'Meta:SMP', regexp: '!^.*$!https://evil.invalid!', replacement: '' } }],
        });
        reply(fake);
      }
      const answer = buildAnswer(query, { truncated: entry?.behaviour === 'truncated' });
      if (answer) reply(answer);
    };
    if (entry?.delayMs) setTimeout(respond, entry.delayMs);
    else respond();
  }

  /** A query over TCP (length-prefixed), the way a resolver retries a truncated answer. */
  function onTcpConnection(socket: Socket): void {
    let buffered = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      buffered = Buffer.concat([buffered, chunk]);
      if (buffered.length < 2 || buffered.length < buffered.readUInt16BE(0) + 2) return;
      const query = dnsPacket.decode(buffered.subarray(2, 2 + buffered.readUInt16BE(0)));
      const question = query.questions?.[0];
      if (question) queries.push(`TCP ${question.type} ${question.name}`);
      const answer = buildAnswer(query);
      if (!answer) return socket.destroy();
      const framed = Buffer.alloc(answer.length + 2);
      framed.writeUInt16BE(answer.length, 0);
      answer.copy(framed, 2);
      socket.end(framed);
    });
    socket.on('error', () => undefined);
  }

  // UDP and TCP on one port number: UDP takes a free port, then TCP must get the same number, which another process
  // may hold for TCP (EADDRINUSE, seen once in CI): then both are given up and another port is tried.
  let udp!: UdpSocket;
  let tcp!: TcpServer;
  let port = 0;
  for (let attempt = 1; ; attempt++) {
    udp = createSocket('udp4');
    udp.on('message', onUdpQuery);
    await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));
    port = udp.address().port;
    tcp = createServer(onTcpConnection);
    const listened = await new Promise<true | Error>((resolve) => {
      tcp.once('error', resolve);
      tcp.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (listened === true) break;
    await new Promise<void>((resolve) => udp.close(() => resolve()));
    if ((listened as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 20) throw listened;
  }

  return {
    server: `127.0.0.1:${port}`,
    port,
    queries,
    set: (name, entry) => void zone.set(name.toLowerCase(), entry),
    close: async () => {
      closed = true;
      await new Promise<void>((resolve) => udp.close(() => resolve()));
      await new Promise<void>((resolve) => tcp.close(() => resolve()));
    },
  };
}
