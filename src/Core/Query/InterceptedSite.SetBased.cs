using System.Linq.Expressions;
using MicroDb.Native;
using MicroDb.Query.Model;

namespace MicroDb.Query;

// An intercepted ExecuteUpdate's values: the Set calls' values and the operands of the expressions over the row, in slot
// order before the Where values, each encoded as the run-time path encodes it (TableQuery.SetBased.cs).
public sealed partial class InterceptedSite
{
    private string[] _assigns = [];

    /// <summary>
    /// Names the members an intercepted ExecuteUpdate sets, one per Set call in call order: a run whose Set calls differ
    /// runs on the run-time path. Call while building the site, before it is used.
    /// </summary>
    /// <param name="members">The members, as the Set calls name them.</param>
    /// <returns>This site.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="members"/> is null.</exception>
    public InterceptedSite Assigns(params string[] members)
    {
        ArgumentNullException.ThrowIfNull(members);
        _assigns = members;
        return this;
    }

    /// <summary>
    /// Adds the next value of an intercepted ExecuteUpdate, read from the <paramref name="setter"/>-th Set call: with an
    /// empty <paramref name="path"/> the value it sets (stored as <paramref name="member"/>'s column stores it), else the
    /// closed node at <paramref name="path"/> in its expression over the row (an arithmetic operand). Call while building
    /// the site, before it is used.
    /// </summary>
    /// <param name="setter">Which Set call, in call order.</param>
    /// <param name="path">Empty for the value set; else the steps from the expression's body to the operand (<c>L</c>/<c>R</c>/<c>O</c>; <c>o</c> a call's instance, a digit its argument by index, <c>m</c> a member read's instance, <c>c</c>/<c>t</c>/<c>f</c> a conditional's test and branches); a last step <c>s</c> binds the value's text, <c>w</c> the characters to trim, <c>p</c> ten to the power of the value, and the path <c>W</c> the whitespace <c>Trim()</c> removes.</param>
    /// <param name="member">The member the Set call sets.</param>
    /// <param name="memberType">The member's type.</param>
    /// <returns>This site.</returns>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="setter"/> is negative.</exception>
    public InterceptedSite Assigned(int setter, string path, string member, Type memberType)
    {
        Value(setter, path, member, memberType);
        _values[_values.Length - 1] = _values[_values.Length - 1] with { Assigned = true };
        return this;
    }

    /// <summary>
    /// Adds the next value of an intercepted ExecuteUpdate: the closed node at <paramref name="path"/> in the
    /// <paramref name="setter"/>-th Set call's expression over the row, compared in a <c>?:</c> test with
    /// <paramref name="member"/> and encoded as that column compares it (an enum or Guid member). Call while building the
    /// site, before it is used.
    /// </summary>
    /// <param name="setter">Which Set call, in call order.</param>
    /// <param name="path">The steps from the expression's body to the value (as <see cref="Assigned"/> reads them).</param>
    /// <param name="member">The member the value is compared with.</param>
    /// <param name="memberType">That member's type.</param>
    /// <returns>This site.</returns>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="setter"/> is negative.</exception>
    public InterceptedSite SetterTest(int setter, string path, string member, Type memberType)
    {
        Value(setter, path, member, memberType);
        _values[_values.Length - 1] = _values[_values.Length - 1] with { Assigned = true, Compared = true };
        return this;
    }

