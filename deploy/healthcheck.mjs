// Container health check: ready means the database answers and the schema store is readable (GET /readyz).
// Plain JavaScript with no dependencies (the runtime image has no curl). Exit 0 = healthy, 1 = not.
const port = process.env.PORT || '8787';
const host = !process.env.HOST || process.env.HOST === '0.0.0.0' ? '127.0.0.1' : process.env.HOST;
try {
  const r = await fetch(`http://${host}:${port}/readyz`, { signal: AbortSignal.timeout(3000) });
  process.exit(r.status === 200 ? 0 : 1);
} catch {
  process.exit(1);
}
