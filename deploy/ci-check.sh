#!/usr/bin/env bash
# CI on the host for deploy/Dockerfile (no Docker engine here): runs the same commands the image build runs
# (the apt packages of the build stage when root, pnpm 10.34.9, deploy/build.sh), then starts the built server the
# way the runtime stage does (node apps/cli/dist/main.js serve, production, HOST 0.0.0.0) with data in a temporary
# directory, runs the image's HEALTHCHECK command against it, and stops it with SIGTERM (must exit 0).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$(id -u)" = "0" ]; then
  apt-get install -y -qq --no-install-recommends python3 make g++ ca-certificates >/dev/null 2>&1 || echo "apt-get install of the build packages failed"
fi
if [ "$(pnpm -v 2>/dev/null)" != "10.34.9" ]; then npm i -g pnpm@10.34.9 >/dev/null 2>&1; fi
sh deploy/build.sh

data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
NODE_ENV=production HOST=0.0.0.0 PORT=$port DATABASE_URL="$data/kontor.sqlite" KONTOR_SCHEMA_DIR="$data/schemas" \
  KONTOR_BANKDATA_FILE="$data/bankdata.json" KONTOR_LOG=off node apps/cli/dist/main.js serve >"$data/out" 2>"$data/err" &
pid=$!
ok=1
for _ in $(seq 1 100); do
  if PORT=$port HOST=0.0.0.0 node deploy/healthcheck.mjs; then ok=0; break; fi
  sleep 0.2
done
if [ "$ok" != "0" ]; then echo "deploy check: the built server did not become ready"; cat "$data/out" "$data/err"; kill "$pid" 2>/dev/null; exit 1; fi
kill -TERM "$pid"
set +e
wait "$pid"
rc=$?
set -e
if [ "$rc" != "0" ]; then echo "deploy check: SIGTERM exit code $rc (expected 0)"; cat "$data/out" "$data/err"; exit 1; fi
grep -q '"msg":"stopped"' "$data/out" || { echo "deploy check: no stopped line"; cat "$data/out"; exit 1; }
echo "deploy check: build ok, healthcheck ok, SIGTERM exit 0"
