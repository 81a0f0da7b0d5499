namespace MicroDb.Query;

// The values of a join's Where conditions before a RightJoin that follows a join: the run time moves those conditions
// into the RIGHT JOIN's ON condition (JoinState.RightJoin), so a value is read there and bound as the member of the
// earlier table it is compared with.
public sealed partial class InterceptedSite
{
    /// <summary>
    /// Adds the next value of a Where condition that the join moved into the ON condition of the
    /// <paramref name="table"/>-th table (a RightJoin after a join): the node at <paramref name="path"/> in that ON
    /// condition, compared with <paramref name="member"/> of the <paramref name="memberTable"/>-th table. Call while
    /// building the site, before it is used.
    /// </summary>
    /// <param name="table">The right-joined table (1 or more) whose ON condition holds the value, in join order.</param>
    /// <param name="path">The steps from the ON condition's root to the value: <c>L</c>/<c>R</c> a binary node's operands, <c>O</c> a unary node's operand.</param>
    /// <param name="memberTable">The table of <paramref name="member"/> (0 the first), in join order.</param>
    /// <param name="member">The member of that table's type the value is compared with.</param>
    /// <param name="memberType">The member's type.</param>
    /// <returns>This site.</returns>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="table"/> is less than 1, or <paramref name="memberTable"/> is negative.</exception>
    public InterceptedSite JoinedOnValue(int table, string path, int memberTable, string member, Type memberType)
    {
        if (table < 1)
        {
            throw new ArgumentOutOfRangeException(nameof(table), table, "Only a joined table (1 or more) has an ON condition.");
        }

        if (memberTable < 0)
        {
            throw new ArgumentOutOfRangeException(nameof(memberTable), memberTable, "The table's index cannot be negative.");
        }

        Value(0, path, member, memberType);
        _values[_values.Length - 1] = _values[_values.Length - 1] with { Table = memberTable, On = true, OnTable = table };
        return this;
    }
}
