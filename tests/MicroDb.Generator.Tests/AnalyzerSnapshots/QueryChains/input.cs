using System.Linq;
using MicroDb;

namespace Shop;

[Table] public class Order { [PrimaryKey] public int Id { get; set; } public string Customer { get; set; } = ""; public decimal Total { get; set; } }

public static class Reports
{
    public static void Run(MicroDbConnection db)
    {
        // The Where and OrderBy run as SQL; the operator after them loads every row they select.
        _ = db.Table<Order>().Where(o => o.Total > 10m).TakeWhile(o => o.Total < 20m); // MDB0010
        _ = db.Table<Order>().OrderBy(o => o.Customer).ThenByDescending(o => o.Total).Reverse(); // MDB0010
        _ = db.Table<Order>()
            .Where(o => o.Customer != "")
            .Skip(10)
            .Take(5)
            .SkipWhile(o => o.Total < 1m); // MDB0010

        // One report per chain: the operators after the first run over its in-memory result, which is no query.
        _ = db.Table<Order>().Where(o => o.Total > 0m).Reverse().GroupBy(o => o.Customer).ToList(); // MDB0010
    }
}
