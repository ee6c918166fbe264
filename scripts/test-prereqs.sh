#!/usr/bin/env bash
# What `npm test` needs besides npm packages: Debian's Chromium for the end-to-end tests and
# PostgreSQL on 127.0.0.1:5432 for the API suite's second dialect. Installs or starts them
# when this machine can (root with apt-get, a Debian PostgreSQL cluster); otherwise says what
# is missing. Never downloads a browser build of its own.
set -u
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$CHROMIUM" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Instalando o Chromium do Debian para os testes de ponta a ponta…"
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) || {
      echo "Não foi possível instalar o chromium (apt-get install chromium)." >&2
      exit 1
    }
  else
    echo "Falta o Chromium em $CHROMIUM: instale com 'sudo apt-get install chromium' ou defina CHROMIUM_PATH." >&2
    exit 1
  fi
fi

if command -v pg_isready >/dev/null 2>&1 && ! pg_isready -h 127.0.0.1 -p 5432 -q; then
  if command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /etc/postgresql ]; then
    echo "Iniciando o PostgreSQL local…"
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
    for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
  fi
fi
if ! (command -v pg_isready >/dev/null 2>&1 && pg_isready -h 127.0.0.1 -p 5432 -q); then
  if [ "${CI:-}" = "true" ]; then
    echo "PostgreSQL não responde em 127.0.0.1:5432: a suíte da API precisa dele no CI." >&2
    exit 1
  fi
  echo "Aviso: PostgreSQL não responde em 127.0.0.1:5432; a suíte da API rodará só em SQLite." >&2
fi
exit 0
