/**
 * A minimal SMTP client (RFC 5321) for the account mails: plain SMTP to a relay (no TLS, no AUTH — run it against a
 * local MTA or relay that handles onward delivery), EHLO/HELO, MAIL FROM, RCPT TO, DATA with dot-stuffing, QUIT.
 * Every step is bounded by a timeout; any unexpected reply is an SmtpError with the server's answer.
 */
import net from 'node:net';
import { randomUUID } from 'node:crypto';
import type { Mail } from './auth';

export class SmtpError extends Error {
  constructor(
    message: string,
    readonly reply?: string,
  ) {
    super(message);
    this.name = 'SmtpError';
  }
}

export interface SmtpOptions {
  host: string;
  port: number;
  from: string;
  /** Name sent with EHLO. */
  heloName?: string;
  timeoutMs?: number;
  clock?: () => Date;
}

export function smtpOptionsFromUrl(url: string, from: string): SmtpOptions {
  const u = new URL(url);
  if (u.protocol !== 'smtp:') throw new SmtpError(`Not an smtp:// URL: ${url}`);
  return { host: u.hostname.replace(/^\[|\]$/g, ''), port: Number(u.port || '25'), from };
}

const clean = (s: string) => s.replace(/[\r\n]+/g, ' ');

function addressOk(a: string): boolean {
  return /^[^\s<>@]+@[^\s<>@]+$/.test(a);
}

/** RFC 5322 message: headers (UTF-8 subject as an encoded word), CRLF line ends, body in base64 (UTF-8 safe). */
export function buildMessage(m: Mail, from: string, now: Date): string {
  const subject = /^[\x20-\x7e]*$/.test(m.subject) ? clean(m.subject) : `=?UTF-8?B?${Buffer.from(clean(m.subject), 'utf8').toString('base64')}?=`;
  const body = Buffer.from(m.body.replace(/\r?\n/g, '\r\n'), 'utf8').toString('base64').replace(/.{76}/g, '$&\r\n');
  return [
    `From: ${clean(from)}`,
    `To: ${clean(m.to)}`,
    `Subject: ${subject}`,
    `Date: ${now.toUTCString()}`,
    `Message-ID: <${randomUUID()}@${clean(from.split('@')[1] ?? 'localhost')}>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    body,
  ].join('\r\n');
}

export async function sendSmtp(opts: SmtpOptions, m: Mail): Promise<void> {
  if (!addressOk(m.to) || !addressOk(opts.from)) throw new SmtpError('Invalid sender or recipient address');
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const socket = net.connect({ host: opts.host, port: opts.port });
  socket.setEncoding('utf8');
  let buffer = '';
  let waiting: ((line: string) => void) | null = null;
  let failed: Error | null = null;
  const fail = (e: Error) => {
    failed = e;
    const w = waiting;
    waiting = null;
    w?.('');
  };
  socket.on('error', (e) => fail(new SmtpError(`SMTP connection failed: ${e.message}`)));
  socket.on('close', () => fail(new SmtpError('SMTP server closed the connection')));
  socket.setTimeout(timeoutMs, () => {
    fail(new SmtpError(`SMTP server did not answer within ${timeoutMs} ms`));
    socket.destroy();
  });
  socket.on('data', (d: string) => {
    buffer += d;
    if (buffer.length > 64 * 1024) {
      fail(new SmtpError('SMTP reply too long'));
      socket.destroy();
      return;
    }
    // A complete reply: its last line has a space (or nothing) after the code.
    const lines = buffer.split('\r\n');
    for (let i = 0; i < lines.length - 1; i++) {
      if (/^\d{3}(?: |$)/.test(lines[i]!)) {
        const reply = lines.slice(0, i + 1).join('\n');
        buffer = lines.slice(i + 1).join('\r\n');
        const w = waiting;
        waiting = null;
        w?.(reply);
        return;
      }
    }
  });
  const reply = (): Promise<string> =>
    new Promise((resolve, reject) => {
      if (failed) return reject(failed);
      waiting = (r) => (failed ? reject(failed) : resolve(r));
    });
  const expect = async (code: string, what: string) => {
    const r = await reply();
    if (!r.startsWith(code)) throw new SmtpError(`SMTP ${what} refused`, r);
    return r;
  };
  const command = async (line: string, code: string) => {
    const p = reply();
    socket.write(line + '\r\n');
    const r = await p;
    if (!r.startsWith(code)) throw new SmtpError(`SMTP ${line.split(' ')[0]} refused`, r);
    return r;
  };
  try {
    await expect('220', 'greeting');
    const helo = opts.heloName ?? 'kontor.localhost';
    try {
      await command(`EHLO ${helo}`, '250');
    } catch (e) {
      if (failed) throw e;
      await command(`HELO ${helo}`, '250');
    }
    await command(`MAIL FROM:<${opts.from}>`, '250');
    await command(`RCPT TO:<${m.to}>`, '25');
    await command('DATA', '354');
    const data = buildMessage(m, opts.from, (opts.clock ?? (() => new Date()))())
      .split('\r\n')
      .map((l) => (l.startsWith('.') ? '.' + l : l))
      .join('\r\n');
    await command(`${data}\r\n.`, '250');
    await command('QUIT', '221').catch(() => undefined);
  } finally {
    socket.removeAllListeners('close');
    socket.destroy();
  }
}
