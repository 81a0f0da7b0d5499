namespace MicroDb.Query;

/// <summary>
/// The execution seam of Core's join operator layer (<see cref="JoinState"/>): what one database does with a join the
/// operators have translated. It names the connection the join runs on (joined tables and sub-queries must be made on
/// it) and its storage format (which carries the dialect the translator and writer use), runs the count and EXISTS
/// statements, and runs the SELECT and reads its rows. SQLite's (<see cref="SqliteJoinExecution"/>) steps a
/// <c>SqliteStatement</c> through the connection's <c>StatementRunner</c> with a <see cref="JoinRowReader{TResult}"/>;
/// MicroDb.Npgsql's runs an <c>NpgsqlCommand</c> and reads each table's entity through its map's typed contract. One
/// instance serves a whole query chain; nothing here is called per row.
/// </summary>
internal abstract class JoinExecution
{
    /// <summary>The connection the join runs on (compared by reference with a joined table's).</summary>
    public abstract object Connection { get; }

    /// <summary>How values are stored, and the dialect that translates and writes the statement.</summary>
    public abstract StorageFormat Storage { get; }

    /// <summary>The SQLite connection (a join grouped there runs on it); null on another database.</summary>
    public virtual MicroDbConnection? Sqlite => null;

    /// <summary>Runs a SELECT count(*) statement.</summary>
    public abstract ValueTask<long> Count(string sql, List<object?> args, bool async, CancellationToken cancellationToken);

    /// <summary>Runs a SELECT EXISTS(...) statement.</summary>
    public abstract ValueTask<bool> Exists(string sql, List<object?> args, bool async, CancellationToken cancellationToken);

    /// <summary>Runs <paramref name="statement"/> and reads every row.</summary>
    public abstract ValueTask<List<TResult>> ReadAll<TResult>(JoinStatement statement, bool async, CancellationToken cancellationToken);
}
