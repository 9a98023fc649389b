#!/usr/bin/env bash
# Window end-to-end test: builds the UI and the `table-warden` binary, makes
# sure tauri-driver is installed (cached under $TW_TOOLS_DIR), starts a
# virtual X display, and runs e2e/window.test.mjs against the real window
# through tauri-driver + WebKitWebDriver. Cleans up every process it started
# and exits non-zero when any check fails. Arguments go to the test
# (`--only "Silver Mine"` runs only the checks whose names match).
#
# Environment:
#   CARGO_TARGET_DIR  cargo's target dir (default: <repo>/target)
#   TW_TOOLS_DIR      where tauri-driver is installed (default: $HOME/.cache/table-warden)
#   TW_E2E_SCREENSHOT where the window screenshot goes (default: $CARGO_TARGET_DIR/e2e/screenshot.png)
#   TW_E2E_CARGO_ARGS what `cargo build` builds (default: -p table-warden). After a
#                     `cargo test --workspace`, passing `--workspace --bins` keeps the
#                     feature set close to that build so fewer crates are rebuilt.
#   TW_E2E_UI_BUILT   when set and ui/dist/index.html exists, the UI is not rebuilt
#                     (a rebuild renews dist's mtimes and so recompiles table-warden).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"
TOOLS="${TW_TOOLS_DIR:-$HOME/.cache/table-warden}"
SCREENSHOT="${TW_E2E_SCREENSHOT:-$CARGO_TARGET_DIR/e2e/screenshot.png}"
LOGDIR="$CARGO_TARGET_DIR/e2e"
mkdir -p "$LOGDIR"

say() { printf 'e2e: %s\n' "$*"; }
die() { printf 'e2e: error: %s\n' "$*" >&2; exit 1; }

for tool in Xvfb WebKitWebDriver node npm cargo; do
  command -v "$tool" >/dev/null 2>&1 || die "$tool is missing (Debian: xvfb, webkit2gtk-driver, nodejs, npm; cargo from rustup)"
done

say "building the UI"
if [ ! -d "$ROOT/ui/node_modules" ]; then (cd "$ROOT/ui" && npm ci --no-audit --no-fund); fi
if [ -n "${TW_E2E_UI_BUILT:-}" ] && [ -f "$ROOT/ui/dist/index.html" ]; then
  say "ui/dist already built by the caller"
else
  (cd "$ROOT/ui" && npm run build --silent)
fi

say "building table-warden (cargo, target dir $CARGO_TARGET_DIR)"
# shellcheck disable=SC2086  # word splitting of the argument list is intended
(cd "$ROOT" && cargo build ${TW_E2E_CARGO_ARGS:--p table-warden})
APP="$CARGO_TARGET_DIR/debug/table-warden"
[ -x "$APP" ] || die "no binary at $APP after the build"

DRIVER="$TOOLS/bin/tauri-driver"
if [ ! -x "$DRIVER" ]; then
  say "installing tauri-driver into $TOOLS (once)"
  cargo install tauri-driver --locked --root "$TOOLS"
fi

PIDS=()
cleanup() {
  local pid
  for pid in "${PIDS[@]}"; do
    # Each helper runs in its own process group; end the whole group.
    kill -TERM -- "-$pid" 2>/dev/null || true
  done
  sleep 0.5
  for pid in "${PIDS[@]}"; do
    kill -KILL -- "-$pid" 2>/dev/null || true
  done
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# A free X display number: the first without a lock file from :99 up.
DISPLAY_NUM=99
while [ -e "/tmp/.X${DISPLAY_NUM}-lock" ] || [ -e "/tmp/.X11-unix/X${DISPLAY_NUM}" ]; do
  DISPLAY_NUM=$((DISPLAY_NUM + 1))
done
say "starting Xvfb on :$DISPLAY_NUM"
setsid Xvfb ":$DISPLAY_NUM" -screen 0 1280x900x24 -nolisten tcp >"$LOGDIR/xvfb.log" 2>&1 &
PIDS+=($!)
for _ in $(seq 50); do
  [ -S "/tmp/.X11-unix/X${DISPLAY_NUM}" ] && break
  sleep 0.1
done
[ -S "/tmp/.X11-unix/X${DISPLAY_NUM}" ] || die "Xvfb did not start (see $LOGDIR/xvfb.log)"

free_port() { node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }
PORT="$(free_port)"
NATIVE_PORT="$(free_port)"
while [ "$NATIVE_PORT" = "$PORT" ]; do NATIVE_PORT="$(free_port)"; done

export DISPLAY=":$DISPLAY_NUM"
# WebKitGTK's compositor needs a GPU; Xvfb has none.
export WEBKIT_DISABLE_COMPOSITING_MODE=1
export NO_AT_BRIDGE=1
# A fresh database for the games the test plays; the player's own is never touched.
export TABLE_WARDEN_DB="$LOGDIR/e2e.sqlite"
rm -f "$TABLE_WARDEN_DB" "$TABLE_WARDEN_DB-wal" "$TABLE_WARDEN_DB-shm"
# The test expects demo footage; if this machine has a camera, ask for the demo explicitly.
if compgen -G "/dev/video*" >/dev/null; then export TABLE_WARDEN_SOURCE=demo; fi

say "starting tauri-driver on port $PORT (WebKitWebDriver on $NATIVE_PORT)"
setsid "$DRIVER" --port "$PORT" --native-port "$NATIVE_PORT" --native-driver "$(command -v WebKitWebDriver)" >"$LOGDIR/tauri-driver.log" 2>&1 &
PIDS+=($!)
for _ in $(seq 100); do
  if node -e "fetch('http://127.0.0.1:$PORT/status').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))" 2>/dev/null; then break; fi
  sleep 0.2
done

say "running the window test"
status=0
node "$ROOT/e2e/window.test.mjs" --driver "http://127.0.0.1:$PORT" --app "$APP" --screenshot "$SCREENSHOT" "$@" || status=$?
if [ "$status" -ne 0 ]; then
  say "failed; driver log: $LOGDIR/tauri-driver.log"
  tail -n 30 "$LOGDIR/tauri-driver.log" >&2 || true
fi
exit "$status"
