#!/usr/bin/env bash
# Two Pawdesk instances on one PostgreSQL database behind nginx (round robin, no sticky sessions), with a local mail
# server and the Razorpay stand-in, as `npm run test:multi` checks them (docs/operations.md, "Several instances").
# Starts everything on a new database (dropped at the end) and waits; Ctrl-C stops it all.
#   scripts/multi-instance.sh           # nginx on http://127.0.0.1:3989, instances on 3983 and 3984
#   DATABASE_URL=postgres://user@host:5432/db scripts/multi-instance.sh   # the server the new database goes on
#   MULTI_PORTS=a,b,smtp,razorpay,nginx scripts/multi-instance.sh
# Needs nginx (Debian: apt-get install nginx; NGINX_BIN to point elsewhere) and a reachable PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."
exec node --import tsx apps/server/test/multi/start.ts "$@"
