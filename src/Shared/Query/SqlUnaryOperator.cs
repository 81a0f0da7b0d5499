// Shared source (see src/Shared/README.md): the query model, compiled into the runtime and the generator.
#if MICRODB_GENERATOR
namespace MicroDb.Generator.Shared.Query;
#else
namespace MicroDb.Query.Model;
#endif

/// <summary>A prefix SQL operator of <see cref="SqlUnary"/>.</summary>
internal enum SqlUnaryOperator
{
    /// <summary>Logical <c>NOT</c>.</summary>
    Not,
    /// <summary>Bitwise complement (<c>~</c>).</summary>
    Complement,
    /// <summary>Arithmetic negation (<c>-</c>).</summary>
    Negate,
}
