// Prints the one closing line CI needs ("N passed, N failed") from vitest's JSON report plus extra checks.
import { existsSync, readFileSync } from 'node:fs';
const [report, ...extra] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  // a file that failed without a failed test (a hook or import error: its tests skipped, or none collected) is a failure
  for (const f of r.testResults ?? []) if (f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed')) failed += 1;
} else {
  failed += 1;
}
for (const e of extra) {
  const [name, status] = e.split('=');
  // the test command's exit code is a safety net, not a check of its own: it adds a failure only when the report has none
  if (name === 'tests') {
    if (status !== '0' && failed === 0) failed += 1;
    continue;
  }
  if (status === '0') passed += 1;
  else failed += 1;
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
