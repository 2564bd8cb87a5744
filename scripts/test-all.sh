#!/usr/bin/env bash
# Installs what the tests need (Chromium, a reachable PostgreSQL when there is
# one) and runs every test: unit, API on PGlite, API on PostgreSQL, browser.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s ==\033[0m\n' "$*"; }

if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  step "Installing Chromium (Debian package)"
  if [ "$(id -u)" = 0 ]; then apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium >/dev/null
  else sudo apt-get update -q && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium >/dev/null; fi
fi

PG_URL="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
pg_ready() { node -e "const pg=require('pg');const c=new pg.Client({connectionString:process.argv[1]});c.connect().then(()=>c.end()).then(()=>process.exit(0),()=>process.exit(1))" "$PG_URL" 2>/dev/null; }
if ! (cd apps/server && pg_ready); then
  if command -v pg_ctlcluster >/dev/null 2>&1 && ls /etc/postgresql >/dev/null 2>&1; then
    step "Starting PostgreSQL"
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
    sleep 2
  fi
fi

step "Unit tests"
npx vitest run --project shared

step "Web unit tests"
npx vitest run --project web

step "API tests on embedded PGlite"
env -u DATABASE_URL npx vitest run --project server

if (cd apps/server && pg_ready); then
  step "API tests on PostgreSQL ($PG_URL)"
  DATABASE_URL="$PG_URL" npx vitest run --project server
elif [ "${CI:-}" = "true" ]; then
  echo "PostgreSQL at $PG_URL is not reachable" >&2
  exit 1
else
  echo "PostgreSQL not reachable at $PG_URL: skipping the PostgreSQL API run (set DATABASE_URL to include it)."
fi

step "Browser tests (headless Chromium)"
npm run build
(cd e2e && npx playwright test)
