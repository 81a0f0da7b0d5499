// Shared source (see src/Shared/README.md): the query model, compiled into the runtime and the generator. Plain,
// equatable data: no System.Linq.Expressions, no Roslyn, no System.Type, so a build-time front end (Roslyn operations)
// and the run-time one (expression trees) produce the same nodes, and any dialect's writer can print them.
#if MICRODB_GENERATOR
using MicroDb.Generator.Shared;

namespace MicroDb.Generator.Shared.Query;
#else
using MicroDb.Mapping;

namespace MicroDb.Query.Model;
#endif

/// <summary>
/// A node of a SQL scalar or boolean expression in the query model. Nodes are records: two translations of the same
/// query shape are equal (values are <see cref="SqlParameter"/> slots, not the values themselves). A node writes no
/// parentheses of its own; where the SQL needs grouping the front end says so with <see cref="SqlGroup"/>.
/// </summary>
internal abstract record SqlExpression;

/// <summary>A mapped column of the query's source, by its (unquoted) name.</summary>
/// <param name="Name">The column name.</param>
/// <param name="Table">The alias of the table it belongs to, in a join (written <c>"t0"."Name"</c>); null for a query over one table.</param>
internal sealed record SqlColumn(string Name, string? Table = null) : SqlExpression;

/// <summary>SQLite's implicit row id of the query's source table (the order rows are stored in).</summary>
/// <param name="Table">The alias of the table it belongs to, in a join (written <c>"t1".rowid</c>); null for a query over one table.</param>
internal sealed record SqlRowId(string? Table = null) : SqlExpression
{
    /// <summary>The one instance.</summary>
    public static SqlRowId Instance { get; } = new();
}

/// <summary>
/// A bound value: slot <paramref name="Slot"/> of the translation's parameter list (written <c>?</c> in SQLite). The
/// storage format the value is encoded in is the translation's (models are cached per format).
/// </summary>
/// <param name="Slot">The index of the value in the translation's parameter slots.</param>
/// <param name="Kind">The kind of the column the value is encoded as (compared with, or standing in for), or null for a
/// value bound as it is or already in stored form (a key, a LIKE pattern, a range bound).</param>
internal sealed record SqlParameter(int Slot, ColumnKind? Kind = null) : SqlExpression;

/// <summary>A literal token written as is (a number, <c>''</c>, <c>*</c>, a format string): never text from a user value.</summary>
/// <param name="Text">The token.</param>
internal sealed record SqlLiteral(string Text) : SqlExpression
{
    /// <summary><c>0</c> (false).</summary>
    public static SqlLiteral Zero { get; } = new("0");

    /// <summary><c>1</c> (true).</summary>
    public static SqlLiteral One { get; } = new("1");

    /// <summary>An integer literal.</summary>
    public static SqlLiteral Integer(long value) => new(value.ToString(System.Globalization.CultureInfo.InvariantCulture));

    /// <summary>A string literal of fixed text (quoted, embedded quotes doubled).</summary>
    public static SqlLiteral Quoted(string text) => new("'" + text.Replace("'", "''") + "'");
}

/// <summary>Explicit grouping: <c>(inner)</c>.</summary>
/// <param name="Inner">The grouped expression.</param>
internal sealed record SqlGroup(SqlExpression Inner) : SqlExpression;

/// <summary><c>left op right</c>.</summary>
/// <param name="Left">The left operand.</param>
/// <param name="Operator">The operator.</param>
/// <param name="Right">The right operand.</param>
internal sealed record SqlBinary(SqlExpression Left, SqlOperator Operator, SqlExpression Right) : SqlExpression;

/// <summary>A prefix operator: <c>NOT x</c>, <c>~x</c>, <c>-x</c>.</summary>
/// <param name="Operator">The operator.</param>
/// <param name="Operand">The operand.</param>
internal sealed record SqlUnary(SqlUnaryOperator Operator, SqlExpression Operand) : SqlExpression;

