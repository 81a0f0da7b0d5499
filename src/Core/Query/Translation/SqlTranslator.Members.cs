using System.Linq.Expressions;
using MicroDb.Mapping;
using MicroDb.Query.Model;

namespace MicroDb.Query;

// Mapped members and columns: a member of the lambda's parameter becomes its quoted column; Nullable HasValue/Value and
// string.Length have direct forms; anything else on the entity is reported as unmapped.
internal sealed partial class SqlTranslator
{
    private SqlExpression TranslateMember(MemberExpression m)
    {
        if (TryColumn(m, out var column, out _))
        {
            return Column(column);
        }

        if (m.Expression is not null && Nullable.GetUnderlyingType(m.Expression.Type) is not null)
        {
            if (m.Member.Name == "HasValue")
            {
                return Group(new SqlIsNull(Translate(m.Expression), Negated: true));
            }

            if (m.Member.Name == "Value")
            {
                return Translate(m.Expression);
            }
        }

        if (m.Expression is not null && m.Expression.Type == typeof(string) && m.Member.Name == "Length")
        {
            return Dialect.Utf16Length(Translate(m.Expression));
        }

        if (Native && m.Expression is not null && IsDateOrTime(Underlying(m.Expression.Type)))
        {
            Refuse(m, QueryFeature.DateParts);
            return Dialect.DatePart(m.Expression.Type, m.Member.Name, Translate(m.Expression))
                ?? throw Unsupported(m, $"'{m.Expression.Type.Name}.{m.Member.Name}' has no translation on {Dialect.Name}");
        }

        if (TryTranslateDatePart(m) is { } part)
        {
            return part;
        }

        if (m.Expression is not null && TableOf(StripConvert(m.Expression)) is { } entityTable)
        {
            throw Unsupported(m, QueryReasons.NotMappedColumn(m.Member.Name, entityTable.EntityTypeName));
        }

        throw Unsupported(m, $"member '{m.Member.DeclaringType?.Name}.{m.Member.Name}' has no SQL translation");
    }

    private SqlExpression Column(ColumnMapping column) =>
        // Decimals are stored as exact text; compare and sort them as numbers.
        column.Kind == ColumnKind.Decimal && !Native ? SqlStoredKeys.DecimalValue(ColumnRef(column)) : ColumnRef(column);

    /// <summary>The column node: qualified by its table's alias in a join, bare over one table.</summary>
    private SqlColumn ColumnRef(ColumnMapping column) => new(column.Name, QualifierOf(column));

    /// <summary>Recognises a mapped member of the parameter, looking through conversions and <c>Nullable.Value</c>.</summary>
    private bool TryColumn(Expression e, out ColumnMapping column, out Type memberType)
    {
        e = StripConvert(e);
        if (e is MemberExpression { Member.Name: "Value" } value && value.Expression is not null && Nullable.GetUnderlyingType(value.Expression.Type) is not null)
        {
            e = StripConvert(value.Expression);
        }

        // Through a cast of the parameter too: the generic-repository pattern (where T : IEntity) reads Convert(x, IEntity).Id.
        if (e is MemberExpression member && member.Expression is not null && TableOf(StripConvert(member.Expression)) is { } table)
        {
            var found = table.FindColumnByMember(member.Member.Name);
            if (found is not null)
            {
                column = found;
                memberType = member.Type;
                return true;
            }
        }

        column = null!;
        memberType = null!;
        return false;
    }

    /// <summary>The table <paramref name="e"/> stands for when it is the lambda's entity parameter (one of a join's), else null.</summary>
    private TableMapping? TableOf(Expression e)
    {
        if (_scope is null)
        {
            return ReferenceEquals(e, _parameter) ? _table : _outer?.TableOf(e);
        }

        return e is ParameterExpression parameter ? _scope.TableOf(parameter) : null;
    }

    private static bool IsDateOrTime(Type type) => type == typeof(DateTime) || type == typeof(DateTimeOffset) || type == typeof(TimeSpan)
#if NET
        || type == typeof(DateOnly) || type == typeof(TimeOnly)
#endif
        ;

    private void RejectTextEnum(Expression node, Expression operand)
    {
        if (TryColumn(operand, out var column, out _) && column.Kind == ColumnKind.EnumText)
        {
            throw Unsupported(node, QueryReasons.TextEnumCompared(column.MemberName));
        }
    }
}
