using System.Runtime.CompilerServices;
using MicroDb.Mapping;
using Npgsql;

namespace MicroDb.Npgsql;

/// <summary>
/// One CRUD statement of one map, kept by a <see cref="MicroDbNpgsqlConnection"/> for its lifetime: a single
/// <see cref="NpgsqlCommand"/> whose typed parameters are reused from call to call (a new value goes through
/// <see cref="NpgsqlParameter{T}.TypedValue"/>, nothing is boxed), explicitly prepared on the physical connection it
/// runs on. Npgsql keeps prepared statements per physical connection; when the connection was replaced (a dropped
/// connection reopened from the pool) or a parameter's type changed, the command is prepared again before it runs
/// (docs/postgresql.md, "Prepared CRUD statements").
/// </summary>
internal sealed class CrudCommand : IDisposable
{
    // The column ordinals bound to $1..$n, in that order.
    private readonly int[] _bound;

    // The server process the command was last prepared on (0: not prepared). Every physical connection has its own.
    private int _preparedOn;

    // The connection's count of UnprepareAll calls when the command was last prepared.
    private int _preparedEpoch;

    // The slots got new parameter objects since the command's list was last filled: refill it and prepare again.
    private bool _replaced = true;

    public CrudCommand(NpgsqlConnection connection, string sql, int columnCount, int[] bound)
    {
        Command = new NpgsqlCommand(sql, connection);
        Slots = new NpgsqlParameter?[columnCount];
        _bound = bound;
    }

    /// <summary>The command.</summary>
    public NpgsqlCommand Command { get; }

    /// <summary>The current parameter of each column ordinal (null for a column the statement does not bind).</summary>
    public NpgsqlParameter?[] Slots { get; }

    /// <summary>Binds the entity's values of the statement's columns (<paramref name="only"/>/<paramref name="skip"/> as in <see cref="TypedParameterWriter"/>).</summary>
    public void Bind<T>(EntityMap<T> map, T entity, int only, int skip)
    {
        var writer = new TypedParameterWriter(map.Table.Columns, Slots, only, skip);
        ((ITypedColumns<T>)map).WriteColumns(entity, ref writer);
        _replaced |= writer.Replaced;
    }

    /// <summary>
    /// Binds a key given as an object (<c>Find</c>/<c>Get</c>) to column <paramref name="key"/>: the common key types
    /// (long, int, Guid, string) into a reused typed parameter, others converted as an ad-hoc argument is.
    /// </summary>
    public void BindKey(IReadOnlyList<ColumnMapping> columns, ColumnMapping key, object primaryKey)
    {
        var writer = new TypedParameterWriter(columns, Slots);
        switch (primaryKey)
        {
            case long v:
                writer.Set(key.Ordinal, v, NpgsqlTypes.NpgsqlDbType.Bigint);
                break;
            case int v:
                writer.Set(key.Ordinal, v, NpgsqlTypes.NpgsqlDbType.Integer);
                break;
            case Guid v:
                writer.Set(key.Ordinal, v, NpgsqlTypes.NpgsqlDbType.Uuid);
                break;
            case string v:
                writer.Set(key.Ordinal, v, NpgsqlTypes.NpgsqlDbType.Text);
                break;
            default:
                var fresh = PostgresValues.Argument(primaryKey);
                var slot = Slots[key.Ordinal];
                if (slot is not null && slot.GetType() == fresh.GetType() && slot.NpgsqlDbType == fresh.NpgsqlDbType && slot.Value?.GetType() == fresh.Value?.GetType())
                {
                    slot.Value = fresh.Value;
                }
                else
                {
                    Slots[key.Ordinal] = fresh;
                    _replaced = true;
                }

                return;
        }

        _replaced |= writer.Replaced;
    }

    /// <summary>
    /// Binds one value of a key given typed (<c>Find</c>/<c>Get</c>/<c>Delete</c> by a composite key) to column
    /// <paramref name="key"/>: long, int, Guid and string into a reused typed parameter without boxing (the type tests
    /// fold per key type), others converted as an ad-hoc argument is (as SQLite's <c>StatementArguments.BindPrimaryKey</c>).
    /// </summary>
    public void BindKeyValue<TKey>(IReadOnlyList<ColumnMapping> columns, ColumnMapping key, TKey value)
    {
        var writer = new TypedParameterWriter(columns, Slots);
        if (typeof(TKey) == typeof(long))
        {
            writer.Set(key.Ordinal, Unsafe.As<TKey, long>(ref value), NpgsqlTypes.NpgsqlDbType.Bigint);
        }
        else if (typeof(TKey) == typeof(int))
        {
            writer.Set(key.Ordinal, Unsafe.As<TKey, int>(ref value), NpgsqlTypes.NpgsqlDbType.Integer);
        }
        else if (typeof(TKey) == typeof(Guid))
        {
            writer.Set(key.Ordinal, Unsafe.As<TKey, Guid>(ref value), NpgsqlTypes.NpgsqlDbType.Uuid);
        }
        else if (typeof(TKey) == typeof(string))
        {
            writer.Set(key.Ordinal, Unsafe.As<TKey, string>(ref value), NpgsqlTypes.NpgsqlDbType.Text);
        }
        else
        {
            BindKey(columns, key, value!);
            return;
        }

        _replaced |= writer.Replaced;
    }

    /// <summary>
    /// The command, ready to run in <paramref name="transaction"/>: its parameter list refilled when a slot got a new
    /// parameter, and prepared when it is not prepared on the current physical connection with these parameter types
    /// (or was prepared before the connection's last <see cref="NpgsqlConnection.UnprepareAll"/>, counted by <paramref name="epoch"/>).
    /// </summary>
    public async ValueTask<NpgsqlCommand> Ready(NpgsqlTransaction? transaction, int epoch, bool async, CancellationToken cancellationToken)
    {
        var command = Command;
        command.Transaction = transaction;
        if (_replaced)
        {
            command.Parameters.Clear();
            foreach (var ordinal in _bound)
            {
                command.Parameters.Add(Slots[ordinal]!);
            }
        }

        var backend = command.Connection!.ProcessID;
        if (_replaced || backend != _preparedOn || epoch != _preparedEpoch)
        {
            _preparedOn = 0;
            if (async)
            {
                await command.PrepareAsync(cancellationToken).ConfigureAwait(false);
            }
            else
            {
                command.Prepare();
            }

            _preparedOn = backend;
            _preparedEpoch = epoch;
            _replaced = false;
        }

        return command;
    }

    /// <summary>Forgets the preparation, so the next <see cref="Ready"/> prepares again (after the server lost it).</summary>
    public void Forget() => _preparedOn = 0;

    public void Dispose() => Command.Dispose();
}
