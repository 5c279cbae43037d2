#!/usr/bin/env bash
# Strategos build script. Every subcommand creates .venv and installs what it needs first.
#   ./build.sh play     play the game (desktop client; a terminal bot game if pygame-ce is missing)
#   ./build.sh test     lint, type-check and run the test suite
#   ./build.sh bench    engine, AI and client frame-time reports as JSON (--compare: beside Catanatron)
#   ./build.sh arena …  AI tournaments (arguments go to python -m ai.arena)
#   ./build.sh web      browser build: build/web/ and build/web.zip (itch.io), offline
#   ./build.sh serve    browser build, then serve it on http://127.0.0.1:8000/ (--port N)
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
        PYGAME_HIDE_SUPPORT_PROMPT=1 "$VENV/bin/python" -c "import ${module//-/_}" 2>/dev/null || missing+=("$spec")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        "$VENV/bin/python" -m pip install --quiet "${missing[@]}"
    fi
}

# pygbag packs the browser build; exactly 0.9.3, whose loader protocol web/template follows.
need_pygbag() {
    if ! "$VENV/bin/python" -c "import importlib.metadata as m, sys; sys.exit(m.version('pygbag') != '0.9.3')" 2>/dev/null; then
        "$VENV/bin/python" -m pip install --quiet pygbag==0.9.3
    fi
}

cmd=${1:-help}
shift || true
case "$cmd" in
    test)
        ensure_venv
        need pytest hypothesis ruff mypy pygame-ce
        need_pygbag
        "$VENV/bin/python" -m ruff check game ai web tests tools
        "$VENV/bin/python" -m ruff format --check game ai web tests tools
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
        # The client's frame times while normal AIs play a whole 4-player game (headless).
        need pygame-ce
        echo "client frame times (4 seats, normal AI, headless):"
        SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$VENV/bin/python" -m web.bench \
            --players 4 --difficulty normal --seed 2
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
    web)
        ensure_venv
        need_pygbag
        "$VENV/bin/python" tools/build_web.py "$@"
        ;;
    serve)
        ensure_venv
        need_pygbag
        "$VENV/bin/python" tools/build_web.py --serve "$@"
        ;;
    *)
        sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
        ;;
esac
