# Shared by scripts/start and scripts/test (sourced, not run): Debian packages, then the project's virtual
# environment in .venv, so that a stock Debian, whose system Python refuses `pip install`, works as well as a
# machine with its own Python.

# Debian packages that are missing, installed as root (or through sudo); otherwise said, with the command.
need_debian_packages() {
  local missing=() pkg
  for pkg in "$@"; do dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg"); done
  ((${#missing[@]})) || return 0
  command -v apt-get >/dev/null || { echo "swapdesk needs these system packages: ${missing[*]}" >&2; return 1; }
  local as=()
  if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null || {
      echo "swapdesk needs: sudo apt-get install ${missing[*]} (run it as root, then this again)" >&2
      return 1
    }
    as=(sudo)
  fi
  echo "installing ${missing[*]}" >&2
  "${as[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${as[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
}

# .venv with swapdesk installed from this checkout (editable) and `$1` extras; sets $PY to its python.
project_venv() {
  local extras=${1:-}
  python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null || {
    echo "swapdesk needs Python 3.11 or newer as python3 (found: $(python3 --version 2>&1))" >&2
    return 1
  }
  if ! python3 -c 'import ensurepip, venv' 2>/dev/null; then  # Debian splits venv out of python3
    need_debian_packages python3-venv
  fi
  [ -x .venv/bin/python ] || python3 -m venv .venv
  PY=.venv/bin/python
  "$PY" -m pip install --quiet --disable-pip-version-check -e ".${extras:+[$extras]}" 2>&1 |
    grep -v "^WARNING: Location .* is ignored" >&2 || true
  "$PY" -c 'import swapdesk' || { echo "swapdesk did not install into .venv (see pip's words above)" >&2; return 1; }
}

# what Qt needs at run time on X11 (xcb) and offscreen, beyond a desktop's usual libraries
QT_RUNTIME=(libegl1 libgl1 libxkbcommon0 libxkbcommon-x11-0 libfontconfig1 libglib2.0-0 libdbus-1-3
  fonts-dejavu-core libx11-xcb1 libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 libxcb-randr0
  libxcb-render-util0 libxcb-shape0 libxcb-xfixes0 libxcb-xkb1)
