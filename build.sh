#!/usr/bin/env bash
# Strategos build script. Every subcommand creates .venv and installs what it needs first.
#   ./build.sh play     play the game (desktop client; a terminal bot game if pygame-ce is missing)
#   ./build.sh test     lint, type-check and run the test suite
#   ./build.sh bench    engine (and AI) speed report as JSON (--compare: beside Catanatron)
#   ./build.sh arena …  AI tournaments (arguments go to python -m ai.arena)
set -euo pipefail
cd "$(dirname "$0")"

PYTHON=${PYTHON:-python3}
VENV=.venv

ensure_venv() {
    if [ ! -x "$VENV/bin/python" ]; then
        "$PYTHON" -m venv "$VENV"
        "$VENV/bin/python" -m pip install --quiet --upgrade pip
    fi
}

# Installs packages only when they are missing, so repeated runs start fast.
need() {
    local missing=()
    for spec in "$@"; do
        local module=${spec%%=*}; module=${module%%>*}; module=${module%%\[*}
        case "$module" in
            pygame-ce) module=pygame ;;
        esac
        "$VENV/bin/python" -c "import ${module//-/_}" 2>/dev/null || missing+=("$spec")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        "$VENV/bin/python" -m pip install --quiet "${missing[@]}"
    fi
}

cmd=${1:-help}
shift || true
case "$cmd" in
    test)
        ensure_venv
        need pytest hypothesis ruff mypy
        "$VENV/bin/python" -m ruff check game ai tests tools
        "$VENV/bin/python" -m mypy
        "$VENV/bin/python" -m pytest "$@"
        ;;
    bench)
        ensure_venv
        if [ "${1:-}" = "--compare" ]; then
            shift
            # Catanatron lives in its own environment: it is a yardstick, not a dependency.
            if [ ! -x .venv-catanatron/bin/python ]; then
                "$PYTHON" -m venv .venv-catanatron
                .venv-catanatron/bin/python -m pip install --quiet catanatron==3.2.1
            fi
            "$VENV/bin/python" -m ai.bench --compare .venv-catanatron/bin/python "$@"
        else
            "$VENV/bin/python" -m ai.bench "$@"
        fi
        ;;
    play)
        ensure_venv
        if [ -d web ] && [ -f web/__main__.py ]; then
            need pygame-ce
            "$VENV/bin/python" -m web "$@"
        else
            "$VENV/bin/python" -m game.cli "$@"
        fi
        ;;
    play-terminal)
        ensure_venv
        "$VENV/bin/python" -m game.cli "$@"
        ;;
    arena)
        ensure_venv
        "$VENV/bin/python" -m ai.arena "$@"
        ;;
    *)
        sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'
        ;;
esac
