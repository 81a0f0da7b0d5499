namespace MicroDb.Query;

/// <summary>SQLite's <see cref="JoinExecution"/>: the connection's <c>StatementRunner</c> and <see cref="JoinRowReader{TResult}"/>.</summary>
internal sealed class SqliteJoinExecution(MicroDbConnection connection) : JoinExecution
{
    public MicroDbConnection Db { get; } = connection;

    public override object Connection => Db;

    public override StorageFormat Storage => Db.Storage;

    public override MicroDbConnection? Sqlite => Db;

    public override ValueTask<long> Count(string sql, List<object?> args, bool async, CancellationToken cancellationToken) =>
        new(Db.Runner.Scalar<long>(sql, StatementArguments.Translated(args)));

    public override ValueTask<bool> Exists(string sql, List<object?> args, bool async, CancellationToken cancellationToken) =>
        new(Db.Runner.Scalar<long>(sql, StatementArguments.Translated(args)) != 0);

    public override ValueTask<List<TResult>> ReadAll<TResult>(JoinStatement statement, bool async, CancellationToken cancellationToken) =>
        new(Db.Runner.ReadAll<TResult, JoinRowReader<TResult>>(statement.Sql, StatementArguments.Translated(statement.Args), statement.SqliteReader<TResult>(), cancellationToken));
}
