/**
 * A local stand-in for an OpenAI-compatible model server (POST {base}/v1/chat/completions) on 127.0.0.1 with
 * scripted answers: each request takes the next step of the script (a JSON content, malformed text, a refusal,
 * an HTTP error, or a delay longer than the client's timeout). Every request body is recorded.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Step = { content: string; delayMs?: number } | { json: unknown; delayMs?: number } | { refusal: string } | { status: number; body?: string } | { delayMs: number; content?: string };

export interface ModelStandIn {
  /** API base for createModelProvider, e.g. http://127.0.0.1:1234/v1 */
  baseUrl: string;
  /** request bodies received */
  requests: { model: string; messages: { role: string; content: string }[]; response_format?: unknown }[];
  /** replaces the script (and clears the recorded requests) */
  script(steps: Step[]): void;
  close(): Promise<void>;
}

export async function startModelStandIn(): Promise<ModelStandIn> {
  let steps: Step[] = [];
  const requests: ModelStandIn['requests'] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end('not found');
        return;
      }
      const body = JSON.parse(raw) as ModelStandIn['requests'][number];
      requests.push(body);
      const step = steps.shift() ?? { status: 500, body: 'script exhausted' };
      const answer = () => {
        if ('status' in step) return res.writeHead(step.status, { 'content-type': 'text/plain' }).end(step.body ?? 'error');
        const message =
          'refusal' in step ? { role: 'assistant', content: null, refusal: step.refusal } : { role: 'assistant', content: 'json' in step ? JSON.stringify(step.json) : (step.content ?? '') };
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: `c${requests.length}`,
            object: 'chat.completion',
            model: body.model,
            choices: [{ index: 0, message, finish_reason: 'stop' }],
            usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
          }),
        );
      };
      const delay = 'delayMs' in step ? (step.delayMs ?? 0) : 0;
      if (delay > 0) {
        const t = setTimeout(() => {
          timers.delete(t);
          if (!res.destroyed) answer();
        }, delay);
        timers.add(t);
      } else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script(s) {
      steps = [...s];
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
