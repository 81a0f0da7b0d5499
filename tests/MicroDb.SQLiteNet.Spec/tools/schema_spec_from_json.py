# Rewrites Schema/SchemaSpec.cs from the JSON written by the explicit test Print_schema_observations.
# Usage (from this project's folder): python3 tools/schema_spec_from_json.py /tmp/mdbspec-schema.json
import json, sys
d = json.load(open(sys.argv[1]))
out = ['namespace MicroDb.SQLiteNet.Spec.Schema;', '',
       '/// <summary>',
       '/// The schema facts sqlite-net-pcl 1.11.285 was measured to produce, per scenario of <see cref="SchemaScenarios"/>.',
       '/// Multi-line facts are joined with "\\n"; statements are as sqlite-net traced them, whitespace included.',
       '/// </summary>',
       'public static class SchemaSpec', '{',
       '    /// <summary>Scenario → fact → value.</summary>',
       '    public static readonly IReadOnlyDictionary<string, IReadOnlyDictionary<string, string>> Expected =',
       '        new Dictionary<string, IReadOnlyDictionary<string, string>>', '        {']
for scenario, facts in d.items():
    out.append(f'            [{json.dumps(scenario)}] = new Dictionary<string, string>')
    out.append('            {')
    for key, value in facts.items():
        out.append(f'                [{json.dumps(key)}] =')
        parts = value.split('\n')
        lits = [json.dumps(p + ('\n' if i < len(parts) - 1 else ''), ensure_ascii=False) for i, p in enumerate(parts)]
        out.append('                    ' + '\n                    + '.join(lits) + ',')
    out.append('            },')
out += ['        };', '}', '']
open('Schema/SchemaSpec.cs', 'w').write('\n'.join(out))
