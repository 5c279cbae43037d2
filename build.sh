#!/usr/bin/env bash
# Strategos build script. Every subcommand creates .venv and installs what it needs first.
#   ./build.sh play     play the game (the desktop client; installs the client extra, pygame-ce)
#   ./build.sh test     lint, type-check and run the test suite (arguments go to pytest)
#   ./build.sh bench    engine, AI, client frame-time and idle-CPU reports (--compare: Catanatron)
#   ./build.sh arena …  AI tournaments (arguments go to python -m lab.arena; --ray ADDRESS: on Ray)
#   ./build.sh train M  self-play and fit of a shipped model (tools/train.py; resumable; --ray)
#   ./build.sh web      browser build: build/web/ and build/web.zip (itch.io), offline
#   ./build.sh serve    browser build, served on http://127.0.0.1:8000/ (--port N, --host ADDRESS)
#   ./build.sh pins     rewrite constraints.txt: the newest versions pyproject.toml allows
#   ./build.sh play-terminal  a whole game of random bots as a log in the terminal (lab.play_terminal)
# Every subcommand answers --help (pins with this text) without doing its work.
set -euo pipefail
cd "$(dirname "$0")"

PYTHON=${PYTHON:-python3}
VENV=.venv
# What the last install put into .venv: a digest of pyproject.toml and constraints.txt, then
# the extras it installed.
STAMP=$VENV/.strategos-install

ensure_venv() {
    if [ ! -x "$VENV/bin/python" ]; then
        "$PYTHON" -m venv "$VENV"
    fi
}

# Runs a command (pip) with its output in a log (argument 1), shown only when it fails: the
# build backend's notes on every install would bury what the subcommand prints.
quietly() {
    local log=$1
    shift
    if ! "$@" >"$log" 2>&1; then
        cat "$log" >&2
        echo "build.sh: failed (output above, also in $log): $*" >&2
        exit 1
    fi
}

# Installs the project into .venv (editable) with the extras of pyproject.toml that a
# subcommand needs (client, dev, tools, web-build), every version pinned by constraints.txt.
# pip runs only when pyproject.toml or constraints.txt changed since the last install, or an
# extra is asked for that is not installed yet, so repeated runs start fast. The extras
# installed before are installed again with the new pins.
install() {
    ensure_venv
    local digest have="" extras
    digest=$("$VENV/bin/python" -c 'import hashlib, sys
h = hashlib.sha256()
for name in sys.argv[1:]:
    with open(name, "rb") as f:
        h.update(f.read())
print(h.hexdigest())' pyproject.toml constraints.txt)
    if [ -f "$STAMP" ]; then
        have=$(sed -n 2p "$STAMP")
        if [ "$(sed -n 1p "$STAMP")" = "$digest" ]; then
            local extra missing=0
            for extra in "$@"; do
                case " $have " in *" $extra "*) ;; *) missing=1 ;; esac
            done
            [ "$missing" = 0 ] && return 0
        fi
    fi
    extras=$(printf '%s\n' $have "$@" | sort -u | tr '\n' ' ')
    extras=${extras% }
    local wanted="${extras:+[${extras// /,}]}"
    echo "build.sh: installing strategos$wanted into $VENV (editable), pinned by constraints.txt" >&2
    # pip and the build backend first, so the project builds here, offline, with pinned tools.
    quietly "$VENV/.strategos-install.log" \
        "$VENV/bin/python" -m pip install --quiet -c constraints.txt pip setuptools
    quietly "$VENV/.strategos-install.log" \
        "$VENV/bin/python" -m pip install --quiet --no-build-isolation -c constraints.txt \
        -e ".$wanted"
    printf '%s\n%s\n' "$digest" "$extras" > "$STAMP"
}

# Whether the arguments ask for Ray (--ray ADDRESS or --ray=ADDRESS): the optional cluster extra.
# Not for --help, which the tools answer without Ray.
wants_ray() {
    local arg
    wants_help "$@" && return 1
    for arg in "$@"; do
        case "$arg" in --ray | --ray=*) return 0 ;; esac
    done
    return 1
}

# Whether the arguments ask for help (-h or --help): answered without running anything else.
wants_help() {
    local arg
    for arg in "$@"; do
        case "$arg" in -h | --help) return 0 ;; esac
    done
    return 1
}

usage() {
    sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
}

