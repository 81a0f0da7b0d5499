using MicroDb.Mapping;
using MicroDb.Query.Model;

namespace MicroDb.Query;

/// <summary>
/// SQLite's answers to <see cref="QueryDialect"/>: the translator's own forms, so its output is what it always was
/// (values encoded by the connection's <see cref="StorageFormat"/>, <c>1</c>/<c>0</c> as conditions, every construct translated).
/// </summary>
internal sealed class SqliteQueryDialect : QueryDialect
{
    private SqliteQueryDialect()
    {
    }

    /// <summary>The one instance.</summary>
    public static SqliteQueryDialect Instance { get; } = new();

    /// <inheritdoc/>
    public override string Name => "SQLite";

    /// <inheritdoc/>
    public override SqliteSqlWriter Writer => SqliteSqlWriter.Instance;

    /// <inheritdoc/>
    public override bool NativeStorage => false;

    /// <inheritdoc/>
    public override SqlExpression True => SqlLiteral.One;

    /// <inheritdoc/>
    public override SqlExpression False => SqlLiteral.Zero;

    /// <inheritdoc/>
    public override string? Refuses(QueryFeature feature) => null;

    /// <inheritdoc/>
    public override string? RefusesArithmetic(Type type, SqlOperator op) =>
        op == SqlOperator.Modulo && QueryReasons.IsFloatingRemainderType(type.FullName) ? QueryReasons.FloatingRemainder : null;

    /// <inheritdoc/>
    public override SqlExpression Ordinal(SqlExpression text) => text;

    /// <inheritdoc/>
    public override string? NumericCast(Type from, Type to) => "";

    /// <inheritdoc/>
    public override SqlExpression Utf16Length(SqlExpression text) => SqlStrings.Length(text);

    /// <inheritdoc/>
    public override string Function(string sqliteName) => sqliteName;
}
