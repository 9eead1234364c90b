/**
 * Local stand-ins on 127.0.0.1 for the optional external engines, speaking their HTTP contracts (protocols.md §5):
 * the KoSIT validator daemon 1.x (POST raw XML → VARL report, status = verdict; markers in the XML choose
 * accept / reject / abort) and veraPDF REST (POST /api/validate/{profile} multipart "file", JSON by Accept,
 * verdict keyed by the SHA-256 of the upload). Also a server that accepts and never answers (timeouts).
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandIn {
  url: string;
  requests: { method: string; path: string; contentType: string; accept: string; body: Buffer }[];
  close(): Promise<void>;
}

async function listen(handler: (req: http.IncomingMessage, body: Buffer, res: http.ServerResponse) => void | Promise<void>): Promise<StandIn> {
  const requests: StandIn['requests'] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      requests.push({ method: req.method ?? '', path: req.url ?? '', contentType: req.headers['content-type'] ?? '', accept: req.headers.accept ?? '', body });
      void Promise.resolve(handler(req, body, res)).catch((e: Error) => {
        res.writeHead(500, { 'Content-Type': 'text/plain' });
        res.end(e.message);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

function varlReport(accept: boolean, messages: { id: string; level: string; code: string; text: string; xpath?: string }[], scenario = 'EN16931 XRechnung (UNCEFACT)'): string {
  const msgs = messages.map((m) => `<rep:message id="${m.id}" level="${m.level}" code="${esc(m.code)}"${m.xpath ? ` xpathLocation="${esc(m.xpath)}"` : ''}>${esc(m.text)}</rep:message>`).join('');
  return (
    `<?xml version="1.0" encoding="UTF-8"?><rep:report xmlns:rep="http://www.xoev.de/de/validator/varl/1" xmlns:s="http://www.xoev.de/de/validator/framework/1/scenarios" valid="${accept}" varlVersion="1.0.0">` +
    `<rep:engine><rep:name>KoSIT Validator 1.5.0 (stand-in)</rep:name></rep:engine><rep:timestamp>2025-03-10T09:30:00Z</rep:timestamp>` +
    `<rep:documentIdentification><rep:documentHash><rep:hashAlgorithm>SHA-256</rep:hashAlgorithm><rep:hashValue>AA==</rep:hashValue></rep:documentHash><rep:documentReference>invoice.xml</rep:documentReference></rep:documentIdentification>` +
    `<rep:scenarioMatched><s:scenario><s:name>${scenario}</s:name></s:scenario>` +
    `<rep:validationStepResult id="val-xsd" valid="true"/>` +
    `<rep:validationStepResult id="val-sch.1" valid="${accept}">${msgs}</rep:validationStepResult></rep:scenarioMatched>` +
    `<rep:assessment>${accept ? '<rep:accept><rep:explanation><html/></rep:explanation></rep:accept>' : '<rep:reject><rep:explanation><html/></rep:explanation></rep:reject>'}</rep:assessment></rep:report>`
  );
}

/**
 * KoSIT daemon 1.x: markers in the posted XML — "FORCE-REJECT" → 406 with a BR-CO-15 error, "FORCE-ABORT" → 422,
 * "FORCE-PARTIAL" → 200 with a report lacking assessment; otherwise 200 accept with one warning.
 */
export function kositStandIn(): Promise<StandIn> {
  return listen((req, body, res) => {
    if (req.method !== 'POST') {
      res.writeHead(405);
      res.end();
      return;
    }
    const ct = req.headers['content-type'] ?? '';
    if (!body.length || ct.startsWith('multipart/')) {
      res.writeHead(400, { 'Content-Type': 'text/plain' });
      res.end('bad request');
      return;
    }
    const xml = body.toString('utf8');
    if (xml.includes('FORCE-ABORT')) {
      res.writeHead(422, { 'Content-Type': 'application/xml' });
      res.end('<error>processing aborted</error>');
      return;
    }
    if (xml.includes('FORCE-PARTIAL')) {
      res.writeHead(200, { 'Content-Type': 'application/xml' });
      res.end(varlReport(true, []).replace(/<rep:assessment>.*<\/rep:assessment>/, ''));
      return;
    }
    const reject = xml.includes('FORCE-REJECT');
    res.writeHead(reject ? 406 : 200, { 'Content-Type': 'application/xml' });
    res.end(
      varlReport(
        !reject,
        reject
          ? [
              {
                id: 'BR-CO-15',
                level: 'error',
                code: 'BR-CO-15',
                text: '[BR-CO-15] Invoice total amount with VAT (BT-112) = Invoice total amount without VAT (BT-109) + Invoice total VAT amount (BT-110).',
                xpath: '/rsm:CrossIndustryInvoice[1]/rsm:SupplyChainTradeTransaction[1]',
              },
            ]
          : [
              {
                id: 'BR-DE-21',
                level: 'warning',
                code: 'BR-DE-21',
                text: '[BR-DE-21] Das Element "Specification identifier" (BT-24) soll syntaktisch der Kennung des Standards XRechnung entsprechen.',
              },
            ],
      ),
    );
  });
}

export interface VeraVerdict {
  compliant: boolean;
  failed?: { clause: string; testNumber: number; description: string }[];
}

/** veraPDF REST: verdicts registered by SHA-256 of the PDF; unknown files are compliant. */
export function veraPdfStandIn(verdicts: Map<string, VeraVerdict>): Promise<StandIn> {
  return listen(async (req, body, res) => {
    const m = /^\/api\/validate\/([0-9a-z]+)$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !m) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found');
      return;
    }
    const form = await new Request('http://x/', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: new Uint8Array(body) }).formData().catch(() => null);
    const file = form?.get('file');
    if (!file || typeof file === 'string' || file.size === 0) {
      res.writeHead(400, { 'Content-Type': 'text/plain' });
      res.end('empty file');
      return;
    }
    const accept = req.headers.accept ?? '';
    if (!accept || accept.includes('html')) {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<html><body>report</body></html>');
      return;
    }
    const sha = createHash('sha256')
      .update(Buffer.from(await file.arrayBuffer()))
      .digest('hex');
    const v = verdicts.get(sha) ?? { compliant: true };
    const profile = m[1]!;
    const ruleSummaries = (v.failed ?? []).map((f) => ({
      ruleStatus: 'FAILED',
      specification: 'ISO 19005-3:2012',
      clause: f.clause,
      testNumber: f.testNumber,
      status: 'failed',
      failedChecks: 1,
      description: f.description,
      object: 'PDFont',
      test: 'false',
      checks: [],
    }));
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(
      JSON.stringify({
        report: {
          buildInformation: {},
          jobs: [
            {
              itemDetails: { name: 'invoice.pdf', size: file.size },
              validationResult: [
                {
                  details: { passedRules: 100, failedRules: ruleSummaries.length, passedChecks: 1000, failedChecks: ruleSummaries.length, ruleSummaries },
                  jobEndStatus: 'normal',
                  profileName: `PDF/A-${profile.toUpperCase()} validation profile`,
                  statement: v.compliant ? 'PDF file is compliant with Validation Profile requirements.' : 'PDF file is not compliant with Validation Profile requirements.',
                  compliant: v.compliant,
                },
              ],
              processingTime: {},
              jobEndStatus: 'normal',
            },
          ],
          batchSummary: { totalJobs: 1, failedToParse: 0, encrypted: 0, outOfMemory: 0, veraExceptions: 0 },
        },
      }),
    );
  });
}

/** Accepts connections and requests but never answers. */
export function silentStandIn(): Promise<StandIn> {
  return listen(() => undefined);
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
