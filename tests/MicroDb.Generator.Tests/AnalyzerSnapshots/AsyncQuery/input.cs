// assembly: MicroDb
// The compilation stands in for the MicroDb assembly and declares the async query type by name, so this case holds
// before and after the package has one; System.Linq.AsyncEnumerable is the .NET 10 library's.
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;

namespace MicroDb.Query
{
    public sealed class AsyncTableQuery<T> : IAsyncEnumerable<T>
    {
        public AsyncTableQuery<T> Where(System.Linq.Expressions.Expression<System.Func<T, bool>> predicate) => this;

        public IAsyncEnumerator<T> GetAsyncEnumerator(CancellationToken cancellationToken = default) => throw new System.NotImplementedException();
    }
}

namespace Shop
{
    using MicroDb.Query;

    public sealed class Order { public int Id { get; set; } public decimal Total { get; set; } }

    public static class Reports
    {
        public static async Task Run(AsyncTableQuery<Order> orders, CancellationToken ct)
        {
            _ = orders.Where(o => o.Total > 1m).Reverse(); // MDB0010
            _ = orders.GroupBy(o => o.Id); // MDB0010
            _ = await orders.AggregateAsync(0m, (sum, o) => sum + o.Total, ct); // MDB0010

            _ = await orders.ToListAsync(ct);
            _ = (await orders.ToArrayAsync(ct)).Reverse();
            await foreach (var order in orders.WithCancellation(ct))
            {
                _ = order;
            }
        }
    }
}
