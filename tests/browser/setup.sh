#!/usr/bin/env bash
# Installs what tests/browser needs: Debian's chromium (and node, if absent), and the npm
# packages pyodide and playwright-core into build/node/ (git-ignored). .ci/run calls it; it is
# safe to run again and does nothing when everything is in place.
set -euo pipefail
cd "$(dirname "$0")/../.."

PYODIDE_VERSION=${PYODIDE_VERSION:-314.0.7}
PLAYWRIGHT_VERSION=${PLAYWRIGHT_VERSION:-1.65.1}
NODE_DIR=build/node

apt_install() {
    local sudo=""
    [ "$(id -u)" = 0 ] || sudo=sudo
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" >/dev/null
}

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v node >/dev/null || missing+=(nodejs npm)
command -v npm >/dev/null || missing+=(npm)
if [ ${#missing[@]} -gt 0 ]; then
    echo "browser tests: installing ${missing[*]} (apt)"
    apt_install "${missing[@]}"
fi

installed_version() {
    node -p "require('./$NODE_DIR/node_modules/$1/package.json').version" 2>/dev/null || true
}
if [ "$(installed_version pyodide)" != "$PYODIDE_VERSION" ] ||
   [ "$(installed_version playwright-core)" != "$PLAYWRIGHT_VERSION" ]; then
    echo "browser tests: installing pyodide@$PYODIDE_VERSION playwright-core@$PLAYWRIGHT_VERSION (npm)"
    mkdir -p "$NODE_DIR"
    [ -f "$NODE_DIR/package.json" ] ||
        printf '{"name": "strategos-browser-tests", "private": true}\n' > "$NODE_DIR/package.json"
    npm install --prefix "$NODE_DIR" --no-audit --no-fund --silent \
        "pyodide@$PYODIDE_VERSION" "playwright-core@$PLAYWRIGHT_VERSION"
fi
echo "browser tests: $(/usr/bin/chromium --version 2>/dev/null | head -1), node $(node --version)," \
     "pyodide $(installed_version pyodide), playwright-core $(installed_version playwright-core)"
