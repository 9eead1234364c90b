#!/bin/sh
# The build of the deployable service, as the Dockerfile runs it (and CI runs it on the host: .ci/run -> deploy/ci-check.sh).
# Installs the locked dependencies and builds plain JavaScript: the service bundle with its job-worker entry
# (apps/api/dist) and the CLI (apps/cli/dist/main.js), whose `serve` command is the server. Nothing runs through tsx.
set -eu
cd "$(dirname "$0")/.."
pnpm install --frozen-lockfile
pnpm --filter @kontor/api run build
pnpm --filter @kontor/cli run build
node apps/cli/dist/main.js --version
