using Npgsql;
using NpgsqlTypes;

namespace MicroDb.Npgsql;

/// <summary>
/// One ad-hoc SQL text of <see cref="AdHocStatements"/>: how often and how recently it ran, and, once it runs prepared,
/// its kept command with where and with which parameter types it was prepared (the same checks as
/// <see cref="CrudCommand"/>: the backend's process id, the connection's <c>UnprepareAll</c> count, the types).
/// </summary>
internal sealed class AdHocStatement(string sql)
{
    private Type[] _parameterTypes = [];
    private NpgsqlDbType[] _dbTypes = [];

    public string Sql { get; } = sql;

    public int Uses { get; set; }

    public long LastUsed { get; set; }

    /// <summary>The kept command (null until the text is first run prepared, and after it was evicted).</summary>
    public NpgsqlCommand? Command { get; set; }

    /// <summary>True while the kept command runs (a second run meanwhile gets a one-off command).</summary>
    public bool Busy { get; set; }

    /// <summary>The backend the command was last prepared on (0: to prepare on its next run).</summary>
    public int PreparedOn { get; set; }

    /// <summary>The connection's <c>UnprepareAll</c> count when the command was last prepared.</summary>
    public int Epoch { get; set; }

    /// <summary>True when <paramref name="parameters"/> have the types the command was prepared with.</summary>
    public bool SameTypes(NpgsqlParameter[] parameters)
    {
        if (parameters.Length != _parameterTypes.Length)
        {
            return false;
        }

        for (var i = 0; i < parameters.Length; i++)
        {
            if (TypeOf(parameters[i]) != _parameterTypes[i] || DbTypeOf(parameters[i]) != _dbTypes[i])
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>Records the parameter types the command was just prepared with.</summary>
    public void PreparedWith(NpgsqlParameter[] parameters, int backend, int epoch)
    {
        if (_parameterTypes.Length != parameters.Length)
        {
            _parameterTypes = new Type[parameters.Length];
            _dbTypes = new NpgsqlDbType[parameters.Length];
        }

        for (var i = 0; i < parameters.Length; i++)
        {
            _parameterTypes[i] = TypeOf(parameters[i]);
            _dbTypes[i] = DbTypeOf(parameters[i]);
        }

        PreparedOn = backend;
        Epoch = epoch;
    }

    /// <summary>Drops the command (evicted or disposed): the text runs as a one-off until it is adopted again.</summary>
    public void Release()
    {
        Command = null;
        PreparedOn = 0;
        Busy = false;
    }

    // A typed parameter (NpgsqlParameter<T>, its NpgsqlDbType set by PostgresValues) is told by its class; an untyped
    // one by its value's type (DBNull for NULL), which is what Npgsql infers the parameter type from.
    private static Type TypeOf(NpgsqlParameter parameter) =>
        parameter.GetType() == typeof(NpgsqlParameter) ? parameter.Value?.GetType() ?? typeof(DBNull) : parameter.GetType();

    private static NpgsqlDbType DbTypeOf(NpgsqlParameter parameter) =>
        parameter.GetType() == typeof(NpgsqlParameter) ? default : parameter.NpgsqlDbType;
}
