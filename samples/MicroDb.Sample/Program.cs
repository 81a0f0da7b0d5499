using System.Diagnostics;
using MicroDb;
using MicroDb.Mapping;
using MicroDb.Sample;
using MicroDb.Sample.Models;

// A realistic walk through MicroDb on the generated path only: reflection is switched off, so this
// binary proves (when published with PublishAot=true) that nothing needs a JIT or run-time reflection.
var startedAt = Process.GetCurrentProcess().StartTime.ToUniversalTime();
var directory = Path.Combine(Path.GetTempPath(), "microdb-sample-" + Environment.ProcessId);
Directory.CreateDirectory(directory);
var path = Path.Combine(directory, "shop.db");

try
{
    var lastSource = StatementSource.Sql;
    var options = new MicroDbOptions(path) { Mapping = MappingMode.Generated, ThrowOnReflectionFallback = true, OnStatement = s => lastSource = s.Source };
    using var db = new MicroDbConnection(options);
    var report = new Report();

    report.Time("create tables", () => db.CreateTables<Customer, Order, OrderLine>());
    var first = db.ExecuteScalar<long>("SELECT count(*) FROM customers");
    var startup = DateTime.UtcNow - startedAt;
    report.Line($"startup: process start to first query result {startup.TotalMilliseconds:F1} ms (first result: {first})");

    var customers = Enumerable.Range(1, 200).Select(i => new Customer
    {
        Name = "Customer " + i,
        Email = $"c{i}@example.org",
        Tier = (CustomerTier)(i % 3),
        JoinedUtc = new DateTime(2020, 1, 1, 0, 0, 0, DateTimeKind.Utc).AddDays(i),
        Birthday = i % 4 == 0 ? null : new DateOnly(1980 + i % 30, 1 + i % 12, 1 + i % 28),
    }).ToList();
    report.Time("insert 200 customers (InsertAll, one transaction)", () => db.InsertAll(customers));

    var random = new Random(42);
    var orders = new List<Order>();
    report.Time("insert 1,000 orders with 3 lines each (RunInTransaction)", () => db.RunInTransaction(() =>
    {
        for (var i = 0; i < 1000; i++)
        {
            var order = new Order
            {
                CustomerId = customers[random.Next(customers.Count)].Id,
                PlacedAt = new DateTimeOffset(2024, 1, 1, 9, 0, 0, TimeSpan.FromHours(2)).AddMinutes(i * 37),
                Status = OrderStatus.Open,
                Note = i % 5 == 0 ? null : "note " + i,
            };
            db.Insert(order);
            decimal total = 0;
            for (var l = 0; l < 3; l++)
            {
                var line = new OrderLine { OrderId = order.Id, Sku = $"SKU-{random.Next(1000):D4}", Quantity = 1 + random.Next(5), UnitPrice = 0.99m + random.Next(10_000) / 100m, DeliveryWindow = l == 0 ? TimeSpan.FromHours(4) : null };
                db.Insert(line);
                total += line.Quantity * line.UnitPrice;
            }

            order.Total = total;
            db.Update(order);
            orders.Add(order);
        }
    }));

    report.Time("update: pay 500 orders (UpdateAll)", () =>
    {
        foreach (var order in orders.Take(500))
        {
            order.Status = OrderStatus.Paid;
        }

        db.UpdateAll(orders.Take(500));
    });

    var gold = customers.First(c => c.Tier == CustomerTier.Gold);
    gold.AddPoints(250);
    db.Update(gold);
    var reread = db.Get<Customer>(gold.Id);
    report.Line($"private setter round trip: {reread.Name} has {reread.LoyaltyPoints} points (tier {reread.Tier})");

    var cancelled = 0;
    report.Time("cancel and delete 50 orders", () =>
    {
        foreach (var order in orders.Skip(900).Take(50))
        {
            db.Execute("DELETE FROM order_lines WHERE OrderId = ?", order.Id);
            cancelled += db.Delete(order);
        }
    });

    var goldNames = db.Table<Customer>().Where(c => c.Tier == CustomerTier.Gold && c.Email!.EndsWith("@example.org")).OrderBy(c => c.Name).Take(3).Select(c => c.Name).ToList();
    report.Line("LINQ: first gold customers by name: " + string.Join(", ", goldNames));
    var openSince = db.Table<Order>().Count(o => o.Status == OrderStatus.Open && o.Note != null);
    var big = db.Table<OrderLine>().Where(l => l.Quantity >= 4 && l.UnitPrice > 50m).OrderByDescending(l => l.Quantity).FirstOrDefault();
    report.Line($"LINQ: {openSince} open orders with a note; largest big line: {big?.Sku} x{big?.Quantity}");
    var customerById = MicroDbQuery.Compile((MicroDbConnection c, int id) => c.Table<Customer>().FirstOrDefault(x => x.Id == id));
    report.Line($"compiled query: customer 7 is {customerById(db, 7)?.Name}, customer 8 is {customerById(db, 8)?.Name}");
    var wanted = 9;
    var inline = db.Table<Customer>().Where(c => c.Id == wanted).FirstOrDefault();
    report.Line($"inline LINQ, SQL written at build time: customer 9 is {inline?.Name} (source: {lastSource})");

    var top = db.Query<Customer>(
        "SELECT c.* FROM customers c JOIN orders o ON o.CustomerId = c.Id WHERE o.Status = ? GROUP BY c.Id ORDER BY sum(o.Total) DESC LIMIT 3",
        OrderStatus.Paid);
    report.Line("top paying customers: " + string.Join(", ", top.Select(c => c.Name)));
    var revenue = db.ExecuteScalar<decimal>("SELECT sum(CAST(Total AS REAL)) FROM orders WHERE Status = ?", OrderStatus.Paid);
    report.Line($"paid revenue (SQL sum over decimal text): {revenue:F2}; orders left {db.ExecuteScalar<int>("SELECT count(*) FROM orders")}; deleted {cancelled}");

    try
    {
        db.RunInTransaction(() =>
        {
            db.Insert(new Customer { Name = "Rolled back", Email = "c1@example.org" });
        });
    }
    catch (MicroDbConstraintException e)
    {
        report.Line($"constraint error as expected ({e.ExtendedResultCode}): {e.Message.Split(" (SQL")[0]}");
    }

    var articles = SampleData.Articles(30_000);
    var map = db.GetMap<Article>();
    using var stream = new MemoryStream();
    report.Time("serialize 30,000 articles (generated map)", () =>
    {
        using var writer = new BinaryWriter(stream, System.Text.Encoding.UTF8, leaveOpen: true);
        foreach (var article in articles)
        {
            map.Serialize(writer, article);
        }
    });
    var restored = new List<Article>(articles.Count);
    report.Time("deserialize 30,000 articles", () =>
    {
        stream.Position = 0;
        using var reader = new BinaryReader(stream, System.Text.Encoding.UTF8, leaveOpen: true);
        for (var i = 0; i < articles.Count; i++)
        {
            restored.Add(map.Deserialize(reader));
        }
    });
    var same = articles.Zip(restored).All(p => p.First.Title == p.Second.Title && p.First.Body == p.Second.Body && p.First.Published == p.Second.Published);
    report.Line($"serialized {stream.Length:N0} bytes; round trip identical: {same}");

    report.Line($"maps are generated: {db.GetMap<Customer>().IsGenerated && map.IsGenerated}; methods compiled by a JIT: {System.Runtime.JitInfo.GetCompiledMethodCount()}");
    report.Print();
    return same ? 0 : 1;
}
finally
{
    try
    {
        Directory.Delete(directory, recursive: true);
    }
    catch (IOException)
    {
    }
}
