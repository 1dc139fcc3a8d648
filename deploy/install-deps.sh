#!/usr/bin/env bash
# Installs the Debian packages Wardrobe needs to build, run and test.
# Idempotent: packages already present are skipped, and apt-get runs only
# when something is missing (after refreshing the package lists, which can be
# empty on a fresh machine).
set -euo pipefail

# Build and runtime libraries (one per C module under Sources/C*).
PACKAGES=(
  pkg-config
  libcurl4-openssl-dev   # HTTP (CCurl)
  libsqlite3-dev         # storage (CSQLite)
  libjansson-dev         # JSON (CJansson)
  libsodium-dev          # secrets (CSodium)
  libvips-dev            # images (CVips)
  libgumbo-dev           # HTML (CGumbo)
  libolm-dev             # Matrix end-to-end encryption, Olm/Megolm (COlm)
  libssl-dev             # AES-256-CTR for Matrix encrypted attachments (CCrypto, libcrypto)
  libpq-dev              # PostgreSQL client, for scale-out (CPostgres)
  libmicrohttpd-dev      # embedded HTTP server: webhooks, /healthz, /metrics (CMicroHTTPD)
  libbrotli-dev          # brotli content-encoding for libcurl
  tzdata                 # IANA time zones for Foundation.TimeZone
  fonts-dejavu-core      # a font for chart and collage text (libvips draws text through Pango and fontconfig)
  ca-certificates        # TLS to real services
)

# Extra packages only the test and benchmark targets need.
if [[ "${1:-}" == "--test" || "${1:-}" == "--bench" ]]; then
  # systemd: systemd-analyze for `make test-unit-files`. In a container it only adds files; nothing starts it.
  PACKAGES+=(python3-venv python3-dev libffi-dev libssl-dev build-essential systemd)
  # postgresql-15: the private cluster of `make test-postgres` (initdb and postgres from /usr/lib/postgresql/15/bin).
  PACKAGES+=(postgresql-15)
fi
if [[ "${1:-}" == "--bench" ]]; then
  PACKAGES+=(imagemagick)
fi

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [[ ${#missing[@]} -eq 0 ]]; then
  exit 0
fi

SUDO=""
if [[ $(id -u) -ne 0 ]]; then SUDO="sudo"; fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
