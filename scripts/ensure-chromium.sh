#!/usr/bin/env bash
# Makes sure the Chromium the browser tests launch is installed (packages/*/vitest.config.ts read the same
# CHROMIUM_PATH). Tests use the system's Chromium only: no tool may download a browser of its own.
# Missing, as root with apt-get (CI, a fresh Debian machine): installs Debian's chromium. Otherwise: says how.
set -euo pipefail

chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
install_cmd='apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium'

# The demo's end-to-end journeys also run in Firefox ESR and WebKitGTK (MiniBrowser through WebKitWebDriver, on Xvfb).
# As root with apt-get, the missing ones are installed; otherwise the tests name the install command themselves.
others=()
[ -x "${FIREFOX_PATH:-/usr/bin/firefox-esr}" ] || others+=(firefox-esr)
[ -x "${WEBKIT_DRIVER_PATH:-/usr/bin/WebKitWebDriver}" ] || others+=(webkit2gtk-driver)
[ -x "${XVFB_PATH:-/usr/bin/Xvfb}" ] || others+=(xvfb)
if [ "${#others[@]}" -gt 0 ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: installing Debian's ${others[*]} for the Firefox and WebKit tests..." >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${others[@]}" >/dev/null
fi

if [ -x "$chromium" ]; then
  exit 0
fi

if [ -n "${CHROMIUM_PATH:-}" ]; then
  echo "ensure-chromium: CHROMIUM_PATH=$CHROMIUM_PATH is not an executable file." >&2
  echo "Point CHROMIUM_PATH at a Chromium binary, or unset it to use Debian's /usr/bin/chromium, installed with:" >&2
  echo "  $install_cmd" >&2
  exit 1
fi

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: $chromium is missing; installing Debian's chromium for the browser tests..." >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  if [ -x "$chromium" ]; then
    echo "ensure-chromium: installed $("$chromium" --version 2>/dev/null || echo chromium)" >&2
    exit 0
  fi
  echo "ensure-chromium: apt-get installed chromium, but $chromium is still missing." >&2
  exit 1
fi

echo "ensure-chromium: Chromium is missing at $chromium; the browser tests (Vitest browser mode) need it." >&2
echo "Install it as root (Debian/Ubuntu):" >&2
echo "  $install_cmd" >&2
echo "or set CHROMIUM_PATH to a Chromium binary." >&2
exit 1
