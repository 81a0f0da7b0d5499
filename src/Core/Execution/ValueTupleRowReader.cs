using System.Diagnostics.CodeAnalysis;
using System.Globalization;
using System.Reflection;
using MicroDb.Mapping;
using MicroDb.Native;
using MicroDb.Query;

namespace MicroDb;

/// <summary>
/// Reads rows into a <see cref="ValueTuple"/> (<c>Query&lt;(long Id, string Name)&gt;</c>) by column position: the
/// first column goes to <c>Item1</c>, and so on (element names exist only at compile time). Tuples are not models, so
/// this reader bypasses the entity maps; each element is read by the typed reader of its kind
/// (<see cref="ColumnKindRules"/>), so it follows the connection's storage format as a mapped member of that type does.
/// </summary>
/// <remarks>
/// MicroDb's rules (the default): the column count must equal the element count (else
/// <see cref="MicroDbMappingException"/> naming both), and a NULL into a non-nullable element is the error a mapped
/// member gives. sqlite-net's rules (<c>sqliteNetRules</c>, the compatibility package): items without a column keep
/// their default, extra columns are ignored, NULL leaves an item at its default, and only the types sqlite-net reads
/// into a tuple item are read.
/// </remarks>
internal readonly struct ValueTupleRowReader<T> : IRowReader<T>
{
    private const int MaxItems = 7;

    /// <summary>Whether <typeparamref name="T"/> is a value tuple (a constant per instantiation once the JIT tiers up).</summary>
    public static readonly bool IsTuple = IsValueTuple(typeof(T));

    private readonly bool _sqliteNetRules;

    /// <summary>Creates a reader.</summary>
    /// <param name="sqliteNetRules">True for sqlite-net's lenient rules (see the remarks).</param>
    public ValueTupleRowReader(bool sqliteNetRules) => _sqliteNetRules = sqliteNetRules;

    public void Prepare(SqliteStatement statement)
    {
        var fields = Items.Fields;
        if (!_sqliteNetRules && statement.ColumnCount != fields.Length)
        {
            throw new MicroDbMappingException(
                $"The query returns {statement.ColumnCount.ToString(CultureInfo.InvariantCulture)} column(s) but {Items.Name} has {fields.Length.ToString(CultureInfo.InvariantCulture)} element(s): a value tuple takes the columns by position, one per element (SQL: {statement.Sql})");
        }

        if (!_sqliteNetRules)
        {
            // Refused before the first row, not only when a non-NULL value reaches the element.
            foreach (var field in fields)
            {
                var target = Nullable.GetUnderlyingType(field.FieldType) ?? field.FieldType;
                if (target != typeof(object) && !target.IsEnum && ColumnKindRules.FromTypeName(target.FullName ?? "", storeAsText: false) is null)
                {
                    throw new NotSupportedException($"Cannot read rows into {Items.Name}: its {field.Name} is a {field.FieldType.FullName}, not a type MicroDb stores.");
                }
            }
        }
    }

    public T Read(SqliteStatement statement)
    {
        // A boxed copy: FieldInfo.SetValue writes into the box, which is then unboxed.
        object box = default(T)!;
        var fields = Items.Fields;
        var count = Math.Min(fields.Length, statement.ColumnCount);
        for (var i = 0; i < count; i++)
        {
            var type = fields[i].FieldType;
            if (statement.IsNull(i))
            {
                if (!_sqliteNetRules && type.IsValueType && Nullable.GetUnderlyingType(type) is null)
                {
                    throw new MicroDbException($"Column '{statement.GetColumnName(i)}' is NULL but the member it maps to cannot hold null (SQL: {statement.Sql})");
                }

                continue;
            }

            fields[i].SetValue(box, ReadAs(statement, i, type, _sqliteNetRules));
        }

        return (T)box;
    }

    /// <summary>Whether <paramref name="type"/> is one of <c>System.ValueTuple`1</c> to <c>`8</c>.</summary>
    public static bool IsValueTuple(Type type) =>
        type.IsValueType && type.IsGenericType && type.Namespace == "System" && type.Name.StartsWith("ValueTuple`", StringComparison.Ordinal);

    private static object ReadAs(SqliteStatement s, int o, Type type, bool sqliteNetRules)
    {
        var target = Nullable.GetUnderlyingType(type) ?? type;
        if (target == typeof(object))
        {
            return s.GetValue(o)!;
        }

        if (target.IsEnum)
        {
            // An enum element reads as a mapped enum member without [StoreAsText]: its number; a name stored as text parses.
            return s.GetColumnType(o) == SQLitePCL.raw.SQLITE_TEXT
                ? Enum.Parse(target, s.GetString(o)!)
                : Enum.ToObject(target, s.GetInt64(o));
        }

        // The typed reader of the element's kind (the storage format's encodings); sqlite-net reads fewer types into a tuple item.
        if (ColumnKindRules.FromTypeName(target.FullName ?? "", storeAsText: false) is { } kind
            && !(sqliteNetRules && kind is ColumnKind.Char or ColumnKind.DateOnly or ColumnKind.TimeOnly))
        {
            return kind == ColumnKind.StringBuilder ? s.GetStringBuilder(o)! : s.GetValue(o, kind);
        }

        throw new NotSupportedException($"Cannot read column '{s.GetColumnName(o)}' into a {type.FullName} tuple element: not a type MicroDb stores{(sqliteNetRules ? " into a sqlite-net tuple item" : "")}.");
    }

    /// <summary>The tuple's <c>Item1</c>..<c>ItemN</c> fields, found once per tuple type.</summary>
    private static class Items
    {
        private static FieldInfo[]? _fields;

        /// <summary>The tuple's C# spelling for messages, e.g. <c>(Int64, String)</c>.</summary>
        public static string Name => "(" + string.Join(", ", typeof(T).GetGenericArguments().Select(a => a.Name)) + ")";

        // Not a static initializer: a refused tuple throws NotSupportedException on every call, not TypeInitializationException.
        public static FieldInfo[] Fields => _fields ??= Find();

        // Keeps System.ValueTuple's ItemN fields for reflection under trimming and NativeAOT (they are what T is).
        [DynamicDependency(DynamicallyAccessedMemberTypes.PublicFields, typeof(ValueTuple<>))]
        [DynamicDependency(DynamicallyAccessedMemberTypes.PublicFields, typeof(ValueTuple<,>))]
        [DynamicDependency(DynamicallyAccessedMemberTypes.PublicFields, typeof(ValueTuple<,,>))]
        [DynamicDependency(DynamicallyAccessedMemberTypes.PublicFields, typeof(ValueTuple<,,,>))]
        [DynamicDependency(DynamicallyAccessedMemberTypes.PublicFields, typeof(ValueTuple<,,,,>))]
        [DynamicDependency(DynamicallyAccessedMemberTypes.PublicFields, typeof(ValueTuple<,,,,,>))]
        [DynamicDependency(DynamicallyAccessedMemberTypes.PublicFields, typeof(ValueTuple<,,,,,,>))]
        [UnconditionalSuppressMessage("Trimming", "IL2090", Justification = "T is a System.ValueTuple, whose ItemN fields the DynamicDependency attributes keep; should they still be missing, the reader throws NotSupportedException naming the tuple instead of reading defaults.")]
        private static FieldInfo[] Find()
        {
            var type = typeof(T);
            var arity = type.GetGenericArguments().Length;
            if (arity > MaxItems)
            {
                throw new NotSupportedException($"Cannot read rows into {type.Name}: a ValueTuple result has at most {MaxItems} elements (the 8th nests in Rest).");
            }

            var fields = new FieldInfo[arity];
            for (var i = 0; i < arity; i++)
            {
                fields[i] = type.GetField("Item" + (i + 1).ToString(CultureInfo.InvariantCulture), BindingFlags.Public | BindingFlags.Instance)
                    ?? throw new NotSupportedException($"Cannot read rows into {type.Name}: its Item{i + 1} field is not available at run time (removed by trimming?).");
            }

            return fields;
        }
    }
}
