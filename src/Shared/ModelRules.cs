// Shared source (see src/Shared/README.md): the rules a model must keep, and their messages, in one place for the
// generator (diagnostics at build time) and the runtime (exceptions when a map is built).
using System;
using System.Collections.Generic;

#if MICRODB_GENERATOR
namespace MicroDb.Generator.Shared;
#else
namespace MicroDb.Mapping;
#endif

/// <summary>The model rules and the checks over plain data that both mapping paths run.</summary>
internal static class ModelRules
{
    public static readonly ModelRule UnsupportedMemberType = new(
        Ids.UnsupportedMemberType,
        "Member type is not supported",
        "Member '{0}' of '{1}' has type '{2}', which MicroDb cannot store; use a supported type (numbers, bool, char, string, byte[], Guid, DateTime, DateTimeOffset, TimeSpan, DateOnly, TimeOnly, enums and their nullables) or mark it [Ignore]");

    public static readonly ModelRule SeveralPrimaryKeys = new(
        Ids.SeveralPrimaryKeys,
        "Composite primary key members without distinct orders",
        "Type '{0}' has several [PrimaryKey] members ('{1}' and '{2}') with the same Order ({3}); a composite primary key orders its columns by [PrimaryKey(Order = n)] (0 when not given), so give each key member a distinct Order");

    public static readonly ModelRule InvalidAutoIncrement = new(
        Ids.InvalidAutoIncrement,
        "Invalid [AutoIncrement]",
        "Member '{0}' of '{1}' is [AutoIncrement] but {2}");

    public static readonly ModelRule NoUsableConstructor = new(
        Ids.NoUsableConstructor,
        "No usable constructor",
        "Type '{0}' cannot be constructed: {1}");

    public static readonly ModelRule InaccessibleType = new(
        Ids.InaccessibleType,
        "Type is not accessible to generated code",
        "Type '{0}' is {1}, so generated code cannot use it; make it public or internal");

    public static readonly ModelRule DuplicateColumn = new(
        Ids.DuplicateColumn,
        "Duplicate column name",
        "Members '{0}' and '{1}' of '{2}' both map to column '{3}'");

    public static readonly ModelRule UnsupportedModel = new(
        Ids.UnsupportedModel,
        "Type cannot be a mapped model",
        "Type '{0}' cannot be mapped: {1}");

    public static readonly ModelRule IgnoreConflict = new(
        Ids.IgnoreConflict,
        "[Ignore] conflicts with other mapping attributes",
        "Member '{0}' of '{1}' is [Ignore] but also has {2}; it is left out of the table");

    public static readonly ModelRule InvalidTable = new(
        Ids.InvalidTable,
        "Invalid table definition",
        "Type '{0}' cannot be mapped: {1}");

    /// <summary>
    /// Not a model rule: the query analyzer's warning where a LINQ-to-Objects operator is applied to a MicroDb query
    /// (generator assembly only; nothing is thrown at run time). Kept here so every MDB id and text lives in one list.
    /// </summary>
    public static readonly ModelRule QueryRunsInMemory = new(
        Ids.QueryRunsInMemory,
        "Query runs in memory",
        "'{0}' is not translated to SQL: it loads every row of the query into memory and runs there; call {1}() first to make that explicit, or use an operator MicroDb translates");

    /// <summary>
    /// Generator only: a model MicroDb was not explicitly asked to map (it carries only sqlite-net's attributes, or was
    /// found where it flows into a connection's generic API) breaks a rule or cannot be reached by generated code.
    /// sqlite-net would accept it, so this is a warning, not an error: the type gets no generated map and uses the
    /// reflection map at run time. The MSBuild property MicroDbReflectionFallback=error makes it an error (AOT apps).
    /// </summary>
    public static readonly ModelRule ReflectionFallback = new(
        Ids.ReflectionFallback,
        "Model falls back to reflection",
        "Type '{0}' gets no generated map and will be mapped by reflection at run time: {1}; {2}");

    /// <summary>
    /// Generator only: a model's schema differs from the checked-in snapshot (microdb.schema.json) in a way the additive
    /// migration does not apply and no [RenamedFrom] declares, or the snapshot cannot be read. A warning. The whole
    /// message is written by SchemaSnapshot (DriftMessage, UnreadableMessage), which names the model, table and each difference.
    /// </summary>
    public static readonly ModelRule SchemaDrift = new(
        Ids.SchemaDrift,
        "Model differs from the schema snapshot",
        "{0}");

