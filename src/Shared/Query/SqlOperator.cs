// Shared source (see src/Shared/README.md): the query model, compiled into the runtime and the generator.
#if MICRODB_GENERATOR
namespace MicroDb.Generator.Shared.Query;
#else
namespace MicroDb.Query.Model;
#endif

/// <summary>A binary SQL operator of <see cref="SqlBinary"/>; a dialect's writer chooses its text.</summary>
internal enum SqlOperator
{
    /// <summary><c>=</c></summary>
    Equal,
    /// <summary><c>&lt;&gt;</c></summary>
    NotEqual,
    /// <summary><c>IS</c> (equality where NULL equals NULL)</summary>
    Is,
    /// <summary><c>IS NOT</c></summary>
    IsNot,
    /// <summary><c>&lt;</c></summary>
    LessThan,
    /// <summary><c>&lt;=</c></summary>
    LessThanOrEqual,
    /// <summary><c>&gt;</c></summary>
    GreaterThan,
    /// <summary><c>&gt;=</c></summary>
    GreaterThanOrEqual,
    /// <summary><c>+</c></summary>
    Add,
    /// <summary><c>-</c></summary>
    Subtract,
    /// <summary><c>*</c></summary>
    Multiply,
    /// <summary><c>/</c></summary>
    Divide,
    /// <summary><c>%</c></summary>
    Modulo,
    /// <summary><c>&lt;&lt;</c></summary>
    LeftShift,
    /// <summary><c>&gt;&gt;</c></summary>
    RightShift,
    /// <summary><c>&amp;</c></summary>
    BitwiseAnd,
    /// <summary><c>|</c></summary>
    BitwiseOr,
    /// <summary><c>AND</c></summary>
    And,
    /// <summary><c>OR</c></summary>
    Or,
    /// <summary>String concatenation (<c>||</c>).</summary>
    Concat,
}
