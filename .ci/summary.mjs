// Prints the one closing line CI needs ("N passed, N failed") from vitest's JSON report plus extra checks.
import { existsSync, readFileSync } from 'node:fs';
const [report, ...extra] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += (r.numFailedTests ?? 0) + (r.numRuntimeErrorTestSuites ?? 0);
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  for (const f of r.testResults ?? []) if (f.status === 'failed' && (f.assertionResults ?? []).length === 0) failed += 1;
} else {
  failed += 1;
}
for (const e of extra) {
  const [, status] = e.split('=');
  if (status === '0') passed += 1;
  else failed += 1;
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
