# Writes InterceptedSemanticsCases.cs: one inline query per AllTypes member and C# comparison operator (the members
# and operators of the seed-1313 semantics property test), each also built across statements (the run-time path) and
# as a plain C# predicate (LINQ-to-Objects). Run from this folder: python3 make_cases.py
members = [
    ("Bool", "bool"), ("Byte", "byte"), ("SByte", "sbyte"), ("Int16", "short"), ("UInt16", "ushort"), ("Int32", "int"),
    ("UInt32", "uint"), ("Int64", "long"), ("UInt64", "ulong"), ("Single", "float"), ("Double", "double"),
    ("Decimal", "decimal"), ("Char", "char"), ("String", "string?"), ("Guid", "Guid"), ("DateTime", "DateTime"),
    ("DateTimeText", "DateTime"), ("DateTimeOffset", "DateTimeOffset"), ("TimeSpan", "TimeSpan"), ("DateOnly", "DateOnly"),
    ("TimeOnly", "TimeOnly"), ("Color", "Color"), ("ColorText", "Color"), ("Size", "Size"),
    ("NBool", "bool?"), ("NByte", "byte?"), ("NSByte", "sbyte?"), ("NInt16", "short?"), ("NUInt16", "ushort?"),
    ("NInt32", "int?"), ("NUInt32", "uint?"), ("NInt64", "long?"), ("NUInt64", "ulong?"), ("NSingle", "float?"),
    ("NDouble", "double?"), ("NDecimal", "decimal?"), ("NChar", "char?"), ("NGuid", "Guid?"), ("NDateTime", "DateTime?"),
    ("NDateTimeText", "DateTime?"), ("NDateTimeOffset", "DateTimeOffset?"), ("NTimeSpan", "TimeSpan?"),
    ("NDateOnly", "DateOnly?"), ("NTimeOnly", "TimeOnly?"), ("NColor", "Color?"), ("NColorText", "Color?"),
    ("Text", "string"), ("Planet", "Planet"), ("Flags", "Flags64"), ("NSize", "Size?"), ("NPlanet", "Planet?"),
    ("NFlags", "Flags64?"),
]
ops = [("Equal", "=="), ("NotEqual", "!="), ("LessThan", "<"), ("LessThanOrEqual", "<="), ("GreaterThan", ">"), ("GreaterThanOrEqual", ">=")]
equality_only = {"bool", "bool?", "string", "string?", "Guid", "Guid?"}

lines = []
for name, type_ in members:
    cast = type_ if type_.endswith("?") or type_ == "string" else type_
    value = f"({cast})v" if type_.endswith("?") else f"({cast})v!"
    for op_name, op in ops:
        if op not in ("==", "!=") and type_ in equality_only:
            continue
        cond = f"x.{name} {op} {value}"
        lines.append(
            f'        new("{name}", "{op_name}",\n'
            f'            static (db, v) => db.Table<AllTypes>().Where(x => {cond}).ToList(),\n'
            f'            static (db, v) => {{ var q = db.Table<AllTypes>(); return q.Where(x => {cond}).ToList(); }},\n'
            f'            static (x, v) => {cond}),')

text = """// Written by make_cases.py (run it again after changing the members or operators). The inline queries are what the
// build-time front end lowers or declines; InterceptedSemanticsTests runs each against the run-time path and LINQ-to-Objects.
// The [StoreAsText] enum's ordering comparisons can never be translated (MDB0014): silenced here on purpose, and the
// tests expect the run time's NotSupportedException for them.
#pragma warning disable MDB0014
using MicroDb.Conformance.Models;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>One member and operator of the semantics property test, written three ways.</summary>
/// <param name="Member">The AllTypes member.</param>
/// <param name="Operator">The comparison (an ExpressionType name).</param>
/// <param name="Inline">The query in one expression: intercepted unless the generator declines it.</param>
/// <param name="RunTime">The same query built across statements: the run-time LINQ path.</param>
/// <param name="InMemory">The same condition in plain C#.</param>
internal sealed record SemanticsCase(
    string Member,
    string Operator,
    Func<MicroDbConnection, object?, List<AllTypes>> Inline,
    Func<MicroDbConnection, object?, List<AllTypes>> RunTime,
    Func<AllTypes, object?, bool> InMemory)
{
    /// <summary>Every case, in member then operator order.</summary>
    public static readonly SemanticsCase[] All =
    [
""" + "\n".join(lines) + """
    ];
}
"""
open("InterceptedSemanticsCases.cs", "w").write(text)
