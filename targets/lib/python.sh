# Sourced (not run) by the setup scripts of the Python targets. It checks the python3 on PATH
# (Python >= 3.11 with its venv module), makes a virtual environment in the target's folder
# (.venv, ignored by git) and installs requirements.txt into it with pip, hash-checked
# (--require-hashes), exactly as pinned (--no-deps) and from wheels only (nothing compiled here).
# A venv that already holds this requirements.txt for this python3 is left alone, so a second run
# downloads nothing. Nothing here installs Python itself: a python3 that is missing, too old or
# without venv makes the setup exit 3 with one line (SETUP_UNAVAILABLE, targets/lib/unavailable.sh).
#
# requirements.txt is the lock: `setup --lock` writes it from requirements.in with pip-compile
# --generate-hashes (pip-tools in a throwaway venv), at the newest versions the .in file allows.

source "$(dirname "${BASH_SOURCE[0]}")/unavailable.sh"

# The requirements.txt files are resolved on Python 3.11; an older Python lacks what they pin.
readonly PYTHON_MIN_VERSION=3.11
readonly PYTHON_VENV=.venv
# A copy of the requirements.txt that the venv holds, written after a complete install.
readonly PYTHON_VENV_STAMP=$PYTHON_VENV/requirements.installed
# The modules and templates the Python targets share (targets/python/shared), from a target's
# folder; a path file in the venv's site-packages puts them on the venv's module path.
readonly PYTHON_SHARED=../shared
readonly PYTHON_SHARED_PATH_FILE=showdown_shared.pth
# pip-tools for `setup --lock` only; never installed into a target's venv.
readonly PIP_TOOLS_VERSION=7.6.2

# Exits 3 with one line unless python3 is on PATH, at least PYTHON_MIN_VERSION, and has venv.
require_python() {
  local have
  command -v python3 >/dev/null 2>&1 ||
    unavailable_here "needs Python >= $PYTHON_MIN_VERSION as python3 on PATH, and there is no python3"
  have=$(python3 -c 'import sys; print("%d.%d.%d" % sys.version_info[:3])' 2>/dev/null) ||
    unavailable_here "needs Python >= $PYTHON_MIN_VERSION, and the python3 on PATH ($(command -v python3)) does not run"
  python3 -c "import sys; sys.exit(sys.version_info[:2] < tuple(map(int, '$PYTHON_MIN_VERSION'.split('.'))))" ||
    unavailable_here "needs Python >= $PYTHON_MIN_VERSION, but the python3 on PATH is $have"
  python3 -c 'import venv, ensurepip' >/dev/null 2>&1 ||
    unavailable_here "needs Python's venv module with ensurepip (Debian: python3-venv), and python3 $have has none"
}

# True when the venv holds exactly ./requirements.txt and the shared modules' path file, and runs
# the same Python as python3.
venv_up_to_date() {
  [ -x "$PYTHON_VENV/bin/python" ] && cmp -s requirements.txt "$PYTHON_VENV_STAMP" &&
    [ -n "$(find "$PYTHON_VENV/lib" -name "$PYTHON_SHARED_PATH_FILE" -print -quit)" ] &&
    [ "$("$PYTHON_VENV/bin/python" -V 2>&1)" = "$(python3 -V 2>&1)" ]
}

# Writes the path file that puts PYTHON_SHARED (as an absolute path) on the venv's module path.
put_shared_on_venv_path() {
  local site_packages
  site_packages=$("$PYTHON_VENV/bin/python" -c 'import sysconfig; print(sysconfig.get_path("purelib"))')
  (cd "$PYTHON_SHARED" && pwd) >"$site_packages/$PYTHON_SHARED_PATH_FILE"
}

# python_setup MODULE: require_python, then, when the venv is stale, make it anew from
# requirements.txt and import MODULE (the app) once, so that a broken install fails here and not
# when the harness starts the target.
python_setup() {
  local module=$1
  require_python
  if venv_up_to_date; then
    echo "setup: $PYTHON_VENV holds requirements.txt already" >&2
    return 0
  fi
  echo "setup: making $PYTHON_VENV with $(python3 -V) and installing requirements.txt" >&2
  # From scratch: a package dropped from requirements.txt must not stay behind.
  python3 -m venv --clear "$PYTHON_VENV"
  "$PYTHON_VENV/bin/python" -m pip install --no-input --disable-pip-version-check \
    --require-hashes --no-deps --only-binary=:all: -r requirements.txt
  put_shared_on_venv_path
  "$PYTHON_VENV/bin/python" -c "import $module"
  cp requirements.txt "$PYTHON_VENV_STAMP"
}

# python_lock: writes requirements.txt from requirements.in with hashes, with pip-tools pinned
# above in a venv that is removed afterwards.
python_lock() {
  local tools
  require_python
  tools=$(mktemp -d)
  # shellcheck disable=SC2064 # the folder is known now
  trap "rm -rf '$tools'" EXIT
  python3 -m venv "$tools"
  "$tools/bin/python" -m pip install --no-input --disable-pip-version-check -q "pip-tools==$PIP_TOOLS_VERSION"
  "$tools/bin/pip-compile" -q --upgrade --generate-hashes --allow-unsafe --strip-extras \
    --no-emit-index-url --no-emit-find-links --output-file requirements.txt requirements.in
}

# python_target_setup MODULE [--lock]: what each Python target's setup does with its arguments.
python_target_setup() {
  local module=$1
  shift
  case ${1:-} in
    "") python_setup "$module" ;;
    --lock) python_lock ;;
    *)
      echo "usage: setup [--lock]   (--lock: write requirements.txt from requirements.in)" >&2
      exit 2
      ;;
  esac
}
