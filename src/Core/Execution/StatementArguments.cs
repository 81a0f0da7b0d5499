using MicroDb.Mapping;
using System.Runtime.CompilerServices;
using MicroDb.Native;

namespace MicroDb;

/// <summary>
/// The values for a statement's parameters and the one place they are bound. A struct passed by reference, so
/// describing the arguments allocates nothing. Three forms:
/// <list type="bullet">
/// <item><see cref="Positional"/>: a caller's <c>params</c> array for its own SQL; the count must match the SQL's
/// parameters (a null array is one null value, as in sqlite-net).</item>
/// <item><see cref="Translated"/>: the values a LINQ query's translator collected for the <c>?</c> it wrote, in order.</item>
/// <item><see cref="Named"/>: a dictionary keyed by parameter name, with or without its <c>@</c>, <c>:</c> or <c>$</c> prefix.</item>
/// </list>
/// <see cref="None"/> binds nothing (internal SQL without parameters). Key lookups bind through <see cref="BindPrimaryKey"/>.
/// </summary>
internal readonly struct StatementArguments
{
    // sqlite-net treats Query(sql, null) as one null argument; read only, so one shared array serves every call.
    private static readonly object?[] SingleNull = [null];

    private readonly object? _values;
    private readonly Form _form;

    private StatementArguments(object? values, Form form)
    {
        _values = values;
        _form = form;
    }

    private enum Form
    {
        None,
        Positional,
        Translated,
        Named,
        Intercepted,
    }

    /// <summary>No parameters to bind.</summary>
    public static StatementArguments None => default;

    /// <summary>A caller's positional values, checked against the SQL's parameter count.</summary>
    public static StatementArguments Positional(object?[]? args) => new(args ?? SingleNull, Form.Positional);

    /// <summary>The translator's values, one per <c>?</c> it wrote.</summary>
    public static StatementArguments Translated(List<object?> args) => new(args, Form.Translated);

    /// <summary>The values an intercepted query's generated binder read for its build-time SQL, one per <c>?</c>, bound with typed binds.</summary>
    public static StatementArguments Intercepted(MicroDb.Query.InterceptedValues args) => new(args, Form.Intercepted);

    /// <summary>Values by parameter name; null fails with <see cref="ArgumentNullException"/> when bound.</summary>
    public static StatementArguments Named(IReadOnlyDictionary<string, object?>? parameters) => new(parameters, Form.Named);

    /// <summary>How the SQL these arguments go with was produced: LINQ for the translator's values (Compiled while a compiled query runs on this thread), else ad-hoc SQL.</summary>
    public StatementSource Source => _form switch
    {
        Form.Translated => MicroDb.Query.CompiledQueryScope.IsActive ? StatementSource.Compiled : StatementSource.Linq,
        Form.Intercepted => StatementSource.Intercepted,
        _ => StatementSource.Sql,
    };

    /// <summary>
    /// A copy of the values in parameter order, for diagnostics that opted in to values. Named values follow the SQL's
    /// parameters when <paramref name="statement"/> is given (and a value exists for each), else the dictionary's order.
    /// </summary>
    public object?[] Values(SqliteStatement? statement)
    {
        switch (_form)
        {
            case Form.Positional:
                return [.. (object?[])_values!];
            case Form.Translated:
                return [.. (List<object?>)_values!];
            case Form.Intercepted:
                return [.. ((MicroDb.Query.InterceptedValues)_values!).ToList()];
            case Form.Named when _values is IReadOnlyDictionary<string, object?> named:
                if (statement is not null && !statement.IsDisposed)
                {
                    var ordered = new object?[statement.ParameterCount];
                    for (var i = 0; i < ordered.Length; i++)
                    {
                        var name = statement.GetParameterName(i + 1);
                        if (name is null || (!named.TryGetValue(name, out ordered[i]) && !named.TryGetValue(name[1..], out ordered[i])))
                        {
                            return [.. named.Values];
                        }
                    }

                    return ordered;
                }

                return [.. named.Values];
            default:
                return [];
        }
    }

    /// <summary>Binds the values to <paramref name="statement"/>'s parameters.</summary>
    /// <exception cref="ArgumentException">The values do not fit the SQL's parameters; the message names the SQL.</exception>
    public void BindTo(SqliteStatement statement)
    {
        switch (_form)
        {
            case Form.Positional:
                BindPositional(statement, (object?[])_values!);
                break;
            case Form.Intercepted:
                ((MicroDb.Query.InterceptedValues)_values!).BindTo(statement);
                break;
            case Form.Translated:
                var values = (List<object?>)_values!;
                for (var i = 0; i < values.Count; i++)
                {
                    statement.BindValue(i + 1, values[i]);
                }

                break;
            case Form.Named:
                BindNamed(statement, (IReadOnlyDictionary<string, object?>?)_values);
                break;
        }
    }

    /// <summary>
    /// Binds a key value to parameter 1 as <paramref name="table"/>'s key column stores it. The common key types skip
    /// the general conversion: Find, Get and Delete by key are hot paths.
    /// </summary>
    /// <exception cref="NotSupportedException">The table has no primary key.</exception>
    public static void BindPrimaryKey(SqliteStatement statement, TableMapping table, object primaryKey)
    {
        ArgumentNullException.ThrowIfNull(primaryKey);
        BindKeyValue(statement, 1, SingleKey(table), primaryKey);
    }

    /// <summary>
    /// Binds a typed key to parameter 1 without boxing it. <typeparamref name="TKey"/> is int, long, string or Guid
    /// (the typed Get/Find/Delete overloads); the type tests fold away when the JIT specializes a value-type key.
    /// They store the key exactly as the <see cref="object"/> overload does.
    /// </summary>
    /// <exception cref="NotSupportedException">The table has no primary key.</exception>
    /// <exception cref="ArgumentException">The table has a composite primary key.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void BindPrimaryKey<TKey>(SqliteStatement statement, TableMapping table, TKey primaryKey)
    {
        if (primaryKey is null)
        {
            throw new ArgumentNullException(nameof(primaryKey));
        }

        var key = SingleKey(table);
        // The common key types inline here (the type tests fold per key type): Find, Get and Delete by key run this per call.
        if (typeof(TKey) == typeof(int))
        {
            statement.Bind(1, Unsafe.As<TKey, int>(ref primaryKey));
        }
        else if (typeof(TKey) == typeof(long))
        {
            statement.Bind(1, Unsafe.As<TKey, long>(ref primaryKey));
        }
        else
        {
            BindKeyValue(statement, 1, key, primaryKey);
        }
    }

    /// <summary>
    /// Binds the values of a composite key, in key order (<see cref="TableMapping.PrimaryKeyColumns"/>), to parameters
    /// 1 and 2, each as its key column stores it, without boxing the common key types.
    /// </summary>
    /// <exception cref="ArgumentNullException">A key value is null.</exception>
    /// <exception cref="ArgumentException">The table's key does not have two columns.</exception>
    public static void BindPrimaryKey<TKey1, TKey2>(SqliteStatement statement, TableMapping table, TKey1 key1, TKey2 key2)
    {
        var keys = KeyColumns(table, 2);
        BindKeyValue(statement, 1, keys[0], key1 ?? throw new ArgumentNullException(nameof(key1)));
        BindKeyValue(statement, 2, keys[1], key2 ?? throw new ArgumentNullException(nameof(key2)));
    }

    /// <summary>Binds the values of a three-column composite key, in key order, to parameters 1 to 3.</summary>
    /// <exception cref="ArgumentNullException">A key value is null.</exception>
    /// <exception cref="ArgumentException">The table's key does not have three columns.</exception>
    public static void BindPrimaryKey<TKey1, TKey2, TKey3>(SqliteStatement statement, TableMapping table, TKey1 key1, TKey2 key2, TKey3 key3)
    {
        var keys = KeyColumns(table, 3);
        BindKeyValue(statement, 1, keys[0], key1 ?? throw new ArgumentNullException(nameof(key1)));
        BindKeyValue(statement, 2, keys[1], key2 ?? throw new ArgumentNullException(nameof(key2)));
        BindKeyValue(statement, 3, keys[2], key3 ?? throw new ArgumentNullException(nameof(key3)));
    }

    /// <summary>The table's single key column, or the error of a table with none or with a composite key.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ColumnMapping SingleKey(TableMapping table) => table.PrimaryKey ?? NoSingleKey(table);

    private static ColumnMapping NoSingleKey(TableMapping table) => (table.PrimaryKeyColumns.Count > 1
        ? throw new ArgumentException(CompositeKeyMessage(table, 1), "primaryKey")
        : throw new NotSupportedException($"'{table.EntityTypeName}' has no [PrimaryKey]."));

    /// <summary>The table's key columns when there are <paramref name="count"/> of them, else the error naming them.</summary>
    internal static IReadOnlyList<ColumnMapping> KeyColumns(TableMapping table, int count)
    {
        var keys = table.PrimaryKeyColumns;
        if (keys.Count == count)
        {
            return keys;
        }

        throw keys.Count == 0
            ? new NotSupportedException($"'{table.EntityTypeName}' has no [PrimaryKey].")
            : new ArgumentException(CompositeKeyMessage(table, count));
    }

    private static string CompositeKeyMessage(TableMapping table, int given) =>
        $"'{table.EntityTypeName}' has a primary key of {table.PrimaryKeyColumns.Count} column(s) ({string.Join(", ", table.PrimaryKeyColumns.Select(c => c.Name))}), " +
        $"but {given} key value(s) were given; pass one value per key column, in key order.";

    /// <summary>Binds one key value as <paramref name="column"/> stores it; int, long, Guid and string without boxing.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void BindKeyValue<TKey>(SqliteStatement statement, int index, ColumnMapping column, TKey value)
    {
        if (typeof(TKey) == typeof(int))
        {
            statement.Bind(index, Unsafe.As<TKey, int>(ref value));
        }
        else if (typeof(TKey) == typeof(long))
        {
            statement.Bind(index, Unsafe.As<TKey, long>(ref value));
        }
        else if (typeof(TKey) == typeof(Guid))
        {
            statement.Bind(index, Unsafe.As<TKey, Guid>(ref value));
        }
        else if (typeof(TKey) == typeof(string))
        {
            statement.Bind(index, Unsafe.As<TKey, string>(ref value));
        }
        else
        {
            switch ((object)value!)
            {
                case int i:
                    statement.Bind(index, i);
                    break;
                case long l:
                    statement.Bind(index, l);
                    break;
                case string s:
                    statement.Bind(index, s);
                    break;
                case var other:
                    statement.BindValue(index, ValueEncoding.ToStorage(other, column.StoreAsText, statement.Format));
                    break;
            }
        }
    }

    private static void BindPositional(SqliteStatement statement, object?[] args)
    {
        var expected = statement.ParameterCount;
        if (args.Length != expected)
        {
            throw new ArgumentException($"The SQL has {expected} parameter(s) but {args.Length} argument(s) were given: {statement.Sql}", nameof(args));
        }

        for (var i = 0; i < args.Length; i++)
        {
            statement.BindValue(i + 1, args[i]);
        }
    }

    private static void BindNamed(SqliteStatement statement, IReadOnlyDictionary<string, object?>? parameters)
    {
        ArgumentNullException.ThrowIfNull(parameters);
        var count = statement.ParameterCount;
        for (var i = 1; i <= count; i++)
        {
            var name = statement.GetParameterName(i) ?? throw new ArgumentException($"Parameter {i} is positional; use the positional overload: {statement.Sql}", nameof(parameters));
            if (!parameters.TryGetValue(name, out var value) && !parameters.TryGetValue(name[1..], out value))
            {
                throw new ArgumentException($"No value was given for parameter '{name}' of: {statement.Sql}", nameof(parameters));
            }

            statement.BindValue(i, value);
        }
    }
}