    /// <summary>
    /// Generator only, an info: a LINQ chain on <c>Table&lt;T&gt;()</c> that the build-time front end does not lower (built
    /// across statements, an operator or expression it does not know) stays on the run-time path, unchanged; the message says why.
    /// </summary>
    public static readonly ModelRule QueryNotIntercepted = new(
        Ids.QueryNotIntercepted,
        "Query not intercepted",
        "Query not intercepted: {0}; it runs on the run-time LINQ path");

    /// <summary>
    /// Generator only, a warning: a query the run time can never translate (it would throw <c>NotSupportedException</c>
    /// with the same reason, a <see cref="QueryReasons"/> text, when the operator is called).
    /// </summary>
    public static readonly ModelRule QueryNeverTranslates = new(
        Ids.QueryNeverTranslates,
        "Query cannot be translated to SQL",
        "MicroDb cannot translate '{0}' to SQL: {1}");

    /// <summary>
    /// A <c>[References(typeof(Parent))]</c> whose referenced column does not exist: the parent has no single-column key
    /// and no <c>Column</c> was named, or the named column is not one of the parent's (issue 22, foreign keys).
    /// </summary>
    public static readonly ModelRule InvalidForeignKey = new(
        Ids.InvalidForeignKey,
        "Invalid foreign key",
        "Member '{0}' of '{1}' references '{2}', but {3}");

    /// <summary>Every rule, in id order.</summary>
    public static readonly ModelRule[] All =
    [
        UnsupportedMemberType, SeveralPrimaryKeys, InvalidAutoIncrement, NoUsableConstructor, InaccessibleType,
        DuplicateColumn, UnsupportedModel, IgnoreConflict, InvalidTable, QueryRunsInMemory, ReflectionFallback,
        SchemaDrift, QueryNotIntercepted, QueryNeverTranslates, InvalidForeignKey,
    ];

    /// <summary>The rule ids, as constants (Roslyn's release tracking reads them where descriptors are created).</summary>
    public static class Ids
    {
        public const string UnsupportedMemberType = "MDB0001";
        public const string SeveralPrimaryKeys = "MDB0002";
        public const string InvalidAutoIncrement = "MDB0003";
        public const string NoUsableConstructor = "MDB0004";
        public const string InaccessibleType = "MDB0005";
        public const string DuplicateColumn = "MDB0006";
        public const string UnsupportedModel = "MDB0007";
        public const string IgnoreConflict = "MDB0008";
        public const string InvalidTable = "MDB0009";
        public const string QueryRunsInMemory = "MDB0010";
        public const string ReflectionFallback = "MDB0011";
        public const string SchemaDrift = "MDB0012";
        public const string QueryNotIntercepted = "MDB0013";
        public const string QueryNeverTranslates = "MDB0014";
        public const string InvalidForeignKey = "MDB0015";
    }

    /// <summary>The reasons that complete the messages above.</summary>
    public static class Reasons
    {
        public const string NotThePrimaryKey = "it is not the [PrimaryKey]";
        public const string TargetHasNoKey = "it has no [PrimaryKey]; name the referenced column with [References(typeof(...), Column = \"...\")]";
        public const string TargetHasCompositeKey = "its primary key has several columns, and a column can reference only one; name a unique column with [References(typeof(...), Column = \"...\")]";

        public static string NoSuchTargetColumn(string column) => "it has no column '" + column + "'";

        public const string CompositeKey = "it is part of a composite primary key (only a single integer key can be auto-incremented)";
        public const string NoKeyWriteBack = "it has no setter or backing field to write the new key back to";
        public const string IsGeneric = "it is generic";
        public const string IsAbstract = "it is abstract";
        public const string IsStatic = "it is static";
        public const string EmptyTableName = "its table name is empty";

        public const string EmptyTableRenamedFrom = "the class has an empty [RenamedFrom] name";
        public const string NoMappedMembers = "it has no mapped members (public properties with a getter and a setter, init accessor or constructor parameter)";
        public const string WithoutRowIdNeedsKey = "it is WITHOUT ROWID but has no [PrimaryKey]";
        public const string NoConstructor = "add a parameterless constructor, or a public one whose parameters match mapped members by name and type";

