#!/usr/bin/env bash
# Browser tests drive Debian's Chromium; install it when missing (never a downloaded browser).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "Chromium is missing: install Debian's 'chromium' package (apt-get install chromium)." >&2
  exit 1
fi
echo "Installing Chromium from Debian…" >&2
apt-get update -qq >&2
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >&2
