using System;
using System.Collections.Generic;
using System.Linq;
using MicroDb;

namespace Shop;

[Table] public class Customer { [PrimaryKey] public int Id { get; set; } public string Name { get; set; } = ""; }
[Table] public class Order { [PrimaryKey] public int Id { get; set; } public int CustomerId { get; set; } public decimal Total { get; set; } public int Items { get; set; } }

public static class Reports
{
    public static void Run(MicroDbConnection db, List<Customer> local)
    {
        var orders = db.Table<Order>();
        var customers = db.Table<Customer>();

        // Joins and grouping over tables bind to MicroDb's own operators: translated to SQL, no diagnostic.
        _ = orders.Join(customers, o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, c.Name }).Where(x => x.Id > 1).ToList();
        _ = orders.LeftJoin(customers, o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, Name = c == null ? null : c.Name }).Count();
        _ = (from o in orders join c in customers on o.CustomerId equals c.Id into g from c in g.DefaultIfEmpty() select new { o.Id, c }).ToList();
        _ = (from o in orders group o by o.CustomerId into g where g.Count() > 1 select new { g.Key, Items = g.Sum(x => x.Items) }).ToList();

        // A join with a list, or an operator MicroDb does not have after a join or a grouping, runs in memory.
        _ = orders.Join(local, o => o.CustomerId, c => c.Id, (o, c) => c.Name); // MDB0010
        _ = orders.Join(customers, o => o.CustomerId, c => c.Id, (o, c) => c.Name).Reverse(); // MDB0010
        _ = orders.GroupBy(o => o.CustomerId).Select(g => new { g.Key, N = g.Count() }).Reverse(); // MDB0010
        _ = orders.GroupBy(o => o.CustomerId, o => o.Total).Select(g => g.Count()).Reverse(); // MDB0010
        // RightJoin, a self-join and grouping over a join (or with an element selector, as above before Reverse) are MicroDb's own.
        _ = orders.RightJoin(customers, o => o.CustomerId, c => c.Id, (o, c) => new { c.Name, Order = o == null ? 0 : o.Id }).ToList();
        _ = (from o in orders join p in db.Table<Order>() on o.Id equals p.CustomerId group p by o.Id into g select new { g.Key, N = g.Count() }).ToList();
    }
}
