#!/usr/bin/env bash
# Installs what the tests need (Chromium, a reachable PostgreSQL when there is
# one) and runs every test: unit, API on PGlite, API on PostgreSQL, browser,
# and the whole-application checks of issue 22: the authorisation matrix and
# the fuzzer, a crash cycle per database and the backup round trips (in the API
# suites), every route with axe and the keyboard-only flows (in the browser
# suite), two instances behind nginx (npm run test:multi).
#
# The suites run in three lanes at once, each line prefixed with its lane; all lanes run to the end and the script
# fails if any did. TEST_LANES=serial runs them one after the other.
#   lane "api":     the shared unit tests, the API suite on the embedded PGlite, two instances behind nginx;
#   lane "pg":      the API suite on PostgreSQL, then the web unit tests;
#   lane "browser": the web build, then the browser suite with E2E_WORKERS (default 2) workers, each with a demo
#                   server of its own.
# Why three: on a two-core machine the browser suite mostly waits (on the page, the server, the network), so it
# overlaps well with the two API suites; run one after another they took over an hour (docs/decisions.md).
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s ==\033[0m\n' "$*"; }
PG_URL="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
pg_ready() {
  (cd apps/server && node -e "const pg=require('pg');const c=new pg.Client({connectionString:process.argv[1]});c.connect().then(()=>c.end()).then(()=>process.exit(0),()=>process.exit(1))" "$PG_URL" 2>/dev/null)
}
timed() { local name=$1 t0=$SECONDS; shift; step "$name"; "$@"; printf '%s took %ss\n' "$name" $((SECONDS - t0)); }

prepare() {
  # The browser tests run in Chromium's old headless shell (half the processor time of the full browser); the full
  # browser is for looking at pages and the benchmark's page loads.
  if [ ! -x "${CHROMIUM_PATH:-/usr/lib/chromium/chromium-headless-shell}" ] || [ ! -x /usr/bin/chromium ] ||
    ! command -v nginx >/dev/null 2>&1; then
    step "Installing Chromium, its headless shell and nginx (Debian packages)"
    local sudo=; [ "$(id -u)" = 0 ] || sudo=sudo
    $sudo apt-get update -q
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q chromium chromium-headless-shell nginx >/dev/null
  fi
  if ! pg_ready; then
    if command -v pg_ctlcluster >/dev/null 2>&1 && ls /etc/postgresql >/dev/null 2>&1; then
      step "Starting PostgreSQL"
      pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
      sleep 2
    fi
  fi
  HAVE_PG=false
  if pg_ready; then HAVE_PG=true
  elif [ "${CI:-}" = "true" ]; then echo "PostgreSQL at $PG_URL is not reachable" >&2; exit 1
  else echo "PostgreSQL not reachable at $PG_URL: skipping the PostgreSQL runs (set DATABASE_URL to include them)."; fi
}

lane_api() {
  timed "Unit tests" npx vitest run --project shared
  timed "API tests on embedded PGlite" env -u DATABASE_URL npx vitest run --project server --maxWorkers=2
  if [ "$HAVE_PG" = true ]; then
    # Two app instances on one PostgreSQL behind nginx (scripts/multi-instance.sh; docs/operations.md).
    timed "Two instances behind nginx" env DATABASE_URL="$PG_URL" npm run test:multi
  fi
}

lane_pg() {
  if [ "$HAVE_PG" = true ]; then
    timed "API tests on PostgreSQL ($PG_URL)" env DATABASE_URL="$PG_URL" npx vitest run --project server --maxWorkers=2
  fi
  timed "Web unit tests" npx vitest run --project 'web*'
}

lane_browser() {
  timed "Web build" npm run build
  timed "Browser tests (headless Chromium, ${E2E_WORKERS:-2} workers)" \
    bash -c "cd e2e && E2E_WORKERS=${E2E_WORKERS:-2} npx playwright test"
}

# `test-all.sh lane NAME` runs one lane in a process of its own (so `set -e` stops it at its first failure).
if [ "${1:-}" = lane ]; then "lane_$2"; exit 0; fi

T0=$SECONDS
prepare
LANES=(api pg browser)
if [ "${TEST_LANES:-parallel}" = serial ]; then
  for lane in "${LANES[@]}"; do "lane_$lane"; done
else
  # Each lane's output is prefixed; a lane's failure is remembered and reported after all have ended.
  export HAVE_PG
  # Each lane's output is also kept in a file, so that a failure can be summed up at the end (CI shows the tail).
  LOGS=$(mktemp -d "${TMPDIR:-/tmp}/pawdesk-lanes.XXXXXX")
  run_lane() { bash "$0" lane "$1" 2>&1 | tee "$LOGS/$1.log" | sed -u "s/^/[$1] /"; return "${PIPESTATUS[0]}"; }
  declare -A pids rcs
  for lane in "${LANES[@]}"; do
    run_lane "$lane" &
    pids[$lane]=$!
  done
  failed=0
  for lane in "${LANES[@]}"; do
    rcs[$lane]=0
    wait "${pids[$lane]}" || { rcs[$lane]=$?; failed=1; }
  done
  step "Lanes ended: api exited ${rcs[api]}, pg exited ${rcs[pg]}, browser exited ${rcs[browser]} (after $((SECONDS - T0))s)"
  if [ "$failed" != 0 ]; then
    for lane in "${LANES[@]}"; do
      [ "${rcs[$lane]}" = 0 ] && continue
      # What failed, without colours: vitest's FAIL and ×, Playwright's ✘ and its numbered failures, the assertion.
      step "What failed in lane $lane (its whole output: $LOGS/$lane.log)"
      sed 's/\x1b\[[0-9;]*m//g' "$LOGS/$lane.log" |
        grep -E '(^| )(FAIL|×|✘) |^ +[0-9]+\) |AssertionError|Error: |Timed out|took [0-9]+s$' | head -80 || true
    done
    exit 1
  fi
fi
printf '\nAll tests passed in %ss\n' $((SECONDS - T0))
