using System;
using System.Collections.Generic;
using System.Linq;
using System.Linq.Expressions;
using MicroDb;
using MicroDb.Query;

namespace Shop;

[Table] public class Order { [PrimaryKey] public int Id { get; set; } public string Customer { get; set; } = ""; public decimal Total { get; set; } }

public static class MyQueryExtensions
{
    // A user's own extension methods on the query are theirs to judge, even with a LINQ name.
    public static TableQuery<T> Newest<T>(this TableQuery<T> query, int count) => query.Take(count);

    public static IEnumerable<T> GroupBy<T>(this TableQuery<T> query, string note) => query;
}

public static class Reports
{
    public static void Run(MicroDbConnection db, List<Order> local, IEnumerable<Order> sequence)
    {
        var orders = db.Table<Order>();

        // Materialized on purpose first: the operators after it run over a List or an array, not the query.
        _ = orders.ToList().GroupBy(o => o.Customer);
        _ = orders.Where(o => o.Total > 1m).ToArray().Reverse();
        _ = orders.AsEnumerable().Zip(local);
        _ = orders.ToDictionary(o => o.Id);
        _ = orders.ToHashSet();
        _ = orders.ToLookup(o => o.Customer);
        _ = orders.Select(o => o.Customer).AsEnumerable().Reverse();
        _ = ((IEnumerable<Order>)orders).Reverse();

        // The query's own operators are translated to SQL.
        _ = orders.Where(o => o.Total > 1m).OrderBy(o => o.Customer).Skip(1).Take(2).ToList();
        _ = orders.Count();
        _ = orders.Count(o => o.Total > 1m);
        _ = orders.Any();
        _ = orders.First(o => o.Id == 1);
        _ = orders.FirstOrDefault();
        _ = orders.Select(o => o.Total).ToList();
        foreach (var order in orders)
        {
            _ = order;
        }

        // Plain collections.
        _ = local.GroupBy(o => o.Customer);
        _ = local.AsEnumerable().Reverse();
        _ = sequence.Zip(local);

        // The user's extension methods.
        _ = orders.Newest(5);
        _ = orders.GroupBy("note");

        // Inside an expression tree the call is MicroDb's to translate (or to refuse with an error), not LINQ-to-Objects'.
        Expression<Func<Order, bool>> tree = o => orders.Reverse().Any();
        _ = tree;
    }
}
