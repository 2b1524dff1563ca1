#!/usr/bin/env bash
# Starts Verdict for the browser tests exactly as the README does (`npm start`), on a fresh
# database: a new DATA_DIR, or a new database on the server named by DATABASE_URL.
set -euo pipefail
if [ -n "${DATABASE_URL:-}" ]; then
  name="verdict_e2e_$(date +%s)_$$"
  psql "$DATABASE_URL" -qc "create database $name" >/dev/null
  base="${DATABASE_URL%%\?*}"
  query=""
  [[ "$DATABASE_URL" == *\?* ]] && query="?${DATABASE_URL#*\?}"
  export DATABASE_URL="${base%/*}/$name$query"
else
  export DATA_DIR="$(mktemp -d -t verdict-e2e-XXXXXX)"
fi
exec npm start
