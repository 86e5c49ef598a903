#!/usr/bin/env bash
# Installs the Debian packages CamelotZero builds with, only those that are missing.
# Safe to run any number of times. Needs root or sudo when something is missing.
set -euo pipefail

packages=(
  cmake g++ ninja-build
  libtorch-dev        # the network (nn/)
  libopenblas0-pthread # the BLAS LibTorch calls: mlp training 2.5x faster than the reference one
  libeigen3-dev       # ratings and statistics
  libtbb-dev          # parallel self-play and matches
  libgtest-dev        # tests
  libcli11-dev        # the camelot command line
  nlohmann-json3-dev  # JSON output
  libtomlplusplus-dev # run configurations
  libzstd-dev         # replay buffer chunks
  libopenmpi-dev openmpi-bin # training and arenas over several machines (mpirun)
  libsqlite3-dev      # the opening database (openings/)
  libcpp-httplib-dev  # camelot serve's HTTP server
  chromium            # tests open the opening explorer and the web app in a headless browser
  chromium-driver python3-selenium # the web app's tests click through it in chromium
  python3-matplotlib  # scripts/plot_run.py: metrics plots
)

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} packages are installed"
  exit 0
fi

sudo=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null; then
    sudo=(sudo)
  else
    echo "setup: missing packages: ${missing[*]}; run as root or install sudo" >&2
    exit 1
  fi
fi

echo "setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
