#!/usr/bin/env bash
# Kept for callers of the old name: every browser the tests launch is now ensured by ensure-browsers.sh.
exec bash "$(dirname "${BASH_SOURCE[0]}")/ensure-browsers.sh" "$@"
