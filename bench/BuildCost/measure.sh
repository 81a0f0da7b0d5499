#!/usr/bin/env bash
# Times clean Release builds of a scratch app (make-app.sh) with and without the generator, interleaved
# (with, without, with, without ...), and prints each run's wall and CPU seconds and the min/median of each side.
#
#   bench/BuildCost/measure.sh APP_DIR [RUNS]
#   SERVER=1 bench/BuildCost/measure.sh APP_DIR [RUNS]
#
# Each build is `dotnet build --no-incremental`. By default without the compiler server (UseSharedCompilation=false),
# so every run compiles the whole app in a fresh compiler, as a clean CI build does; CPU is the build's whole process
# tree (user + sys, /usr/bin/time). With SERVER=1 the builds use a compiler server of their own (a private
# SharedCompilationId, so other builds on the machine do not share it), warmed by the warm-up builds; CPU is then
# the build's process tree plus what the server used during the build (read from /proc). One warm-up of each side
# comes first.
set -euo pipefail
app=${1:?APP_DIR}; runs=${2:-5}
server_id="microdb-buildcost-$$"
if [[ "${SERVER:-0}" == 1 ]]; then
  flags=(-p:UseSharedCompilation=true "-p:SharedCompilationId=$server_id")
else
  flags=(-p:UseSharedCompilation=false)
fi
cmd=(dotnet build "$app" -c Release --no-restore --no-incremental -nodeReuse:false "${flags[@]}")
build() { "${cmd[@]}" "$@" >/dev/null; }
server_ticks() {
  local pid
  pid=$(pgrep -f -- "pipename:$server_id" | head -1 || true)
  if [[ -z "$pid" ]]; then echo 0; else awk '{print $14 + $15}' "/proc/$pid/stat"; fi
}
# Prints "WALL CPU" in seconds.
timed() {
  local out s0 s1 hz
  out=$(mktemp); hz=$(getconf CLK_TCK); s0=$(server_ticks)
  /usr/bin/time -f '%e %U %S' -o "$out" "${cmd[@]}" "$@" >/dev/null
  s1=$(server_ticks)
  awk -v s="$(( s1 - s0 ))" -v hz="$hz" '{printf "%.2f %.2f\n", $1, $2 + $3 + s / hz}' "$out"; rm -f "$out"
}
dotnet restore "$app" >/dev/null
build; build -p:MicroDbGenerator=false
with_wall=(); with_cpu=(); without_wall=(); without_cpu=()
for i in $(seq 1 "$runs"); do
  read -r w c < <(timed); with_wall+=("$w"); with_cpu+=("$c")
  read -r w2 c2 < <(timed -p:MicroDbGenerator=false); without_wall+=("$w2"); without_cpu+=("$c2")
  echo "run $i: with wall $w s cpu $c s, without wall $w2 s cpu $c2 s ($(cut -d' ' -f1-3 /proc/loadavg))"
done
stats() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {m=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; printf "min %.2f s, median %.2f s\n", a[1], m}'; }
echo "with the generator:    wall $(stats "${with_wall[@]}"); cpu $(stats "${with_cpu[@]}")"
echo "without the generator: wall $(stats "${without_wall[@]}"); cpu $(stats "${without_cpu[@]}")"
# Stop this script's own compiler server (by its process id; other builds' servers are left alone).
if [[ "${SERVER:-0}" == 1 ]]; then pid=$(pgrep -f -- "pipename:$server_id" | head -1 || true); [[ -z "$pid" ]] || kill "$pid"; fi
uptime
