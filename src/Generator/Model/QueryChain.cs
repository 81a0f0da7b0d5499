namespace MicroDb.Generator.Model;

/// <summary>
/// One LINQ chain written in a single expression on <c>db.Table&lt;T&gt;()</c>, ended by a terminal operator, as the
/// build-time front end lowered it from Roslyn operations: plain data (member names and value paths, no symbols), so
/// the pipeline caches it. The SQL is written later, with the entity's map model (column names and kinds).
/// </summary>
/// <param name="TypeKey">The entity's metadata name (the key of its <see cref="EntityModel"/>).</param>
/// <param name="EntityType">The entity type as C# (global::).</param>
/// <param name="Steps">The intercepted calls in call order; the last is the terminal.</param>
/// <param name="Location">Where the terminal call is (diagnostics).</param>
/// <param name="Text">The chain's source text (diagnostics, the comment over the interceptor).</param>
/// <param name="Declined">Why the chain is not lowered (MDB0013), or null.</param>
/// <param name="Async">True for the async query (<c>AsyncTableQuery&lt;T&gt;</c> of a <c>MicroDbAsyncConnection</c>).</param>
/// <param name="Join">The joined tables and the projection of a chain on <c>JoinQuery&lt;TResult&gt;</c>, or null.</param>
/// <param name="Group">The key, aggregates and result of a grouped chain (<c>GroupBy</c>), or null.</param>
/// <param name="Compat">True for the compatibility package's query (<c>SQLite.TableQuery&lt;T&gt;</c>/<c>AsyncTableQuery&lt;T&gt;</c>).</param>
internal sealed record QueryChain(
    string TypeKey,
    string EntityType,
    EquatableArray<ChainStep> Steps,
    LocationInfo? Location,
    string Text,
    string? Declined,
    bool Async = false,
    bool Compat = false,
    JoinSpec? Join = null,
    GroupSpec? Group = null);
