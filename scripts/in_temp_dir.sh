#!/bin/sh
# Runs "$@" inside a fresh temporary folder of its own (removed afterwards, kept when DCCONF_KEEP_TEST_DIR=1), so
# a test that writes files never uses a fixed path: two ctest runs in one build folder cannot collide.
# The command's exit status and output are passed through unchanged.
dir=$(mktemp -d "${TMPDIR:-/tmp}/dcconf-test.XXXXXX") || exit 1
cleanup() { [ "${DCCONF_KEEP_TEST_DIR:-0}" = 1 ] || rm -rf "$dir"; }
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
cd "$dir" || exit 1
"$@"
