#!/bin/bash
# `systemctl`, as far as deploy/README.md uses it, where systemd does not run (a container, CI):
# `daemon-reload` has nothing to reload; `enable --now UNIT` starts the unit's ExecStart the way
# systemd would: as its User and Group, from its WorkingDirectory, with only its Environment and
# EnvironmentFile settings, its UMask, and its StateDirectory created for the user with
# StateDirectoryMode, and the variables systemd gives a service (PATH, HOME, USER, LOGNAME, SHELL,
# STATE_DIRECTORY), and so does `start UNIT`; `stop UNIT` sends its KillSignal to the main process and waits for the exit;
# `restart UNIT` stops it and starts it again.
# The sandboxing settings (ProtectSystem=...) are not applied: systemd-analyze verify checks
# them. The process's output goes to $STANDIN_LOGS/UNIT.log (what `journalctl -u UNIT` would
# show) and its exit code, once it exits, to $STANDIN_LOGS/UNIT.exit; when it is stopped, both
# are kept as UNIT.log.PID and UNIT.exit.PID.
set -euo pipefail
logs=${STANDIN_LOGS:?STANDIN_LOGS names the folder for the units\' output}

setting() { sed -n "s/^$1=//p" "$unit" | tail -n 1; }

case "${1:-}" in
  daemon-reload) exit 0 ;;
  enable)
    [ "${2:-}" = --now ] || { echo "systemctl stand-in: only 'enable --now UNIT'" >&2; exit 1; }
    name=$3 ;;
  start | stop | restart) name=$2 ;;
  *) echo "systemctl stand-in: $* is not something deploy/README.md runs" >&2; exit 1 ;;
esac
unit=/etc/systemd/system/${name%.service}.service
[ -f "$unit" ] || { echo "Unit ${name%.service}.service not found." >&2; exit 5; }
name=${name%.service}

stop() {
  # The main process: the service logs its pid when it listens.
  pid=$(grep -o '"pid":[0-9]*' "$logs/$name.log" | head -n 1 | cut -d: -f2)
  kill -s "$(setting KillSignal)" "$pid"
  timeout=$(setting TimeoutStopSec)
  for _ in $(seq $((timeout * 10))); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  while [ ! -f "$logs/$name.exit" ]; do sleep 0.1; done
  # The log of the run that ended, and its exit code, stay beside the next run's.
  mv "$logs/$name.log" "$logs/$name.log.$pid"
  mv "$logs/$name.exit" "$logs/$name.exit.$pid"
}

start() {
  local user group state home shell file environment exec_start
  user=$(setting User)
  group=$(setting Group)
  state=$(setting StateDirectory)
  for folder in $state; do
    install -d -m "$(setting StateDirectoryMode)" -o "$user" -g "$group" "/var/lib/$folder"
  done
  home=$(getent passwd "$user" | cut -d: -f6)
  shell=$(getent passwd "$user" | cut -d: -f7)
  environment=(PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin HOME="$home" USER="$user" LOGNAME="$user" SHELL="$shell")
  # systemd gives every state folder, colon-separated.
  [ -z "$state" ] || environment+=(STATE_DIRECTORY="$(printf '/var/lib/%s:' $state | sed 's/:$//')")
  while IFS= read -r assignment; do environment+=("$assignment"); done < <(sed -n 's/^Environment=//p' "$unit" | tr ' ' '\n')
  file=$(setting EnvironmentFile)
  while IFS= read -r assignment; do environment+=("$assignment"); done < <(grep -E '^[A-Za-z_][A-Za-z0-9_]*=' "${file#-}")
  read -r -a exec_start <<< "$(setting ExecStart)"

  cd "$(setting WorkingDirectory)"
  umask "$(setting UMask)"
  # A session of its own, as a service has; the exit code is kept for `stop`.
  setsid bash -c '"$@"; echo $? > "'"$logs/$name.exit"'"' unit \
    runuser -u "$user" -g "$group" -- env -i "${environment[@]}" "${exec_start[@]}" > "$logs/$name.log" 2>&1 < /dev/null &
}

case "$1" in
  enable) start ;;
  start) start ;;
  stop) stop ;;
  restart) stop && start ;;
esac
