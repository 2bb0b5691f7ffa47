#!/usr/bin/env bash
# Sets up a fresh Debian 12 machine (as root) and builds dcconf into build/:
# installs only the Debian packages that are missing, configures with CMake, builds everything.
# DCCONF_WERROR=ON turns warnings into errors (CI does this).
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(cmake g++ make pkg-config libgtest-dev libgmock-dev librapidcheck-dev libbenchmark-dev libcli11-dev
          nlohmann-json3-dev python3 python3-jsonschema python3-numpy libxml2-utils clang libclang-rt-14-dev
          python3-pytest python3-dev pybind11-dev python3-pybind11 libhwy-dev chromium fonts-dejavu-core ccache
          python3-venv python3-setuptools python3-pip dpkg-dev file)  # last line: pip install ./python, cpack -G DEB
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if ((${#missing[@]})); then
  echo "setup: installing missing Debian packages: ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

source scripts/ccache_launcher.sh  # sets launcher: build through ccache when installed
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDCCONF_WERROR="${DCCONF_WERROR:-OFF}" "${launcher[@]}" >/dev/null
cmake --build build -j"$(nproc)"
echo "setup: built build/dcconf"
