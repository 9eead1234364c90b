/**
 * Warm Saxon-HE reference for `pnpm bench`: one JVM (bench/saxon/SaxonHarness.java in source-file mode) that compiles
 * one official validation stylesheet from the oracle artefacts (ORACLE_ARTEFACTS, default /tmp/h20-oracle; prepared
 * with ../shared/tools/prepare-artefacts.sh, never committed) and times parse + transform per file on request.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(import.meta.url);
const SAXON_HARNESS = path.join(path.dirname(here), 'saxon/SaxonHarness.java');
const SAXON_JAR = '/usr/share/java/Saxon-HE.jar';

/** Warm Saxon-HE in one JVM, driven over stdin (see saxon/SaxonHarness.java). */
export class Saxon {
  private buf = '';
  private waiting: ((line: string) => void)[] = [];
  private lines: string[] = [];
  private constructor(private child: ChildProcess) {
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      this.buf += d;
      let i: number;
      while ((i = this.buf.indexOf('\n')) >= 0) {
        const line = this.buf.slice(0, i);
        this.buf = this.buf.slice(i + 1);
        const w = this.waiting.shift();
        if (w) w(line);
        else this.lines.push(line);
      }
    });
    child.on('exit', () => this.waiting.splice(0).forEach((w) => w('error jvm exited')));
  }
  private next(): Promise<string> {
    const l = this.lines.shift();
    return l !== undefined ? Promise.resolve(l) : new Promise((res) => this.waiting.push(res));
  }
  /** The running harness, or the reason there is none. */
  static async start(stylesheet: string): Promise<Saxon | string> {
    const artefacts = process.env.ORACLE_ARTEFACTS ?? '/tmp/h20-oracle';
    const xslt = path.join(artefacts, stylesheet);
    if (!existsSync(xslt)) return `skipped: artefacts not present (${xslt})`;
    if (!existsSync(SAXON_JAR)) return 'skipped: Saxon-HE not installed (apt-get install libsaxonhe-java)';
    const child = spawn('java', ['-Xss16m', '-cp', SAXON_JAR, SAXON_HARNESS, xslt], { stdio: ['pipe', 'pipe', 'pipe'] });
    let err = '';
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (err += d));
    const s = new Saxon(child);
    const ok = await new Promise<boolean>((res) => {
      child.once('error', () => res(false));
      void s.next().then((l) => res(l === 'ready'));
    });
    if (!ok) return `skipped: Saxon harness did not start (${err.trim().split('\n').slice(-1)[0] ?? 'java missing'})`;
    return s;
  }
  async warm(seconds: number, files: string[]): Promise<void> {
    this.child.stdin!.write(['warm', String(seconds), ...files].join('\t') + '\n');
    const l = await this.next();
    if (!l.startsWith('ok')) throw new Error(`Saxon warm-up: ${l}`);
  }
  /** One parse + transform in the JVM: its own elapsed ms, and the number of failed asserts. */
  async run(file: string): Promise<{ ms: number; failed: number }> {
    this.child.stdin!.write(`run\t${file}\n`);
    const l = await this.next();
    const m = /^ms (\S+) (\d+)/.exec(l);
    if (!m) throw new Error(`Saxon: ${l}`);
    return { ms: Number(m[1]), failed: Number(m[2]) };
  }
  /** k parse + transforms of one file back to back in the JVM: each one's elapsed ms. */
  async runs(file: string, k: number): Promise<number[]> {
    this.child.stdin!.write(`runs\t${k}\t${file}\n`);
    const l = await this.next();
    const m = /^ms (\S+) (\d+)/.exec(l);
    if (!m) throw new Error(`Saxon: ${l}`);
    return m[1]!.split(',').map(Number);
  }
  quit(): void {
    this.child.stdin!.end('quit\n');
  }
}