/// <summary><c>operand IS NULL</c>, or <c>IS NOT NULL</c> when <paramref name="Negated"/>.</summary>
/// <param name="Operand">The tested expression.</param>
/// <param name="Negated">True for IS NOT NULL.</param>
internal sealed record SqlIsNull(SqlExpression Operand, bool Negated) : SqlExpression;

/// <summary>A function call <c>name(arguments)</c> (SQLite's names: a dialect's writer maps them).</summary>
/// <param name="Name">The function name.</param>
/// <param name="Arguments">The arguments.</param>
internal sealed record SqlFunction(string Name, ValueList<SqlExpression> Arguments) : SqlExpression
{
    /// <summary>A call with the given arguments.</summary>
    public SqlFunction(string name, params SqlExpression[] arguments)
        : this(name, new ValueList<SqlExpression>(arguments))
    {
    }
}

/// <summary><c>CAST(operand AS type)</c>.</summary>
/// <param name="Operand">The converted expression.</param>
/// <param name="TypeName">The SQL type (<c>REAL</c>, <c>INTEGER</c>).</param>
internal sealed record SqlCast(SqlExpression Operand, string TypeName) : SqlExpression;

/// <summary><c>CASE WHEN c THEN r ... ELSE e END</c>.</summary>
/// <param name="Whens">The branches, in order.</param>
/// <param name="Else">The value when no branch holds.</param>
internal sealed record SqlCase(ValueList<SqlWhen> Whens, SqlExpression Else) : SqlExpression
{
    /// <summary>A single-branch CASE.</summary>
    public SqlCase(SqlExpression condition, SqlExpression result, SqlExpression otherwise)
        : this(new ValueList<SqlWhen>(new[] { new SqlWhen(condition, result) }), otherwise)
    {
    }
}

/// <summary>One <c>WHEN condition THEN result</c> branch of a <see cref="SqlCase"/>.</summary>
/// <param name="Condition">The condition.</param>
/// <param name="Result">The value when it holds.</param>
internal sealed record SqlWhen(SqlExpression Condition, SqlExpression Result);

/// <summary><c>operand IN (values)</c>, or <c>NOT IN</c> when <paramref name="Negated"/>.</summary>
/// <param name="Operand">The tested expression.</param>
/// <param name="Values">The listed values (usually parameters).</param>
/// <param name="Negated">True for NOT IN.</param>
internal sealed record SqlIn(SqlExpression Operand, ValueList<SqlExpression> Values, bool Negated) : SqlExpression;

/// <summary><c>operand IN (SELECT ...)</c>, or <c>NOT IN</c> when <paramref name="Negated"/>: membership in a sub-query's single column.</summary>
/// <param name="Operand">The tested expression.</param>
/// <param name="Query">The sub-query (one projected value).</param>
/// <param name="Negated">True for NOT IN.</param>
internal sealed record SqlInQuery(SqlExpression Operand, QueryModel Query, bool Negated) : SqlExpression;

/// <summary><c>operand LIKE pattern ESCAPE 'escape'</c> (ASCII case-insensitive in SQLite).</summary>
/// <param name="Operand">The text.</param>
/// <param name="Pattern">The pattern.</param>
/// <param name="Escape">The escape character.</param>
internal sealed record SqlLike(SqlExpression Operand, SqlExpression Pattern, char Escape) : SqlExpression;

/// <summary><c>operand COLLATE collation</c>.</summary>
/// <param name="Operand">The text.</param>
/// <param name="Collation">The collation (<c>NOCASE</c>).</param>
internal sealed record SqlCollate(SqlExpression Operand, string Collation) : SqlExpression;

/// <summary><c>EXISTS (query)</c>: a sub-query in a condition.</summary>
/// <param name="Query">The sub-query.</param>
internal sealed record SqlExists(QueryModel Query) : SqlExpression;

/// <summary><c>value AS alias</c>, in a projection.</summary>
/// <param name="Value">The projected value.</param>
/// <param name="Alias">The (unquoted) alias; an outer query reads it as a <see cref="SqlColumn"/>.</param>
internal sealed record SqlAlias(SqlExpression Value, string Alias) : SqlExpression;
