#!/usr/bin/env bash
# make acceptance: checks the site built from the shipped content/ (public/,
# written by `make site`) with tools this project did not write. Installs
# them first when missing, then runs checks.sh; where the system allows it
# (root), in a network namespace of its own that has nothing but loopback,
# so that nothing the checks start can reach another machine.
set -euo pipefail
cd "$(dirname "$0")/../.."
here=scripts/acceptance

[ -f public/index.html ] || { echo "acceptance: no public/index.html; run make site first" >&2; exit 1; }
bash "$here/install.sh"

if unshare --net true 2>/dev/null && command -v ip >/dev/null 2>&1; then
    echo "acceptance: checks run in a network namespace with loopback only"
    exec unshare --net sh -c 'ip link set lo up && exec bash "$0"' "$here/checks.sh"
fi
echo "acceptance: no network namespace here (needs root); checks run on this machine's network, on 127.0.0.1"
exec bash "$here/checks.sh"
