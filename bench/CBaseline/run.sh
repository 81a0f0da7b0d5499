#!/usr/bin/env bash
# Builds and runs the C baseline of study 003 against the e_sqlite3 library the .NET bench loads.
# Needs gcc and /usr/include/sqlite3.h (libsqlite3-dev), and a built bench (dotnet build -c Release bench/MicroDb.Benchmarks).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
lib="$here/../MicroDb.Benchmarks/bin/Release/net10.0/runtimes/linux-x64/native"
[ -f "$lib/libe_sqlite3.so" ] || { echo "build the bench first: dotnet build -c Release bench/MicroDb.Benchmarks"; exit 2; }
out=$(mktemp -d)
# Link against e_sqlite3 by path (its soname is libe_sqlite3.so), run with it on the library path.
gcc -O2 -o "$out/blocks" "$here/blocks.c" -L"$lib" -l:libe_sqlite3.so -lm -Wl,-rpath,"$lib"
cd "$out" && ./blocks "$out/blocks-c.db"
