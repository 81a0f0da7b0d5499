using System.Linq.Expressions;
using MicroDb.Mapping;

namespace MicroDb.Query;

/// <summary>
/// The column an <c>ExecuteUpdate</c> Set call names (<c>x => x.Name</c>), one rule for every provider's set-based
/// writes (SQLite's <see cref="TableQuery{T}"/> and MicroDb.Npgsql's).
/// </summary>
internal static class SetBasedColumns
{
    /// <summary>The mapped column <paramref name="member"/> selects on <paramref name="table"/>.</summary>
    /// <exception cref="ArgumentException">The selector is not a mapped member of the row.</exception>
    public static ColumnMapping Of(TableMapping table, LambdaExpression member)
    {
        var body = member.Body;
        while (body is UnaryExpression { NodeType: ExpressionType.Convert or ExpressionType.ConvertChecked } convert)
        {
            body = convert.Operand;
        }

        if (body is MemberExpression { Expression: ParameterExpression parameter } access
            && ReferenceEquals(parameter, member.Parameters[0])
            && table.FindColumnByMember(access.Member.Name) is { } column)
        {
            return column;
        }

        throw new ArgumentException(
            $"ExecuteUpdate can set only a mapped member of '{table.EntityTypeName}' (x => x.Name); '{member}' is not one.", nameof(member));
    }
}
