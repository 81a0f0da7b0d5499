using System.Linq.Expressions;

namespace MicroDb.Query;

// An intercepted join (issue 22): the generator lowered the whole chain at build time, so the chain's operators are
// QueryInterception's stand-ins, which keep only what the intercepted terminal reads (the connection, the tables' maps
// and the lambdas holding the values: InterceptedJoin) and how to run the chain's own operators. Those run, once, only
// when something asks for the run-time query's state: the run-time path (a null value), the interception check, a
// result that uses a row whole.
public sealed partial class JoinQuery<TResult>
{
    private readonly Func<JoinQuery<TResult>>? _build;

    private JoinQuery(MicroDbConnection connection, InterceptedJoin intercepted, Func<JoinQuery<TResult>> build)
    {
        _connection = connection;
        _build = build;
        Intercepted = intercepted;
    }

    /// <summary>What an intercepted join's terminal reads; null for a join the run-time operators built.</summary>
    internal InterceptedJoin? Intercepted { get; }

    /// <summary>The operators' state, built by the chain's own operators on first use for an intercepted join.</summary>
    private JoinState Resolved => _state ??= _build!().Resolved;

    /// <summary>An intercepted join: <paramref name="build"/> runs the chain's operators when the run-time query is needed.</summary>
    internal static JoinQuery<TResult> Deferred(MicroDbConnection connection, InterceptedJoin intercepted, Func<JoinQuery<TResult>> build) =>
        new(connection, intercepted, build);
}
