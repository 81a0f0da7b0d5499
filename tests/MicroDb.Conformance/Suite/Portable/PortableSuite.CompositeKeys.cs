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

    [Test]
    public void Portable_composite_key_Update_and_Delete_touch_only_the_row_with_the_whole_key()
    {
        var db = OpenWith<OrderLine>();
        var lines = new[] { PortableLine(1, 1, "apple", 3), PortableLine(1, 2, "pear", 1), PortableLine(2, 1, "plum", 7) };
        db.InsertAll(lines);

        lines[1].Quantity = 10;
        Assert.That(db.Update(lines[1]), Is.EqualTo(1));
        Assert.That(db.Update(PortableLine(2, 2, "none", 0)), Is.Zero);
        lines[0].Quantity = 30;
        lines[2].Quantity = 70;
        Assert.That(db.UpdateAll(new[] { lines[0], lines[2] }), Is.EqualTo(2));
        Assert.That(db.Delete(PortableLine(2, 1, "", 0)), Is.EqualTo(1));

        Assert.That(db.Table<OrderLine>().OrderBy(l => l.OrderId).ThenBy(l => l.LineNo).Select(l => new { l.OrderId, l.LineNo, l.Quantity }),
            Is.EqualTo(new[] { new { OrderId = 1, LineNo = 1, Quantity = 30 }, new { OrderId = 1, LineNo = 2, Quantity = 10 } }));
    }

    [Test]
    public void Portable_composite_key_with_members_out_of_key_order_updates_and_deletes_by_the_whole_key()
    {
        var db = OpenWith<Membership>();
        var user = Guid.Parse("01234567-89ab-cdef-0123-456789abcdef");
        var admins = new Membership { UserId = user, GroupName = "admins", Since = new DateTime(2024, 1, 1), Role = "owner" };
        var users = new Membership { UserId = user, GroupName = "users", Since = new DateTime(2023, 1, 1), Role = "member" };
        db.InsertAll(new[] { admins, users });

        users.Role = "guest";
        Assert.That(db.Update(users), Is.EqualTo(1));
        Assert.That(db.Delete(admins), Is.EqualTo(1));

        Assert.That(db.Table<Membership>().Select(m => new { m.GroupName, m.Role }), Is.EqualTo(new[] { new { GroupName = "users", Role = (string?)"guest" } }));
    }
}
