#!/usr/bin/env bash
# CI: build the wheel, install it into a fresh venv, and run the installed `delve` from an empty
# folder, as a player who ran `pip install` would (issue 31). Usage: tools/check_wheel.sh [PYTHON]
set -euo pipefail
python=${1:-python3}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$python" -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet --upgrade pip
"$work/venv/bin/pip" wheel --quiet --no-deps --wheel-dir "$work/dist" "$root"
"$work/venv/bin/pip" install --quiet "$work"/dist/*.whl
mkdir "$work/empty"
cd "$work/empty"
export DELVE_DATA_DIR="$work/data" DELVE_CONFIG_DIR="$work/config"
"$work/venv/bin/delve" --version
"$work/venv/bin/delve" generate --generator tables --seed x > generate.txt
"$work/venv/bin/delve" catalog --seed x --depths 1-3 > catalog.txt
"$work/venv/bin/python" -c "from mazegen import MazeGenerator, maze_solver"
grep -q "fingerprint" catalog.txt
test -s generate.txt
echo "check_wheel: the installed delve runs from $PWD"
