# Rewrites the cases between CASES-BEGIN and CASES-END in Storage/SqliteNetStorageSpec.cs.
#   tools/storage_cases.txt : one case a line: name, setting alias, C# value expression
#   tools/storage_notes.py  : notes per case name
#   observations            : JSON lines written by the explicit test Print_observations
# Usage (from this project's folder):
#   python3 tools/storage_spec_from_jsonl.py --placeholders      # new cases get "?" expectations (they fail)
#   dotnet test -c Release --filter Name=Print_observations       # measures sqlite-net
#   python3 tools/storage_spec_from_jsonl.py /tmp/mdbspec-observations.jsonl
# Review the diff by hand: the table is a specification, not a snapshot to accept blindly.
import json, os, re, sys
here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
from storage_notes import NOTES

def lit(v):
    return 'null' if v is None else json.dumps(v, ensure_ascii=False)

placeholders = sys.argv[1] == '--placeholders'
obs = {}
if not placeholders:
    for line in open(sys.argv[1], encoding='utf-8'):
        d = json.loads(line)
        obs[d['Name']] = d

lines = []
for line in open(os.path.join(here, 'storage_cases.txt'), encoding='utf-8'):
    line = line.strip()
    if not line:
        continue
    name, setting, expr = line.split(' ', 2)
    d = obs.get(name)
    if d is None:
        lines.append(f'        yield return S("{name}", {setting}, {expr}, "?", "?", "?");')
        continue
    err = d['Error']
    note = ['note: ' + lit(NOTES[name])] if name in NOTES else []
    if err is None:
        args = [lit(name), setting, expr, lit(d['DeclaredType']), lit(d['StorageClass']), lit(d['Quote'])]
        if d['ReadBack'] != d['Written']:
            args.append(lit(d['ReadBack']))
        else:
            args.append('StorageCase.Same')
        args.append(lit(d['Bound']))
        lines.append(f'        yield return S({", ".join(args + note)});')
    elif err.startswith('Read:'):
        args = [lit(name), setting, expr, lit(d['DeclaredType']), lit(d['StorageClass']), lit(d['Quote']), lit(err), lit(d['Bound'])]
        lines.append(f'        yield return R({", ".join(args + note)});')
    else:
        args = [lit(name), setting, expr, lit(d['DeclaredType']), lit(err), lit(d['Bound'])]
        lines.append(f'        yield return F({", ".join(args + note)});')

path = os.path.join(here, '..', 'Storage', 'SqliteNetStorageSpec.cs')
s = open(path, encoding='utf-8').read()
s = re.sub(r'(// CASES-BEGIN\n).*?(        // CASES-END)', lambda m: m.group(1) + '\n'.join(lines) + '\n' + m.group(2), s, flags=re.S)
open(path, 'w', encoding='utf-8').write(s)
