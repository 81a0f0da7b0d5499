using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using MicroDb;
using MicroDb.Mapping;
using MicroDb.Native;
using MicroDb.Query;

namespace SQLite;

/// <summary>
/// Reads rows into a <see cref="ValueTuple"/> (<c>Query&lt;(int, string)&gt;</c>) as sqlite-net 1.11 does: by column
/// position, whatever the columns are called; the first column goes to <c>Item1</c>, and so on. Items without a column
/// keep their default, columns without an item are ignored. Tuples are not models (MicroDb maps classes), so this reader
/// bypasses the entity maps.
/// </summary>
internal struct ValueTupleRowReader<T> : IRowReader<T>
{
    private const int MaxItems = 7;

    public readonly void Prepare(SqliteStatement statement)
    {
        _ = Items.Fields;
    }

    public readonly T Read(SqliteStatement statement)
    {
        // A boxed copy: FieldInfo.SetValue writes into the box, which is then unboxed.
        object box = default(T)!;
        var fields = Items.Fields;
        var count = Math.Min(fields.Length, statement.ColumnCount);
        for (var i = 0; i < count; i++)
        {
            if (!statement.IsNull(i))
            {
                fields[i].SetValue(box, ReadAs(statement, i, fields[i].FieldType));
            }
        }

        return (T)box;
    }

    /// <summary>Whether <paramref name="type"/> is one of <c>System.ValueTuple`1</c> to <c>`8</c>.</summary>
    public static bool IsValueTuple(Type type) =>
        type.IsValueType && type.IsGenericType && type.Namespace == "System" && type.Name.StartsWith("ValueTuple`", StringComparison.Ordinal);

    private static object ReadAs(SqliteStatement s, int o, Type type)
    {
        var target = Nullable.GetUnderlyingType(type) ?? type;
        if (target == typeof(object))
        {
            return s.GetValue(o);
        }

        if (target.IsEnum)
        {
            return s.GetColumnType(o) == SQLitePCL.raw.SQLITE_TEXT
                ? Enum.Parse(target, s.GetString(o)!)
                : Enum.ToObject(target, s.GetInt64(o));
        }

        // MicroDb's typed reader of the item's kind (the storage format's encodings), for the types sqlite-net reads into a tuple item.
        return ColumnKindRules.FromTypeName(target.FullName ?? "", storeAsText: false) is { } kind
            && kind is not (ColumnKind.Char or ColumnKind.DateOnly or ColumnKind.TimeOnly)
            ? kind == ColumnKind.StringBuilder ? s.GetStringBuilder(o)! : s.GetValue(o, kind)
            : throw new NotSupportedException($"Cannot read column '{s.GetColumnName(o)}' into a {type.FullName} tuple item: not a type sqlite-net stores.");
    }

    /// <summary>The tuple's <c>Item1</c>..<c>ItemN</c> fields, found once per tuple type.</summary>
    private static class Items
    {
        private static FieldInfo[] _fields;

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
                throw new NotSupportedException($"Cannot read rows into {type.Name}: a ValueTuple result has at most {MaxItems} items (the 8th nests in Rest), as in sqlite-net.");
            }

            var fields = new FieldInfo[arity];
            for (var i = 0; i < arity; i++)
            {
                fields[i] = type.GetField("Item" + (i + 1).ToString(System.Globalization.CultureInfo.InvariantCulture), BindingFlags.Public | BindingFlags.Instance)
                    ?? throw new NotSupportedException($"Cannot read rows into {type.Name}: its Item{i + 1} field is not available at run time (removed by trimming?).");
            }

            return fields;
        }
    }
}
