using System.Linq.Expressions;
using MicroDb.Conformance.Query;

namespace MicroDb.Conformance;

/// <summary>
/// Random predicates: atoms joined with &amp;&amp;, ||, ! and == true/false, each built twice (as an expression tree for SQL,
/// as a delegate for LINQ-to-Objects) and compared on the random rows. Seeds are fixed and reported on failure.
/// </summary>
public abstract partial class ConformanceSuite
{
    private sealed record Predicate(Expression Body, Func<QueryItem, bool> Linq, string Text);

    private static readonly ParameterExpression RandomRow = Expression.Parameter(typeof(QueryItem), "x");

    private static Predicate Atom(Expression<Func<QueryItem, bool>> sql, Func<QueryItem, bool> linq) =>
        new(new Rebind(sql.Parameters[0]).Visit(sql.Body), linq, sql.Body.ToString());

    private static Predicate[] Atoms()
    {
        var names = new[] { "Anna", "bob ", null };
        var cutoff = QueryData.BaseDate.AddDays(2000);
        return
        [
            Atom(x => x.Age > 40, x => x.Age > 40),
            Atom(x => x.Age % 3 == 1, x => x.Age % 3 == 1),
            Atom(x => x.Height < 150, x => x.Height < 150),
            Atom(x => x.Height == null, x => x.Height == null),
            Atom(x => x.Name == "Anna", x => x.Name == "Anna"),
            Atom(x => x.Name != null && x.Name.StartsWith("A"), x => x.Name != null && x.Name.StartsWith('A')),
            Atom(x => names.Contains(x.Name), x => names.Contains(x.Name)),
            Atom(x => x.Active, x => x.Active),
            Atom(x => x.Flag == false, x => x.Flag == false),
            Atom(x => x.Hue == Hue.Blue || x.Hue == Hue.Red, x => x.Hue == Hue.Blue || x.Hue == Hue.Red),
            Atom(x => x.Shade != Shade.Light, x => x.Shade != Shade.Light),
            Atom(x => x.Born < cutoff, x => x.Born < cutoff),
            Atom(x => x.Price >= 250m, x => x.Price >= 250m),
            Atom(x => x.Score * 2 > x.Age, x => x.Score * 2 > x.Age),
            Atom(x => (x.Height ?? x.Age) > 100, x => (x.Height ?? x.Age) > 100),
        ];
    }

    private static Predicate Combine(Random random, Predicate[] atoms, int depth)
    {
        if (depth == 0 || random.Next(4) == 0)
        {
            return atoms[random.Next(atoms.Length)];
        }

        var a = Combine(random, atoms, depth - 1);
        switch (random.Next(5))
        {
            case 0:
                {
                    var b = Combine(random, atoms, depth - 1);
                    return new(Expression.AndAlso(a.Body, b.Body), x => a.Linq(x) && b.Linq(x), $"({a.Text} && {b.Text})");
                }

            case 1:
                {
                    var b = Combine(random, atoms, depth - 1);
                    return new(Expression.OrElse(a.Body, b.Body), x => a.Linq(x) || b.Linq(x), $"({a.Text} || {b.Text})");
                }

            case 2:
                return new(Expression.Not(a.Body), x => !a.Linq(x), $"!{a.Text}");
            case 3:
                {
                    var b = Combine(random, atoms, depth - 1);
                    return new(Expression.Equal(a.Body, b.Body), x => a.Linq(x) == b.Linq(x), $"({a.Text} == {b.Text})");
                }

            default:
                {
                    var b = Combine(random, atoms, depth - 1);
                    return new(Expression.NotEqual(a.Body, b.Body), x => a.Linq(x) != b.Linq(x), $"({a.Text} != {b.Text})");
                }
        }
    }

    [TestCase(1)]
    [TestCase(2)]
    [TestCase(3)]
    public void Random_predicates_return_the_rows_linq_to_objects_returns(int seed)
    {
        var random = new Random(seed);
        var atoms = Atoms();
        for (var i = 0; i < 60; i++)
        {
            var predicate = Combine(random, atoms, depth: 4);
            var lambda = Expression.Lambda<Func<QueryItem, bool>>(predicate.Body, RandomRow);
            var query = QueryDb.Table<QueryItem>().Where(lambda);
            var actual = query.ToList().Select(x => x.Id).Order();
            var expected = QueryRows.Where(predicate.Linq).Select(x => x.Id);
            Assert.That(actual, Is.EqualTo(expected), $"predicate seed {seed}, case {i}: {predicate.Text}; data {Describe(query.ToSqlString())}");
        }
    }

    /// <summary>Moves an atom's body onto the shared parameter.</summary>
    private sealed class Rebind(ParameterExpression from) : ExpressionVisitor
    {
        protected override Expression VisitParameter(ParameterExpression node) => node == from ? RandomRow : node;
    }
}
