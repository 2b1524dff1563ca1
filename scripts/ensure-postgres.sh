#!/usr/bin/env bash
# Installs (from Debian) and starts a local PostgreSQL server when missing, creates a superuser
# role for the current user, and prints the DATABASE_URL to use. Needs root for the install.
set -euo pipefail
if ! ls /etc/postgresql/*/main >/dev/null 2>&1; then
  echo "Installing PostgreSQL from Debian…" >&2
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
fi
version=$(ls /etc/postgresql | sort -V | tail -n 1)
if ! pg_lsclusters -h 2>/dev/null | awk -v v="$version" '$1==v && $2=="main" && $4=="online"' | grep -q .; then
  pg_ctlcluster --skip-systemctl-redirect "$version" main start >&2
fi
for _ in $(seq 1 30); do
  pg_isready -q -h /var/run/postgresql && break
  sleep 1
done
me=$(id -un)
if ! su postgres -c "psql -tAc \"select 1 from pg_roles where rolname='$me'\"" | grep -q 1; then
  su postgres -c "createuser -s $me" >&2
fi
echo "postgres://$me@localhost/postgres?host=/var/run/postgresql"
