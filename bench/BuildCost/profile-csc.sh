#!/usr/bin/env bash
# Splits what the generator adds to a build of a make-app.sh app into components, by timing the compiler alone
# (no MSBuild) on variants of the app's own csc command line, interleaved, and printing each run's CPU seconds
# (user + sys, /usr/bin/time) with the 1-minute load:
#
#   bench/BuildCost/profile-csc.sh APP_DIR [RUNS]
#
#   nogen            the app without the generator (the baseline's compile)
#   full             the app with the generator (runs the generator and its analyzer, compiles what it emits)
#   plainall         the generator off, everything it emitted for this app added as plain sources
#   plainmaps        the same without the interceptors file
#   *_noana          the same without the SDK's analyzers (Microsoft.CodeAnalysis.*NetAnalyzers)
#
# full - plainall is running the generator (and MDB0010); plainall - plainmaps compiling the interceptors;
# plainmaps - nogen compiling the maps; the *_noana differences say what the SDK's analyzers spend on each.
# It also runs the full compile once with /reportanalyzer (per-analyzer and per-generator wall times: only
# meaningful on a quiet machine, analyzers run concurrently). Work files go to a temporary folder.
set -euo pipefail
app=$(cd "${1:?APP_DIR}" && pwd); runs=${2:-3}
work=$(mktemp -d)
csc_dll=$(dirname "$(command -v dotnet)")/sdk/$(dotnet --version)/Roslyn/bincore/csc.dll
[[ -f "$csc_dll" ]] || csc_dll=$(ls /usr/share/dotnet/sdk/*/Roslyn/bincore/csc.dll | tail -1)
dotnet build "$app" -c Release --no-incremental -p:UseSharedCompilation=false -nodeReuse:false -v:n > "$work/build.log"
# The compiler's arguments as MSBuild ran them, without the outputs (each variant writes its own).
grep -m1 "Roslyn/bincore/csc " "$work/build.log" | sed 's#^ *[^ ]*/csc ##; s/"//g; s# /out:[^ ]*##; s# /refout:[^ ]*##' > "$work/full.rsp"
generator=$(grep -o '/analyzer:[^ ]*MicroDb.Generator.dll' "$work/full.rsp" | head -1)
sed "s#$generator##" "$work/full.rsp" > "$work/nogen.rsp"
sed 's#/analyzer:[^ ]*NetAnalyzers.dll##g' "$work/nogen.rsp" > "$work/nogen-noana.rsp"
cd "$app"
mkdir -p "$work/gen"
dotnet "$csc_dll" "@$work/full.rsp" /reportanalyzer "/generatedfilesout:$work/gen" "-out:$work/report.dll" > "$work/report.txt" 2>&1
grep -E "Total (analyzer|generator)|MicroDbGenerator|QueryAnalyzer|CA2252" "$work/report.txt" | sed 's/^ */  /'
all=$(find "$work/gen" -path '*MicroDb.Generator*' -name '*.cs' | tr '\n' ' ')
maps=$(find "$work/gen" -path '*MicroDb.Generator*' -name '*.cs' ! -name '*QueryInterceptors*' | tr '\n' ' ')
declare -A args=(
  [nogen]="@$work/nogen.rsp" [full]="@$work/full.rsp" [plainall]="@$work/nogen.rsp $all" [plainmaps]="@$work/nogen.rsp $maps"
  [nogen_noana]="@$work/nogen-noana.rsp" [plainall_noana]="@$work/nogen-noana.rsp $all" [plainmaps_noana]="@$work/nogen-noana.rsp $maps"
)
order=(nogen full plainall plainmaps nogen_noana plainall_noana plainmaps_noana)
for i in $(seq 1 "$runs"); do
  for v in "${order[@]}"; do
    # shellcheck disable=SC2086
    /usr/bin/time -f '%U %S' -o "$work/time" dotnet "$csc_dll" ${args[$v]} "-out:$work/$v.dll" > "$work/$v.log" 2>&1 || { echo "$v failed: $work/$v.log"; exit 1; }
    echo "$v run $i: cpu $(awk '{printf "%.2f", $1 + $2}' "$work/time") s (load $(cut -d' ' -f1 /proc/loadavg))"
  done
done
rm -rf "$work"
