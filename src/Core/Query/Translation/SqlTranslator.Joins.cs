using System.Linq.Expressions;
using System.Text;
using MicroDb.Mapping;
using MicroDb.Query.Model;

namespace MicroDb.Query;

// Joins: a lambda over several tables (a JoinScope) translates like one over a table, its columns qualified by alias.
// Such translations are not cached (TranslationCache keys on one table); their slots are renumbered here the same way.
internal sealed partial class SqlTranslator
{
    /// <summary>
    /// Translates <paramref name="body"/>, which reads <paramref name="scope"/>'s parameters, and appends its arguments to
    /// <paramref name="args"/> in the order the writer writes their markers.
    /// </summary>
    internal static SqlExpression TranslateJoined(JoinScope scope, StorageFormat format, Expression body, TranslationKind kind, List<object?> args)
    {
        var translator = new SqlTranslator(scope.Tables[0], format, body, scope.Parameters[0], body) { _scope = scope };
        var node = kind switch
        {
            TranslationKind.Predicate => TranslatePredicate(translator),
            TranslationKind.OrderKey => TranslateOrderKey(translator),
            _ => TranslateValue(translator),
        };

        return Renumber(node, translator._slots, body, args);
    }

    /// <summary>
    /// <c>row == null</c> (or <c>!=</c>) for a joined table's row: a left-joined table's row is missing when its key is NULL
    /// (the reader gives null then), any other table's row is never missing. Null when the comparison is something else.
    /// </summary>
    private SqlExpression? TryRowPresence(Expression left, Expression right, bool negate)
    {
        var row = StripConvert(left) as ParameterExpression;
        var other = right;
        if (row is null)
        {
            row = StripConvert(right) as ParameterExpression;
            other = left;
        }

        var index = row is null ? -1 : _scope!.IndexOf(row);
        if (index < 0 || Uses(other) || Evaluate(other) is not null)
        {
            return null;
        }

        if (_scope!.PresenceOf(index) is { } present && JoinedTables.IsRowIdPresence(present, row!))
        {
            // A table a later right join may leave missing: its rowid (a WITHOUT ROWID table's first key column) is NULL.
            var rowId = JoinedTables.PresenceColumn(_scope.Tables[index], index, _format);
            return Group(new SqlIsNull(rowId, Negated: negate));
        }

        return _scope!.PresenceOf(index) is { } key
            ? Group(new SqlIsNull(Translate(key), Negated: negate))
            : Value(negate, null, typeof(bool));
    }

    /// <summary><paramref name="node"/> with its slots renumbered in the order their markers are written, their values appended to <paramref name="args"/>.</summary>
    private static SqlExpression Renumber(SqlExpression node, List<ParameterSlot> slots, Expression body, List<object?> args)
    {
        var order = new List<int>();
        SqliteSqlWriter.Instance.Write(node, new StringBuilder(), order);
        var markerOf = new int[slots.Count];
        Array.Fill(markerOf, -1);
        var argStart = args.Count;
        for (var i = 0; i < order.Count; i++)
        {
            if (markerOf[order[i]] >= 0)
            {
                throw new InvalidOperationException($"MicroDb's translation of '{body}' writes parameter slot {order[i]} twice.");
            }

            markerOf[order[i]] = i;
            args.Add(slots[order[i]].Value);
        }

        return SqlSlots.Offset(SqlSlots.Map(node, slot => markerOf[slot]), argStart);
    }
}
