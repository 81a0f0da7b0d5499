"""Summarizes compare.sh's CSVs: per case and mapping path, each build's ratio to hand-written per run and the
median (min-max) of after / before over the paired runs."""
import collections, csv, glob, os, statistics, sys

out = sys.argv[1]
ratios = collections.defaultdict(list)
for path in sorted(glob.glob(os.path.join(out, '*.csv'))):
    side = os.path.basename(path).split('-')[0]
    for row in csv.DictReader(open(path)):
        if row['role'] in ('Generated', 'Reflection'):
            ratios[(row['case'], row['role'], side)].append(float(row['ratio']))

print('| Case | Side | before | after | after ÷ before, median of pairs [range] |')
print('|---|---|---|---|---|')
for case, role in sorted({(c, r) for c, r, _ in ratios}):
    before, after = ratios.get((case, role, 'before'), []), ratios.get((case, role, 'after'), [])
    pairs = [a / b for b, a in zip(before, after)]
    if not pairs:
        continue  # a case only one build has
    print(f"| {case} | {role} | {', '.join(f'{x:.2f}' for x in before)} | {', '.join(f'{x:.2f}' for x in after)} "
          f"| {statistics.median(pairs):.3f} [{min(pairs):.3f}–{max(pairs):.3f}] |")