    /// <summary>
    /// Reads and adds the values of an ExecuteUpdate of <paramref name="query"/> with the Set calls of
    /// <paramref name="setters"/>. False when the Set calls are not the ones the generator saw, a Where value is null, or
    /// the map is not the one it saw: the caller then runs the update on the run-time path.
    /// </summary>
    internal bool TryBind<T>(TableQuery<T> query, UpdateSetters<T> setters, InterceptedValues values)
    {
        var list = setters.Setters;
        if (list.Count != _assigns.Length)
        {
            return false;
        }

        for (var i = 0; i < list.Count; i++)
        {
            if (StripConvert(list[i].Member.Body) is not MemberExpression { Expression: ParameterExpression } member || member.Member.Name != _assigns[i])
            {
                return false;
            }
        }

        var columns = Columns(query.Table);
        var format = query.Connection.Storage;
        if (columns is null || SqlFor(format) is null || !SubqueriesHold(query))
        {
            // SqlFor: a storage format the SQL was not written for (a date part under sqlite-net's DateTime text: SqliteNetRuns).
            return false;
        }

        for (var i = 0; i < _values.Length; i++)
        {
            var site = _values[i];
            if (!BoundUnder(i, format))
            {
                continue; // a date comparison's value under the other storage format (InterceptedSite.Dates.cs)
            }

            if (!site.Assigned)
            {
                if (!TryRead(query.WhereLambda(site.Where).Body, site.Path, out var compared) || compared is null || (compared = Admitted(i, compared, format)) is null
                    || !AddWhereValue(query, site, columns[i], compared, values))
                {
                    return false;
                }

                continue;
            }

            var setter = list[site.Where];
            if (site.Compared)
            {
                // A value of a ?: test compared with an enum or Guid member: bound as a Where value compared with it.
                if (setter.Expression is not { } test || !TryRead(test.Body, site.Path, out var compared) || compared is null
                    || (compared = Admitted(i, compared, format)) is null || !AddWhereValue(query, site, columns[i], compared, values))
                {
                    return false;
                }
            }
            else if (site.Path.Length == 0)
            {
                // The value set: as the run time's SetValue stores it (a closed expression is evaluated once).
                object? value = setter.Value;
                if (setter.Expression is { } closed && !TryRead(closed.Body, "", out value))
                {
                    return false;
                }

                // An enum stored by name is written only under a name (EnumTextRule), as the run time's SetValue writes it.
                values.AddStored(columns[i].Kind == Mapping.ColumnKind.EnumText && value is Enum named
                    ? Mapping.EnumTextNaming.Write(named, columns[i].Name, query.Table.TableName)
                    : ValueEncoding.ToStorage(value, columns[i].StoreAsText, format));
            }
            else if (setter.Expression is not { } lambda || !TryReadOperand(lambda.Body, site.Path, out var operand) || operand is null)
            {
                return false;
            }
            else
            {
                // An operand of the translated expression: a value outside a column comparison.
                values.AddStored(SqlTranslator.Encode(operand, null, null, format));
            }
        }

        return true;
    }

    /// <summary>
    /// Reads an operand of a setter's expression over the row at <paramref name="path"/>, as the run-time translator makes
    /// it a slot; the path's last step may say how: <c>s</c> the value's text (a closed part of a string concatenation,
    /// <c>ToString()</c>), <c>w</c> the characters to trim (a char or char array, <see cref="SqlTranslator.TrimText"/>),
    /// <c>p</c> 10 to the power of the value (Math.Round's digits; outside 0 to 15 the run-time path throws), and a path
    /// that is only <c>W</c> reads nothing: the whitespace <c>Trim()</c> removes.
    /// </summary>
    private static bool TryReadOperand(Expression body, string path, out object? value)
    {
        value = null;
        var last = path.Length == 0 ? '\0' : path[path.Length - 1];
        if (path == "W")
        {
            value = SqlTranslator.WhiteSpace;
            return true;
        }

        if (last is not ('s' or 'w' or 'p'))
        {
            return TryRead(body, path, out value);
        }

        if (!TryRead(body, path.Substring(0, path.Length - 1), out var read))
        {
            return false;
        }

        switch (last)
        {
            case 's':
                value = read?.ToString();
                return true;
            case 'w':
                value = SqlTranslator.TrimText(read);
                return value is not null;
            default:
                value = read is int digits ? SqlRounding.Power(digits) : null;
                return value is not null;
        }
    }

    private static Expression StripConvert(Expression e)
    {
        while (e is UnaryExpression { NodeType: ExpressionType.Convert or ExpressionType.ConvertChecked } convert)
        {
            e = convert.Operand;
        }

        return e;
    }
}