cmd=${1:-help}
shift || true
case "$cmd" in
    test)
        install client dev tools web-build
        if wants_help "$@"; then
            echo "./build.sh test [PYTEST ARGUMENTS]: ruff and mypy, then pytest with these:"
            exec "$VENV/bin/python" -m pytest --help
        fi
        "$VENV/bin/python" -m ruff check game ai web lab tests tools
        "$VENV/bin/python" -m ruff format --check game ai web lab tests tools
        "$VENV/bin/python" -m mypy
        "$VENV/bin/python" -m pytest "$@"
        ;;
    bench)
        install client
        if wants_help "$@"; then
            exec "$VENV/bin/python" -m lab.bench --help  # not the client benches below
        fi
        if [ "${1:-}" = "--compare" ]; then
            shift
            # Catanatron lives in its own environment: it is a yardstick, not a dependency.
            if [ ! -x .venv-catanatron/bin/python ]; then
                "$PYTHON" -m venv .venv-catanatron
                .venv-catanatron/bin/python -m pip install --quiet catanatron==3.2.1
            fi
            "$VENV/bin/python" -m lab.bench --compare .venv-catanatron/bin/python "$@"
        else
            "$VENV/bin/python" -m lab.bench "$@"
        fi
        # The client's frame times while normal AIs play a whole 4-player game (headless), then
        # while that game is replayed and reviewed.
        echo "client frame times (4 seats, normal AI, headless; then its replay under review):"
        SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$VENV/bin/python" -m lab.client_bench \
            --players 4 --difficulty normal --seed 2 --review
        # What static screens cost: the title with its background game, game over, a match
        # waiting for the player (5 s each in the real-time loop; share of one core).
        echo "client idle CPU (share of one core, headless, real-time loop):"
        SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$VENV/bin/python" -m lab.client_bench --idle \
            --seconds 5
        ;;
    play)
        if [ -d web ] && [ -f web/__main__.py ]; then
            install client
            "$VENV/bin/python" -m web "$@"
        else
            ensure_venv
            "$VENV/bin/python" -m lab.play_terminal "$@"
        fi
        ;;
    play-terminal)
        ensure_venv
        "$VENV/bin/python" -m lab.play_terminal "$@"
        ;;
    arena)
        if wants_ray "$@"; then
            install cluster
            "$VENV/bin/python" tools/ray_arena.py "$@"
        else
            ensure_venv
            "$VENV/bin/python" -m lab.arena "$@"
        fi
        ;;
    train)
        if wants_ray "$@"; then
            install tools cluster
        else
            install tools
        fi
        "$VENV/bin/python" tools/train.py "$@"
        ;;
    web)
        install web-build
        "$VENV/bin/python" tools/build/build_web.py "$@"
        ;;
    serve)
        install web-build
        # --host ADDRESS (default 127.0.0.1) and --port: checked before the build
        "$VENV/bin/python" tools/build/serve_web.py "$@"
        ;;
    pins)
        if [ $# -gt 0 ]; then
            if wants_help "$@"; then
                usage
                exit 0
            fi
            usage >&2
            echo "build.sh: pins takes no arguments, not: $*" >&2
            exit 2
        fi
        # Resolves every extra afresh (network) in a scratch environment, keeps the comment at
        # the top of constraints.txt and replaces the pins below it. Review the diff, then
        # ./build.sh test installs and checks the new versions.
        scratch=$(mktemp -d)
        trap 'rm -rf "$scratch"' EXIT
        "$PYTHON" -m venv "$scratch/venv"
        quietly "$scratch/pip.log" \
            "$scratch/venv/bin/python" -m pip install --quiet --upgrade pip setuptools
        quietly "$scratch/pip.log" "$scratch/venv/bin/python" -m pip install --quiet \
            --no-build-isolation -e ".[client,dev,tools,web-build,cluster]"
        {
            sed -n '/^#/p' constraints.txt
            "$scratch/venv/bin/python" -m pip freeze --all --exclude-editable
        } > "$scratch/constraints.txt"
        mv "$scratch/constraints.txt" constraints.txt
        echo "constraints.txt: $(grep -c '==' constraints.txt) pins"
        ;;
    help | -h | --help)
        usage
        ;;
    *)
        usage >&2
        echo "build.sh: unknown command '$cmd'" >&2
        exit 2
        ;;
esac
