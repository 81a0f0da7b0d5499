#!/usr/bin/env bash
# Times clean Release builds of a scratch app (make-app.sh) with and without the generator, interleaved
# (with, without, with, without ...), and prints each run's wall seconds and the min/median of each side.
#
#   bench/BuildCost/measure.sh APP_DIR [RUNS]
#
# Each build is `dotnet build --no-incremental` without the compiler server (UseSharedCompilation=false), so every
# run compiles the whole app in a fresh compiler, as a clean CI build does. One warm-up of each side comes first.
set -euo pipefail
app=${1:?APP_DIR}; runs=${2:-5}
build() { dotnet build "$app" -c Release --no-restore --no-incremental -p:UseSharedCompilation=false -nodeReuse:false "$@" >/dev/null; }
timed() { local s e; s=$(date +%s.%N); build "$@"; e=$(date +%s.%N); echo "$e - $s" | bc; }
dotnet restore "$app" >/dev/null
build; build -p:MicroDbGenerator=false
with=(); without=()
for i in $(seq 1 "$runs"); do
  with+=("$(timed)"); without+=("$(timed -p:MicroDbGenerator=false)")
  echo "run $i: with ${with[-1]} s, without ${without[-1]} s"
done
stats() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {m=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; printf "min %.2f s, median %.2f s\n", a[1], m}'; }
echo "with the generator:    $(stats "${with[@]}")"
echo "without the generator: $(stats "${without[@]}")"
uptime