        /// <summary>MDB0011's advice when a rule of the model itself is broken (the reflection map applies it too).</summary>
        public const string FallbackFixModel = "fix the model to get a generated map (the reflection map applies the same rule and throws when the type is first used), or set the MSBuild property MicroDbReflectionFallback to error to make this an error";

        /// <summary>MDB0011's advice when generated code cannot name the type (private, protected or file-local).</summary>
        public const string FallbackFixAccess = "do that to get a generated map, or set the MSBuild property MicroDbReflectionFallback to error to make this an error";

        /// <summary>MDB0011's advice for a type of another assembly.</summary>
        public const string FallbackFixOtherAssembly = "list it in [assembly: MicroDbMap(typeof(...))] to get a generated map, or set the MSBuild property MicroDbReflectionFallback to error to make this an error";

        /// <summary>MDB0011's advice for a generic type parameter at a call site.</summary>
        public const string FallbackFixTypeParameter = "list each type it stands for in [assembly: MicroDbMap(typeof(...))] to get generated maps, or set the MSBuild property MicroDbReflectionFallback to error to make this an error";

        /// <summary>MDB0011's problem for a generic type parameter at a call site.</summary>
        public static string TypeParameterAtCallSite(string method) => "it is a generic type parameter at this call of '" + method + "', so the type is known only at run time";

        /// <summary>MDB0011's problem for a type of another assembly found at a call site.</summary>
        public static string DeclaredInOtherAssembly(string assembly) => "it is declared in assembly '" + assembly + "', which this generator does not compile";

        public static string NotAnInteger(string clrTypeName) => "its type '" + clrTypeName + "' is not an integer";

        public static string NestedInGeneric(string outer) => "it is nested in the generic type '" + outer + "'";

        /// <summary>For a struct, interface, enum ...: "it is a struct, not a class".</summary>
        public static string NotAClass(string typeKind) => "it is a " + typeKind + ", not a class";

        public static string EmptyColumnName(string member) => "member '" + member + "' has an empty [Column] name";

        public static string EmptyRenamedFrom(string member) => "member '" + member + "' has an empty [RenamedFrom] name";

        public static string WithoutRowIdAutoIncrement(string member) => "it is WITHOUT ROWID, which cannot have an [AutoIncrement] key ('" + member + "')";

        public static string RequiredNotMapped(string member) => "required member '" + member + "' is not a mapped column";

        public static string ReadOnlyMembers(IEnumerable<string> members) =>
            "member(s) " + string.Join(", ", Quoted(members)) + " have no setter and no constructor parameter; add a setter (private is fine), a constructor that takes them, or mark them [Ignore]";

        private static IEnumerable<string> Quoted(IEnumerable<string> names)
        {
            foreach (var name in names)
            {
                yield return "'" + name + "'";
            }
        }
    }

