using System;
using System.Collections.Generic;
using System.Linq;
using MicroDb;

namespace Shop;

[Table] public class Order { [PrimaryKey] public int Id { get; set; } public string Customer { get; set; } = ""; public decimal Total { get; set; } }

public static class Reports
{
    public static void Run(MicroDbConnection db, List<Order> local)
    {
        var orders = db.Table<Order>();
        _ = orders.Append(new Order()); // MDB0010
        _ = orders.Reverse(); // MDB0010
        _ = orders.Zip(local); // MDB0010
        _ = orders.Aggregate(0m, (sum, o) => sum + o.Total); // MDB0010
        _ = orders.SkipWhile(o => o.Total < 10m); // MDB0010
        _ = orders.TakeWhile(o => o.Total < 10m); // MDB0010
        _ = orders.Join(local, o => o.Id, l => l.Id, (o, l) => o.Total + l.Total); // MDB0010
        _ = orders.Concat(local); // MDB0010
        _ = orders.Chunk(100); // MDB0010
        _ = orders.DefaultIfEmpty(); // MDB0010
        _ = db.Table<Order>().SequenceEqual(local); // MDB0010

        // Cast and OfType stream, but every operator after them runs in memory unreported: they are the exit from SQL.
        _ = orders.Cast<object>(); // MDB0010
        _ = orders.OfType<Order>(); // MDB0010

        // Called as a static method, or with the query as the second sequence: the table is still read whole.
        _ = Enumerable.Reverse(orders); // MDB0010
        _ = local.Concat(orders); // MDB0010
        _ = local.Join(db.Table<Order>(), l => l.Id, o => o.Id, (l, o) => o); // MDB0010

        // A delegate runs in memory like any other code.
        Func<int> count = () => orders.Reverse().Count(); // MDB0010
        _ = count;
        _ = orders?.Reverse(); // MDB0010
    }
}
