using System.Linq.Expressions;
using MicroDb;
using MicroDb.Query;
using MicroDb.Tests.Concurrency;

// Outside the MicroDb namespace on purpose: user code sees System.Linq (implicit usings) and MicroDb side by side, and
// each operator must bind to MicroDb's SQL form, not to Enumerable's, which would read every row.
namespace ConsumerCode.Binding;

[TestFixture]
public sealed class OperatorBindingTests
{
    [Test]
    public void Operators_on_TableQuery_bind_to_its_sql_members_not_to_Enumerable()
    {
        AssertBindsTo<TableQuery<ConcItem>, int>(q => q.Sum(x => x.Version), typeof(TableQuery<ConcItem>));
        AssertBindsTo<TableQuery<ConcItem>, long>(q => q.Sum(x => x.Id), typeof(TableQuery<ConcItem>));
        AssertBindsTo<TableQuery<ConcItem>, double>(q => q.Average(x => x.Version), typeof(TableQuery<ConcItem>));
        AssertBindsTo<TableQuery<ConcItem>, int>(q => q.Max(x => x.Version), typeof(TableQuery<ConcItem>));
        AssertBindsTo<TableQuery<ConcItem>, string>(q => q.Min(x => x.Tag), typeof(TableQuery<ConcItem>));
        AssertBindsTo<TableQuery<ConcItem>, ConcItem>(q => q.Last(x => x.Worker == 1), typeof(TableQuery<ConcItem>));
        AssertBindsTo<TableQuery<ConcItem>, ConcItem?>(q => q.LastOrDefault(), typeof(TableQuery<ConcItem>));
        AssertBindsTo<TableQuery<ConcItem>, bool>(q => q.All(x => x.Worker > 0), typeof(TableQuery<ConcItem>));
        AssertBindsTo<TableQuery<ConcItem>, long>(q => q.LongCount(x => x.Worker > 0), typeof(TableQuery<ConcItem>));
    }

    [Test]
    public void Operators_on_a_projection_bind_to_MicroDb_not_to_Enumerable()
    {
        AssertBindsTo<SelectQuery<ConcItem, int>, int>(q => q.Sum(), typeof(SelectQueryAggregates));
        AssertBindsTo<SelectQuery<ConcItem, long>, double>(q => q.Average(), typeof(SelectQueryAggregates));
        AssertBindsTo<SelectQuery<ConcItem, decimal?>, decimal?>(q => q.Sum(), typeof(SelectQueryAggregates));
        AssertBindsTo<SelectQuery<ConcItem, int>, int>(q => q.Max(), typeof(SelectQuery<ConcItem, int>));
        AssertBindsTo<SelectQuery<ConcItem, string>, string>(q => q.Last(), typeof(SelectQuery<ConcItem, string>));
        AssertBindsTo<SelectQuery<ConcItem, string>, SelectQuery<ConcItem, string>>(q => q.Distinct(), typeof(SelectQuery<ConcItem, string>));
        AssertBindsTo<SelectQuery<ConcItem, string>, string>(q => q.ElementAt(3), typeof(SelectQuery<ConcItem, string>));
    }

    private static void AssertBindsTo<TQuery, TResult>(Expression<Func<TQuery, TResult>> call, Type declaringType)
    {
        var method = ((MethodCallExpression)call.Body).Method;
        Assert.That(method.DeclaringType, Is.EqualTo(declaringType), $"{call} bound to {method.DeclaringType}.{method.Name}");
    }
}
