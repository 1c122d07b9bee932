#!/usr/bin/env bash
# Makes sure every browser the browser tests launch is installed: Chromium (scripts/chromium.ts), Firefox ESR and
# WebKitGTK's WebKitWebDriver + MiniBrowser on Xvfb (scripts/engines.ts), each at the path those files read
# (CHROMIUM_PATH, FIREFOX_PATH, WEBKIT_DRIVER_PATH, MINIBROWSER_PATH, XVFB_PATH, or Debian's defaults).
# Tests use the system's browsers only: no tool may download a browser or driver of its own.
# Missing, as root with apt-get (CI, a fresh Debian machine): installs Debian's packages. Otherwise: says how.
set -euo pipefail

# path, its variable, the Debian package that provides the default path
needs=(
  "${CHROMIUM_PATH:-/usr/bin/chromium}|CHROMIUM_PATH|chromium"
  "${FIREFOX_PATH:-/usr/bin/firefox-esr}|FIREFOX_PATH|firefox-esr"
  "${WEBKIT_DRIVER_PATH:-/usr/bin/WebKitWebDriver}|WEBKIT_DRIVER_PATH|webkit2gtk-driver"
  "${MINIBROWSER_PATH:-/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser}|MINIBROWSER_PATH|libwebkit2gtk-4.1-0"
  "${XVFB_PATH:-/usr/bin/Xvfb}|XVFB_PATH|xvfb"
)

missing_packages=()
for need in "${needs[@]}"; do
  IFS='|' read -r path variable package <<<"$need"
  [ -x "$path" ] && continue
  if [ -n "${!variable:-}" ]; then
    echo "ensure-browsers: $variable=$path is not an executable file; point it at one, or unset it." >&2
    exit 1
  fi
  missing_packages+=("$package")
done

if [ "${#missing_packages[@]}" = 0 ]; then
  exit 0
fi

install_cmd="apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing_packages[*]}"

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "ensure-browsers: installing Debian's ${missing_packages[*]} for the browser tests..." >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing_packages[@]}" >/dev/null
  for need in "${needs[@]}"; do
    IFS='|' read -r path _ package <<<"$need"
    if [ ! -x "$path" ]; then
      echo "ensure-browsers: apt-get installed $package, but $path is still missing." >&2
      exit 1
    fi
  done
  echo "ensure-browsers: installed ${missing_packages[*]}" >&2
  exit 0
fi

echo "ensure-browsers: the browser tests (Vitest browser mode) need ${missing_packages[*]}, which are missing." >&2
echo "Install them as root (Debian/Ubuntu):" >&2
echo "  $install_cmd" >&2
echo "or set the path variables above (CHROMIUM_PATH, FIREFOX_PATH, ...) to binaries you have." >&2
exit 1
