using Npgsql;

namespace MicroDb.Npgsql;

/// <summary>
/// "Prepare this SQL on this connection": Npgsql keeps a connection's prepared statements by SQL text, so preparing a new
/// command whose text was prepared before on the same physical connection sends nothing and binds the existing statement
/// (a text first seen, or seen on another physical connection after a reconnect, is parsed and planned once, there).
/// Only for texts from a bounded set (the query text cache), since each prepared statement stays on the server session.
/// </summary>
internal static class CommandPreparation
{
    /// <summary>Prepares <paramref name="command"/> (its parameters already added, so their types are part of the statement).</summary>
    public static ValueTask Prepare(NpgsqlCommand command, bool async, CancellationToken cancellationToken)
    {
        if (async)
        {
            return new ValueTask(command.PrepareAsync(cancellationToken));
        }

        command.Prepare();
        return default;
    }
}
