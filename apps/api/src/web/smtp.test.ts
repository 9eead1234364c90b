import { afterEach, describe, expect, it } from 'vitest';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { sendSmtp, smtpOptionsFromUrl, SmtpError } from './smtp';
import { makeTestApp } from '../../test/helpers';
import { Jar, browse, hiddenValue, postForm } from '../../test/oauth-client';
import { WebAuth } from './auth';

interface Session {
  commands: string[];
  data: string;
}

/** A stand-in SMTP server on 127.0.0.1 speaking RFC 5321; `refuse` makes RCPT fail, `silent` never greets. */
async function standIn(opts: { refuse?: boolean; silent?: boolean } = {}) {
  const sessions: Session[] = [];
  const server = net.createServer((sock) => {
    const s: Session = { commands: [], data: '' };
    sessions.push(s);
    let inData = false;
    let buf = '';
    sock.setEncoding('utf8');
    if (!opts.silent) sock.write('220 stand-in ESMTP\r\n');
    sock.on('data', (d: string) => {
      buf += d;
      for (;;) {
        if (inData) {
          const end = buf.indexOf('\r\n.\r\n');
          if (end < 0) return;
          s.data = buf.slice(0, end);
          buf = buf.slice(end + 5);
          inData = false;
          sock.write('250 2.0.0 queued\r\n');
          continue;
        }
        const i = buf.indexOf('\r\n');
        if (i < 0) return;
        const line = buf.slice(0, i);
        buf = buf.slice(i + 2);
        s.commands.push(line);
        const verb = line.split(/[ :]/)[0]!.toUpperCase();
        if (verb === 'EHLO') sock.write('250-stand-in\r\n250-8BITMIME\r\n250 SIZE 1000000\r\n');
        else if (verb === 'MAIL') sock.write('250 2.1.0 ok\r\n');
        else if (verb === 'RCPT') sock.write(opts.refuse ? '550 5.1.1 no such user\r\n' : '250 2.1.5 ok\r\n');
        else if (verb === 'DATA') {
          inData = true;
          sock.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') sock.end('221 bye\r\n');
        else sock.write('500 unknown\r\n');
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return { sessions, port, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

describe('SMTP transport', () => {
  it('delivers a UTF-8 mail with dot-stuffing to a stand-in server', async () => {
    const srv = await standIn();
    closers.push(srv.close);
    await sendSmtp(
      { host: '127.0.0.1', port: srv.port, from: 'kontor@example.test' },
      { to: 'anna@example.test', subject: 'Kontor: E-Mail-Adresse bestätigen', body: 'Hallo Jürgen\n.leading dot\nhttps://x.test/a' },
    );
    const s = srv.sessions[0]!;
    expect(s.commands.slice(0, 4)).toEqual(['EHLO kontor.localhost', 'MAIL FROM:<kontor@example.test>', 'RCPT TO:<anna@example.test>', 'DATA']);
    expect(s.commands.at(-1)).toBe('QUIT');
    const [head, body] = s.data.split('\r\n\r\n');
    expect(head).toContain('To: anna@example.test');
    expect(head).toContain(`Subject: =?UTF-8?B?${Buffer.from('Kontor: E-Mail-Adresse bestätigen').toString('base64')}?=`);
    expect(Buffer.from(body!.replace(/\r\n/g, ''), 'base64').toString('utf8')).toBe('Hallo Jürgen\r\n.leading dot\r\nhttps://x.test/a');
  });

  it('reports a refused recipient, a closed port and a silent server as SmtpError', async () => {
    const refusing = await standIn({ refuse: true });
    closers.push(refusing.close);
    await expect(sendSmtp({ host: '127.0.0.1', port: refusing.port, from: 'k@example.test' }, { to: 'x@example.test', subject: 's', body: 'b' })).rejects.toMatchObject({
      name: 'SmtpError',
      reply: expect.stringContaining('550'),
    });
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    await expect(sendSmtp({ host: '127.0.0.1', port, from: 'k@example.test' }, { to: 'x@example.test', subject: 's', body: 'b' })).rejects.toBeInstanceOf(SmtpError);
    const silent = await standIn({ silent: true });
    closers.push(silent.close);
    await expect(sendSmtp({ host: '127.0.0.1', port: silent.port, from: 'k@example.test', timeoutMs: 300 }, { to: 'x@example.test', subject: 's', body: 'b' })).rejects.toThrow(/did not answer/);
    await expect(sendSmtp({ host: '127.0.0.1', port: silent.port, from: 'k@example.test' }, { to: 'x@example.test>\r\nRCPT TO:<y@example.test', subject: 's', body: 'b' })).rejects.toThrow(/Invalid/);
  });

  it('parses smtp:// URLs', () => {
    expect(smtpOptionsFromUrl('smtp://127.0.0.1:2525', 'a@b.test')).toEqual({ host: '127.0.0.1', port: 2525, from: 'a@b.test' });
    expect(smtpOptionsFromUrl('smtp://mail.example.test', 'a@b.test').port).toBe(25);
  });

  it('sends the sign-up confirmation through KONTOR_SMTP_URL (and keeps it in the outbox)', async () => {
    const srv = await standIn();
    closers.push(srv.close);
    const t = await makeTestApp({ env: { KONTOR_RATE_LIMITS: 'off', KONTOR_SMTP_URL: `smtp://127.0.0.1:${srv.port}`, KONTOR_MAIL_FROM: 'noreply@kontor.example.test' } });
    try {
      const jar = new Jar();
      const form = await (await browse(t, jar, '/account/signup')).text();
      const r = await postForm(t, jar, '/account/signup', { csrf: hiddenValue(form, 'csrf'), email: 'smtp-user@example.test', password: 'long enough password' });
      expect(r.status).toBe(200);
      const s = srv.sessions.at(-1)!;
      expect(s.commands).toContain('RCPT TO:<smtp-user@example.test>');
      expect(s.commands).toContain('MAIL FROM:<noreply@kontor.example.test>');
      const body = Buffer.from(s.data.split('\r\n\r\n')[1]!.replace(/\r\n/g, ''), 'base64').toString('utf8');
      expect(body).toMatch(/\/account\/confirm\/[A-Za-z0-9_-]{43}/);
    } finally {
      await t.dispose();
    }
    // An unreachable relay does not break sign-up for the person; the mail stays in the outbox.
    const down = await makeTestApp({ env: { KONTOR_RATE_LIMITS: 'off', KONTOR_SMTP_URL: 'smtp://127.0.0.1:9' } });
    try {
      const jar = new Jar();
      const form = await (await browse(down, jar, '/account/signup')).text();
      const r = await postForm(down, jar, '/account/signup', { csrf: hiddenValue(form, 'csrf'), email: 'nomail@example.test', password: 'long enough password' });
      expect(r.status).toBe(200);
      const kept = await new WebAuth(down.services.db, down.services.clock).outbox('nomail@example.test');
      expect(kept).toHaveLength(1);
    } finally {
      await down.dispose();
    }
  });
});
