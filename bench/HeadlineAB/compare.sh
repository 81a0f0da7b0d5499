#!/bin/bash
# The headline of two builds, alternated in one run: before, after, before, after ... (K pairs), each a full
# `--quick --no-charts` headline in its own process; every run's CSV kept. Then summarize.py prints, per case and
# mapping path, each build's ratios to hand-written and the median (and range) of after ÷ before over the pairs.
#
# usage: bench/HeadlineAB/compare.sh BEFORE_TREE AFTER_TREE K OUT_DIR
#   each tree is a checkout with bench/MicroDb.Benchmarks built in Release, e.g.
#   git worktree add --detach /tmp/before 20a9281 && (cd /tmp/before && dotnet build bench/MicroDb.Benchmarks -c Release)
set -euo pipefail
before=$1; after=$2; k=$3; out=$4
mkdir -p "$out"
for i in $(seq 1 "$k"); do
  for side in before after; do
    tree=$before; [ "$side" = after ] && tree=$after
    (cd "$tree" && dotnet bench/MicroDb.Benchmarks/bin/Release/net10.0/MicroDb.Benchmarks.dll --quick --no-charts > "$out/$side-$i.log" 2>&1)
    cp "$tree/bench/results/headline/headline.csv" "$out/$side-$i.csv"
    echo "$(date -u +%H:%M:%S) $side $i"
  done
done
python3 "$(dirname "$0")/summarize.py" "$out"
