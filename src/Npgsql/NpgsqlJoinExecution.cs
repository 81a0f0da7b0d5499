using MicroDb.Mapping;
using MicroDb.Npgsql.Query;
using MicroDb.Query;
using Npgsql;

namespace MicroDb.Npgsql;

/// <summary>
/// PostgreSQL's <see cref="JoinExecution"/> under Core's join operator layer: runs the statement as an
/// <c>NpgsqlCommand</c> on the connection (positional <c>$n</c> parameters, typed at this edge) and reads each row's
/// tables through their maps' typed contract (<see cref="TypedRowReader"/>), then evaluates the result with MicroDb's
/// expression interpreter.
/// </summary>
internal sealed class NpgsqlJoinExecution(MicroDbNpgsqlConnection db) : JoinExecution
{
    public override object Connection => db;

    public override StorageFormat Storage => PostgresQueryDialect.Format;

    /// <summary>The reader of a table's entity from the columns at <c>ordinals</c> (-1: not selected), through its map's typed contract.</summary>
    public static Func<NpgsqlDataReader, int[], object?> ReaderOf<TEntity>(EntityMap<TEntity> map) => (reader, ordinals) =>
    {
        var row = new TypedRowReader(reader, ordinals);
        return ((ITypedColumns<TEntity>)map).ReadColumns(ref row);
    };

    /// <summary>The per-table readers a join or a grouped join carries (<see cref="JoinTable.Reader"/>).</summary>
    public static Func<NpgsqlDataReader, int[], object?>[] Readers(object?[] readers)
    {
        var typed = new Func<NpgsqlDataReader, int[], object?>[readers.Length];
        for (var i = 0; i < typed.Length; i++)
        {
            typed[i] = (Func<NpgsqlDataReader, int[], object?>)readers[i]!;
        }

        return typed;
    }

    public override ValueTask<long> Count(string sql, List<object?> args, bool async, CancellationToken cancellationToken) =>
        db.RunScalar<long>(sql, PostgresQueryDialect.Parameters(args), async, cancellationToken);

    public override ValueTask<bool> Exists(string sql, List<object?> args, bool async, CancellationToken cancellationToken) =>
        db.RunScalar<bool>(sql, PostgresQueryDialect.Parameters(args), async, cancellationToken);

    public override ValueTask<List<TResult>> ReadAll<TResult>(JoinStatement statement, bool async, CancellationToken cancellationToken)
    {
        var tables = statement.Tables;
        var readers = Readers(statement.Readers);
        var ordinals = statement.Ordinals;
        var presence = statement.Presence;
        var subqueries = statement.Subqueries;
        var first = statement.First;

        // A sub-query of the result (db.Table<Line>().Count(...)) is a column after the tables' (ProjectionSubqueries), read as a value.
        var body = subqueries?.Body ?? statement.Selector;
        var used = new bool[readers.Length];
        for (var i = 0; i < used.Length; i++)
        {
            used[i] = ParameterFinder.Uses(body, tables.Parameters[i]);
        }

        var interpreter = subqueries is null
            ? ExpressionInterpreter.ForEntities(tables.Parameters, tables.Maps)
            : ExpressionInterpreter.ForEntities([.. tables.Parameters, subqueries.Values], [.. tables.Maps, null]);
        TResult Read(NpgsqlDataReader reader)
        {
            var entities = new object?[readers.Length + (subqueries is null ? 0 : 1)];
            for (var i = 0; i < readers.Length; i++)
            {
                // A table whose presence column is NULL had no row (a left join's, or the rows before a right join).
                if (used[i] && (presence[i] < 0 || !reader.IsDBNull(presence[i])))
                {
                    entities[i] = readers[i](reader, ordinals[i]);
                }
            }

            if (subqueries is not null)
            {
                var values = new object?[subqueries.Lifted.Count];
                for (var i = 0; i < values.Length; i++)
                {
                    values[i] = NpgsqlGroupedRows.Aggregate(reader, first + i, subqueries.Lifted[i].Type);
                }

                entities[readers.Length] = values;
            }

            return (TResult)interpreter.EvaluateForRow(body, entities)!;
        }

        return db.RunRows(statement.Sql, PostgresQueryDialect.Parameters(statement.Args), Read, async, cancellationToken);
    }
}
