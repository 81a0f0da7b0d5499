using System.Linq.Expressions;
using MicroDb.Mapping;
using MicroDb.Native;
using MicroDb.Query.Model;

namespace MicroDb.Query;

/// <summary>
/// How a Select runs: its column list and how rows are read. Decided once when Select is called.
/// <list type="bullet">
/// <item>A mapped member whose type <see cref="ScalarReader"/> reads (<c>x =&gt; x.Name</c>): SELECT that column and read it
/// as a scalar. No entity, no reflection, no boxing for primitives: the fast path.</item>
/// <item>Anything else (anonymous types, DTOs, computed values): SELECT only the mapped members the selector uses, read them
/// into an entity through the map (the other members keep their defaults), and evaluate the selector against it with
/// <see cref="ExpressionInterpreter"/>. Member reads go through <see cref="EntityMap{T}.GetValue"/>; the constructor and
/// property setters of the result type are invoked through the ConstructorInfo/PropertyInfo the compiler put in the tree.
/// This was chosen over compiling the selector (not allowed: Expression.Compile needs dynamic code) and over reading
/// columns into constructor arguments directly (that would need a second copy of every type conversion the maps
/// already do). The cost is one entity and a few boxes per row.</item>
/// </list>
/// </summary>
internal sealed class ProjectionPlan
{
    private ProjectionPlan(ValueList<SqlExpression> columns, bool isScalar, int[] ordinals, ProjectionSubqueries? subqueries = null)
    {
        Columns = columns;
        IsScalar = isScalar;
        Ordinals = ordinals;
        Subqueries = subqueries;
    }

    /// <summary>The sub-query values the selector reads (selected after <see cref="Columns"/>), or null when it reads none.</summary>
    public ProjectionSubqueries? Subqueries { get; }

    /// <summary>The SELECT list.</summary>
    public ValueList<SqlExpression> Columns { get; }

    /// <summary>True for the single-column fast path.</summary>
    public bool IsScalar { get; }

    /// <summary>For each table column, its ordinal in <see cref="Columns"/>, or -1.</summary>
    public int[] Ordinals { get; }

    public static ProjectionPlan Create<T, TResult>(EntityMap<T> map, Expression<Func<T, TResult>> selector)
    {
        var table = map.Table;
        var parameter = selector.Parameters[0];
        if (selector.Body is MemberExpression member && ReferenceEquals(member.Expression, parameter)
            && table.FindColumnByMember(member.Member.Name) is { } single && member.Type == typeof(TResult) && IsScalarType(typeof(TResult)))
        {
            return new ProjectionPlan(new ValueList<SqlExpression>([new SqlColumn(single.Name)]), isScalar: true, []);
        }

        // Sub-queries (db.Table<Line>().Count(...)) are lifted out: each is a scalar sub-query column, read as a value.
        var subqueries = ProjectionSubqueries.Lift(selector);
        var used = ProjectionColumns.Collect(subqueries?.Body ?? selector.Body, parameter, table);
        var ordinals = new int[table.Columns.Count];
        Array.Fill(ordinals, -1);
        var names = new List<SqlExpression>();
        for (var i = 0; i < table.Columns.Count; i++)
        {
            if (used is null || used.Contains(i))
            {
                ordinals[i] = names.Count;
                names.Add(new SqlColumn(table.Columns[i].Name));
            }
        }

        // A selector that reads no column still yields one result per row.
        return new ProjectionPlan(names.Count == 0 ? QueryProjections.One : new ValueList<SqlExpression>([.. names]), isScalar: false, ordinals, subqueries);
    }

    private static bool IsScalarType(Type type)
    {
        var underlying = Nullable.GetUnderlyingType(type);
        if ((underlying ?? type).IsEnum)
        {
            return true;
        }

        // The types ScalarReader reads directly, nullable forms included where it has them.
        return type == typeof(long) || type == typeof(int) || type == typeof(string) || type == typeof(double) || type == typeof(bool)
            || type == typeof(short) || type == typeof(byte) || type == typeof(sbyte) || type == typeof(ushort) || type == typeof(uint)
            || type == typeof(ulong) || type == typeof(float) || type == typeof(decimal) || type == typeof(char) || type == typeof(byte[])
            || type == typeof(Guid) || type == typeof(DateTime) || type == typeof(DateTimeOffset) || type == typeof(TimeSpan)
#if NET
            || type == typeof(DateOnly) || type == typeof(TimeOnly)
            || type == typeof(DateOnly?) || type == typeof(TimeOnly?)
#endif
            || type == typeof(long?) || type == typeof(int?) || type == typeof(double?) || type == typeof(bool?) || type == typeof(short?)
            || type == typeof(byte?) || type == typeof(float?) || type == typeof(decimal?) || type == typeof(Guid?) || type == typeof(DateTime?)
            || type == typeof(DateTimeOffset?) || type == typeof(TimeSpan?);
    }
}
