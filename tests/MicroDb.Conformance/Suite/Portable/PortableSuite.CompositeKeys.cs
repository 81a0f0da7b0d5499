using MicroDb.Conformance.Models;

namespace MicroDb.Conformance.Portable;

public abstract partial class PortableSuite
{
    private static OrderLine PortableLine(int order, int line, string product, int quantity) =>
        new() { OrderId = order, LineNo = line, Product = product, Quantity = quantity };

    [Test]
    public void Portable_composite_key_rows_insert_query_and_refuse_a_duplicate_key()
    {
        var db = OpenWith<OrderLine>();
        db.InsertAll(new[] { PortableLine(1, 2, "pear", 1), PortableLine(1, 1, "apple", 3), PortableLine(2, 1, "plum", 7) });

        var error = Assert.Throws<MicroDbConstraintException>(() => db.Insert(PortableLine(1, 1, "other", 9)));

        Assert.That((error!.ResultCode, error.ExtendedResultCode), Is.EqualTo((19, 1555)));
        Assert.That(db.Table<OrderLine>().Where(l => l.OrderId == 1).OrderBy(l => l.LineNo).Select(l => l.Product), Is.EqualTo(new[] { "apple", "pear" }));
        Assert.That(db.Table<OrderLine>().OrderByDescending(l => l.OrderId).ThenBy(l => l.LineNo).Select(l => l.Quantity), Is.EqualTo(new[] { 7, 3, 1 }));
    }
}