    /// <summary>
    /// The table rules: a table name, unique column names (case-insensitive), key members with distinct orders (several
    /// make a composite key), [AutoIncrement] only on a single integer key, at least one column, and a key (not auto-incremented) for WITHOUT ROWID. Every violation is
    /// returned, in column order, so the generator can report them all; the runtime throws the first.
    /// </summary>
    /// <param name="type">The model's display name.</param>
    /// <param name="tableName">The table name.</param>
    /// <param name="columns">The columns in order.</param>
    /// <param name="withoutRowId">The table is WITHOUT ROWID.</param>
    public static List<RuleViolation> CheckTable(string type, string tableName, IReadOnlyList<ColumnFacts> columns, bool withoutRowId)
    {
        var violations = new List<RuleViolation>();
        if (string.IsNullOrWhiteSpace(tableName))
        {
            violations.Add(new RuleViolation(InvalidTable, -1, type, Reasons.EmptyTableName));
        }

        var byName = new Dictionary<string, int>(StringComparer.OrdinalIgnoreCase);
        var key = -1;
        var keyCount = 0;
        var byOrder = new Dictionary<int, int>();
        for (var i = 0; i < columns.Count; i++)
        {
            var column = columns[i];
            if (byName.TryGetValue(column.ColumnName, out var other))
            {
                violations.Add(new RuleViolation(DuplicateColumn, i, columns[other].MemberName, column.MemberName, type, column.ColumnName));
            }
            else
            {
                byName.Add(column.ColumnName, i);
            }

            if (column.RenamedFrom is { } oldName && string.IsNullOrWhiteSpace(oldName))
            {
                violations.Add(new RuleViolation(InvalidTable, i, type, Reasons.EmptyRenamedFrom(column.MemberName)));
            }

            if (column.IsPrimaryKey)
            {
                // Several keys make one composite key, ordered by KeyOrder; two with the same order are ambiguous.
                keyCount++;
                key = key < 0 ? i : key;
                if (byOrder.TryGetValue(column.KeyOrder, out var sameOrder))
                {
                    violations.Add(new RuleViolation(SeveralPrimaryKeys, i, type, columns[sameOrder].MemberName, column.MemberName, column.KeyOrder.ToString(System.Globalization.CultureInfo.InvariantCulture)));
                }
                else
                {
                    byOrder.Add(column.KeyOrder, i);
                }
            }

            if (column.IsAutoIncrement && !column.IsPrimaryKey)
            {
                violations.Add(new RuleViolation(InvalidAutoIncrement, i, column.MemberName, type, Reasons.NotThePrimaryKey));
            }
            else if (column.IsAutoIncrement && !ColumnKindRules.IsInteger(column.Kind))
            {
                violations.Add(new RuleViolation(InvalidAutoIncrement, i, column.MemberName, type, Reasons.NotAnInteger(column.ClrTypeName)));
            }
        }

        if (keyCount > 1)
        {
            for (var i = 0; i < columns.Count; i++)
            {
                if (columns[i].IsPrimaryKey && columns[i].IsAutoIncrement)
                {
                    violations.Add(new RuleViolation(InvalidAutoIncrement, i, columns[i].MemberName, type, Reasons.CompositeKey));
                }
            }
        }

        if (columns.Count == 0)
        {
            violations.Add(new RuleViolation(InvalidTable, -1, type, Reasons.NoMappedMembers));
        }

        if (withoutRowId && key < 0)
        {
            violations.Add(new RuleViolation(InvalidTable, -1, type, Reasons.WithoutRowIdNeedsKey));
        }
        else if (withoutRowId && columns[key].IsAutoIncrement)
        {
            violations.Add(new RuleViolation(InvalidTable, -1, type, Reasons.WithoutRowIdAutoIncrement(columns[key].MemberName)));
        }

        return violations;
    }

    /// <summary>
    /// The constructor both paths choose: the parameterless one (of any accessibility) when every mapped member is
    /// writable; else the widest public constructor whose parameters all match mapped members (by name, ignoring case,
    /// and type: the caller matches, since only it sees the types) and that covers every member without a setter.
    /// </summary>
    /// <param name="hasParameterless">The type has a parameterless constructor.</param>
    /// <param name="writable">For each mapped member, whether it can be set after construction.</param>
    /// <param name="candidates">
    /// For each public constructor with parameters, widest first: the member index each parameter matches, or null when
    /// some parameter matches none.
    /// </param>
    /// <param name="reason">When none fits, why, as a <see cref="NoUsableConstructor"/> reason.</param>
    /// <param name="memberNames">The mapped members' names, for the reason.</param>
    /// <returns>-1 for the parameterless constructor, the index in <paramref name="candidates"/>, or -2 when none fits.</returns>
    public static int ChooseConstructor(bool hasParameterless, IReadOnlyList<bool> writable, IReadOnlyList<int[]?> candidates, IReadOnlyList<string> memberNames, out string? reason)
    {
        reason = null;
        var allWritable = true;
        foreach (var w in writable)
        {
            allWritable &= w;
        }

        if (hasParameterless && allWritable)
        {
            return -1;
        }

        for (var c = 0; c < candidates.Count; c++)
        {
            if (candidates[c] is not { Length: > 0 } matched)
            {
                continue;
            }

            var covers = true;
            for (var m = 0; m < writable.Count && covers; m++)
            {
                covers = writable[m] || Array.IndexOf(matched, m) >= 0;
            }

            if (covers)
            {
                return c;
            }
        }

        if (hasParameterless)
        {
            var readOnly = new List<string>();
            for (var m = 0; m < writable.Count; m++)
            {
                if (!writable[m])
                {
                    readOnly.Add(memberNames[m]);
                }
            }

            reason = Reasons.ReadOnlyMembers(readOnly);
        }
        else
        {
            reason = Reasons.NoConstructor;
        }

        return -2;
    }
}
