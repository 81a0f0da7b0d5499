using System.Linq;
using MicroDb;

namespace Shop;

[Table] public class Order { [PrimaryKey] public int Id { get; set; } public string Customer { get; set; } = ""; public decimal Total { get; set; } }

public static class Reports
{
    public static void Run(MicroDbConnection db)
    {
        var names = db.Table<Order>().Select(o => o.Customer);
        _ = names.Reverse(); // MDB0010
        _ = names.Aggregate("", (all, n) => all + n); // MDB0010
        _ = db.Table<Order>().Select(o => new { o.Customer, o.Total }).Where(x => x.Total > 1m).GroupBy(x => x.Customer); // MDB0010
        _ = db.Table<Order>().Where(o => o.Id > 3).Select(o => o.Total).Zip(names); // MDB0010

        // A projection's own operators run as SQL.
        _ = names.Where(n => n.StartsWith("A")).OrderBy(n => n).Take(3).ToList();
        _ = names.Count();
        _ = names.FirstOrDefault();
    }
}
