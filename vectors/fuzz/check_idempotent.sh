#!/usr/bin/env bash
# Set-up is idempotent: building the fuzzer a second time with nothing changed must run no command.
# usage: check_idempotent.sh BUILD_DIR TARGET
set -euo pipefail
cmake --build "$1" --target "$2" >/dev/null
second=$(cmake --build "$1" --target "$2" 2>&1)
if printf '%s' "$second" | grep -q 'clang++ -fsanitize=fuzzer'; then
  echo "the fuzzer was rebuilt with nothing changed:"
  printf '%s\n' "$second"
  exit 1
fi
echo "second build ran nothing"
