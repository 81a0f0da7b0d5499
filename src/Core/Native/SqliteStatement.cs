using System.ComponentModel;
using System.Runtime.CompilerServices;
using SQLitePCL;

namespace MicroDb.Native;

/// <summary>
/// A prepared SQLite statement: bind parameters (1-based), step, read typed columns (0-based), reset.
/// Instances are owned by a <see cref="MicroDbConnection"/>, which caches and reuses them; the typed
/// <c>Bind</c> overloads and <c>Get*</c> readers are the storage format shared by every mapping path.
/// </summary>
/// <remarks>
/// Infrastructure for generated maps and custom <see cref="Mapping.EntityMap{T}"/> implementations, hidden from
/// IntelliSense: application code reaches SQLite through <see cref="MicroDbConnection"/>, never through a statement.
/// </remarks>
[EditorBrowsable(EditorBrowsableState.Never)]
public sealed partial class SqliteStatement : IDisposable
{
    private readonly sqlite3 _db;
    private sqlite3_stmt? _stmt;
    private string[]? _columnNames;
    private int _parameterCount = -1;

    // The connection's format when it is sqlite-net's, else null: MicroDb's encodings pay one predictable null test.
    private readonly StorageFormat? _sqliteNet;

    internal SqliteStatement(sqlite3 db, sqlite3_stmt stmt, string sql, StorageFormat format)
    {
        _db = db;
        _stmt = stmt;
        Sql = sql;
        Format = format;
        _sqliteNet = format.Kind == StorageFormatKind.SqliteNet ? format : null;
    }

    /// <summary>The storage format of the connection that prepared this statement; its typed binders and readers apply it.</summary>
    internal StorageFormat Format { get; }

    /// <summary>The SQL text this statement was prepared from.</summary>
    public string Sql { get; }

    /// <summary>Per-statement state a mapping path caches (resolved column ordinals).</summary>
    internal object? Tag { get; set; }

    // Every typed read and bind goes through here, once per column: the throw lives in its own method so this getter
    // stays a field load and a null test that inlines into the caller (a throw expression built here kept the getter a
    // call under NativeAOT: about 5 instructions per column; docs/benchmarks.md, issue 20 profile).
    internal sqlite3_stmt Handle
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => _stmt ?? ThrowFinalized();
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static sqlite3_stmt ThrowFinalized() =>
        throw new ObjectDisposedException(nameof(SqliteStatement), "The statement has been finalized (its connection was closed).");

    internal bool IsDisposed => _stmt is null;

    /// <summary>Number of columns in the statement's result set.</summary>
    public int ColumnCount => raw.sqlite3_column_count(Handle);

    /// <summary>Number of parameters the statement takes.</summary>
    public int ParameterCount => _parameterCount >= 0 ? _parameterCount : (_parameterCount = raw.sqlite3_bind_parameter_count(Handle));

    /// <summary>True while a caller holds this statement from the connection's cache.</summary>
    internal bool IsRented { get; set; }

    /// <summary>True when the connection's cache owns this statement (it is finalized with the connection, not after use).</summary>
    internal bool IsCached { get; set; }

    /// <summary>The name of result column <paramref name="ordinal"/>; cached after the first call.</summary>
    /// <param name="ordinal">0-based column index.</param>
    public string GetColumnName(int ordinal)
    {
        var names = _columnNames ??= LoadColumnNames();
        return names[ordinal];
    }

    /// <summary>Finds a result column by name (case-insensitive, as SQLite compares identifiers); -1 when absent.</summary>
    /// <param name="name">The column name.</param>
    public int GetOrdinal(string name)
    {
        var names = _columnNames ??= LoadColumnNames();
        for (var i = 0; i < names.Length; i++)
        {
            if (string.Equals(names[i], name, StringComparison.OrdinalIgnoreCase))
            {
                return i;
            }
        }

        return -1;
    }

    /// <summary>The name of parameter <paramref name="index"/> (1-based) with its prefix, or null for a positional '?'.</summary>
    /// <param name="index">1-based parameter index.</param>
    public string? GetParameterName(int index)
    {
        var name = raw.sqlite3_bind_parameter_name(Handle, index).utf8_to_string();
        return string.IsNullOrEmpty(name) ? null : name;
    }

    /// <summary>Advances to the next row. Returns true when a row is available, false when done.</summary>
    /// <exception cref="MicroDbException">SQLite reported an error; the message names the SQL.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool Step()
    {
        var rc = raw.sqlite3_step(Handle);
        if (rc == raw.SQLITE_ROW)
        {
            return true;
        }

        if (rc == raw.SQLITE_DONE)
        {
            return false;
        }

        throw StepFailed(rc);
    }

    /// <summary>Resets the statement so it can run again; bindings are kept.</summary>
    public void Reset()
    {
        if (_stmt is not null)
        {
            raw.sqlite3_reset(_stmt);
        }
    }

    /// <summary>Finalizes the native statement.</summary>
    public void Dispose()
    {
        var stmt = _stmt;
        _stmt = null;
        stmt?.Dispose();
    }

    private MicroDbException StepFailed(int rc)
    {
        // sqlite3_reset returns the same error code and makes the message specific.
        raw.sqlite3_reset(_stmt!);
        return MicroDbException.FromDatabase(_db, rc, Sql);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void Check(int rc)
    {
        if (rc != raw.SQLITE_OK)
        {
            throw MicroDbException.FromDatabase(_db, rc, Sql);
        }
    }

    private string[] LoadColumnNames()
    {
        var count = raw.sqlite3_column_count(Handle);
        var names = new string[count];
        for (var i = 0; i < count; i++)
        {
            names[i] = raw.sqlite3_column_name(Handle, i).utf8_to_string();
        }

        return names;
    }
}
