#!/usr/bin/env bash
# The npm packages as a user gets them: packs every library and the CLI (`pnpm pack`, so prepack builds and
# publishConfig applies), lints each tarball (publint --strict; @arethetypeswrong/cli for the libraries, ESM-only
# profile), installs all tarballs into an empty project with plain npm, imports each package from Node ESM, runs
# the first ```js example of each package README, and runs `npx kontor --help` / `--version` / `vat syntax` from the
# installed CLI. Prints one line per check and exits 0 only when every check passed.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$(mktemp -d "${TMPDIR:-/tmp}/kontor-pack.XXXXXX")
[ -n "${KEEP_PACK_DIR:-}" ] || trap 'rm -rf "$work"' EXIT
mkdir -p "$work/tgz" "$work/lint" "$work/app"
libs=(xml ai bankdata vies peppol cii ubl pdfa3 camt pain001 zugferd)
passed=0
failed=0
check() { # name, command...
  local name=$1; shift
  if "$@" >"$work/last.log" 2>&1; then passed=$((passed + 1)); echo "ok    $name"
  else failed=$((failed + 1)); echo "FAIL  $name"; tail -20 "$work/last.log" | sed 's/^/      /'; fi
}

pack() { # dir
  (cd "$1" && pnpm pack --pack-destination "$work/tgz" >/dev/null)
}
for p in "${libs[@]}"; do check "pack @kontor/$p" pack "packages/$p"; done
check "pack @kontor/cli" pack apps/cli

tgz_of() { ls "$work"/tgz/kontor-"$1"-*.tgz 2>/dev/null | head -1; }
lint() { # name, with-types
  local t; t=$(tgz_of "$1") || return 1
  [ -n "$t" ] || { echo "no tarball"; return 1; }
  rm -rf "$work/lint/$1" && mkdir -p "$work/lint/$1" && tar xzf "$t" -C "$work/lint/$1" || return 1
  for f in LICENSE README.md package.json; do [ -f "$work/lint/$1/package/$f" ] || { echo "tarball lacks $f"; return 1; }; done
  (cd "$root" && pnpm -s exec publint "$work/lint/$1/package" --strict --pack false) || return 1
  if [ "$2" = "types" ]; then (cd "$root" && pnpm -s exec attw "$t" --profile esm-only --format ascii) || return 1; fi
}
for p in "${libs[@]}"; do check "publint + attw @kontor/$p" lint "$p" types; done
check "publint @kontor/cli" lint cli none

install_all() {
  cd "$work/app" && npm init -y >/dev/null && npm pkg set type=module >/dev/null \
    && npm install --no-audit --no-fund --loglevel=error "$work"/tgz/*.tgz
}
check "npm install of all tarballs into an empty project" install_all

import_one() { (cd "$work/app" && node --input-type=module -e "const m = await import('@kontor/$1'); if (!Object.keys(m).length) throw new Error('no exports');"); }
example() { # the first ```js block of the README, run as an ES module inside the installed project
  local f="$work/app/readme-$1.mjs"
  awk '/^```js[[:space:]]*$/{f=1;next} f&&/^```/{exit} f{print}' "$root/packages/$1/README.md" >"$f"
  [ -s "$f" ] || { echo "packages/$1/README.md has no \`\`\`js example"; return 1; }
  (cd "$work/app" && node "$f")
}
for p in "${libs[@]}"; do
  check "import @kontor/$p from Node ESM" import_one "$p"
  check "README example of @kontor/$p" example "$p"
done
cli() { (cd "$work/app" && npx --no-install kontor "$@"); }
check "npx kontor --help" cli --help
check "npx kontor --version" cli --version
check "npx kontor vat syntax DE136695976" cli vat syntax DE136695976

batch() { # a directory of pain.001 files through the installed CLI's worker pool: one JSON line per file
  mkdir -p "$work/batch" && cp "$root"/packages/pain001/README.md "$work/batch/readme.txt"
  (cd "$work/app" && node readme-pain001.mjs >/dev/null && node --input-type=module -e "
    import { generateSct } from '@kontor/pain001'; import { writeFileSync } from 'node:fs';
    for (const n of [1, 2, 3]) writeFileSync('$work/batch/' + n + '.xml', (await generateSct({ debtor: { name: 'A', iban: 'DE89370400440532013000' }, requestedExecutionDate: '2099-01-0' + n, payments: [{ creditorName: 'B', creditorIban: 'DE02500105170005400246', amount: n }] }, { allowUnchecked: true })).xml);") || return 1
  local out; out=$(cd "$work/app" && npx --no-install kontor pay validate "$work/batch" --jsonl --jobs 2) || { echo "exit $?"; return 1; }
  [ "$(printf '%s\n' "$out" | wc -l)" = 3 ] || { echo "expected 3 lines: $out"; return 1; }
  (cd "$work/app" && npx --no-install kontor pay validate "$work/batch/missing.xml" >/dev/null 2>&1); [ $? = 2 ] || { echo "missing file did not exit 2"; return 1; }
}
check "npx kontor pay validate <dir> --jsonl (worker pool), missing file -> 2" batch

serve() { # the service from the tarball: starts, answers /healthz, runs a statement job in its job worker
  local port=$((20000 + RANDOM % 20000)) key pid rc=1
  (cd "$work/app" && PORT=$port DATABASE_URL="$work/serve.sqlite" KONTOR_SCHEMA_DIR="$work/schemas" exec ./node_modules/.bin/kontor serve >"$work/serve.log" 2>&1) &
  pid=$!
  for _ in $(seq 1 120); do
    key=$(grep -o 'kontor_sk_[A-Za-z0-9_-]*' "$work/serve.log" 2>/dev/null | head -1)
    if [ -n "$key" ] && node -e "fetch('http://127.0.0.1:$port/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"; then rc=0; break; fi
    sleep 0.5
  done
  if [ $rc = 0 ]; then
    node --input-type=module -e "
      const xml = '<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.053.001.08\"><BkToCstmrStmt><GrpHdr><MsgId>M</MsgId><CreDtTm>2026-03-31T18:00:00</CreDtTm></GrpHdr><Stmt><Id>S</Id><CreDtTm>2026-03-31T18:00:00</CreDtTm><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct></Stmt></BkToCstmrStmt></Document>';
      const r = await fetch('http://127.0.0.1:$port/api/v1/statements/parse', { method: 'POST', headers: { authorization: 'Bearer $key', 'content-type': 'application/json' }, body: JSON.stringify({ xml }) });
      if (r.status !== 200) { console.log(r.status, await r.text()); process.exit(1); }" || rc=1
  fi
  kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
  [ $rc = 0 ] || tail -5 "$work/serve.log"
  return $rc
}
check "npx kontor serve: /healthz and a statement job in the bundled job worker" serve

echo "pack-check: $passed passed, $failed failed"
[ "$failed" = 0 ]
