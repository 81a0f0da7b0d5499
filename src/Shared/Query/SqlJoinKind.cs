// Shared source (see src/Shared/README.md): the query model, compiled into the runtime and the generator.
#if MICRODB_GENERATOR
namespace MicroDb.Generator.Shared.Query;
#else
namespace MicroDb.Query.Model;
#endif

/// <summary>How a <see cref="SqlJoin"/> pairs rows.</summary>
internal enum SqlJoinKind
{
    /// <summary><c>INNER JOIN</c>: only pairs whose condition holds.</summary>
    Inner,

    /// <summary><c>LEFT JOIN</c>: every left row, with NULL right columns where no right row matches.</summary>
    Left,

    /// <summary><c>RIGHT JOIN</c>: every right row, with NULL left columns where no left row matches (SQLite 3.39 or later).</summary>
    Right,
}
