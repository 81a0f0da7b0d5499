using MicroDb.Conformance.Properties;

namespace MicroDb.Conformance;

// Property test, writes: random sequences of Upsert/UpsertAll (by key and by a unique index), ExecuteUpdate and
// ExecuteDelete, and composite-key Find/Delete, each checked against a LINQ-to-Objects model of the table: the rows
// after every step equal the model's, and a step the model says breaks a constraint throws a typed error and changes
// nothing.
public abstract partial class ConformanceSuite
{
    private static readonly string[] PairNames = ["a", "A", "b", "ab", "aB", "é", ""];

    private static readonly ulong[] PairCodes = [0, 1, long.MaxValue, (ulong)long.MaxValue + 1, ulong.MaxValue];

    private static List<(ulong, string, int, string)> PairRows(IEnumerable<PropPair> rows) =>
        [.. rows.OrderBy(p => p.Code).ThenBy(p => p.Name, StringComparer.Ordinal).Select(p => (p.Code, p.Name, p.Slot, p.Note))];

    private MicroDbConnection OpenPairs(bool sqliteNet)
    {
        var db = Open(tweak: o =>
        {
            if (sqliteNet)
            {
                o.Storage = StorageFormat.SqliteNet();
            }
        });
        db.CreateTable<PropPair>();
        return db;
    }

    [Test]
    public void Property_upsert_leaves_the_table_linq_models([ValueSource(nameof(PropertySeeds))] int seed, [Values] bool sqliteNet)
    {
        var random = new Random(seed);
        var db = OpenPairs(sqliteNet);
        var label = $"seed {seed}, {(sqliteNet ? "sqlite-net" : "MicroDb")} storage, {Mode} maps";
        var model = new List<PropPair>();
        var fresh = 0;
        var refused = 0;
        for (var step = 0; step < 80; step++)
        {
            var slot = random.Next(30);
            string? note = random.Next(12) == 0 ? null : "n" + random.Next(100);
            var what = $"{label}, step {step}";
            var kind = random.Next(3);
            if (kind == 0)
            {
                // Upsert by the composite key: a new key inserts, a known key updates Slot and Note; a slot another row
                // holds breaks the unique index, a null Note breaks NOT NULL.
                var row = new PropPair { Code = PropValues.Pick(random, PairCodes), Name = PropValues.Pick(random, PairNames), Slot = slot, Note = note! };
                what += $": Upsert by key ({row.Code}, '{row.Name}') slot {slot} note {note ?? "null"}";
                var existing = model.Find(p => p.Code == row.Code && p.Name == row.Name);
                var breaks = note is null || model.Exists(p => p.Slot == slot && p != existing);
                var error = Outcome(() => db.Upsert(row));
                if (breaks)
                {
                    Assert.That(error, Is.InstanceOf<MicroDbConstraintException>(), what);
                    refused++;
                }
                else
                {
                    Assert.That(error, Is.Null, what);
                    if (existing is null)
                    {
                        model.Add(new PropPair { Code = row.Code, Name = row.Name, Slot = slot, Note = note! });
                    }
                    else
                    {
                        (existing.Slot, existing.Note) = (slot, note!);
                    }
                }
            }
            else if (kind == 1)
            {
                // Upsert on the unique index: the row holding the slot keeps its key and takes the Note; else a new row.
                var row = new PropPair { Code = (ulong)step, Name = "fresh" + fresh++, Slot = slot, Note = note! };
                what += $": Upsert on prop_pairs_slot, slot {slot} note {note ?? "null"}";
                var holder = model.Find(p => p.Slot == slot);
                var error = Outcome(() => db.Upsert(row, "prop_pairs_slot"));
                if (note is null)
                {
                    Assert.That(error, Is.InstanceOf<MicroDbConstraintException>(), what);
                    refused++;
                }
                else
                {
                    Assert.That(error, Is.Null, what);
                    if (holder is null)
                    {
                        model.Add(row);
                    }
                    else
                    {
                        holder.Note = note!;
                    }
                }
            }
            else
            {
                // UpsertAll: one transaction, so a batch with one bad row changes nothing.
                var batch = Enumerable.Range(0, random.Next(1, 4))
                    .Select(_ => new PropPair { Code = PropValues.Pick(random, PairCodes), Name = PropValues.Pick(random, PairNames), Slot = random.Next(30), Note = random.Next(10) == 0 ? null! : "m" + random.Next(100) })
                    .ToList();
                what += ": UpsertAll of " + string.Join(", ", batch.Select(b => $"({b.Code}, '{b.Name}', {b.Slot}, {b.Note ?? "null"})"));
                var after = model.Select(p => new PropPair { Code = p.Code, Name = p.Name, Slot = p.Slot, Note = p.Note }).ToList();
                var breaks = false;
                foreach (var row in batch)
                {
                    var existing = after.Find(p => p.Code == row.Code && p.Name == row.Name);
                    if (row.Note is null || after.Exists(p => p.Slot == row.Slot && p != existing))
                    {
                        breaks = true;
                        break;
                    }

                    if (existing is null)
                    {
                        after.Add(new PropPair { Code = row.Code, Name = row.Name, Slot = row.Slot, Note = row.Note });
                    }
                    else
                    {
                        (existing.Slot, existing.Note) = (row.Slot, row.Note);
                    }
                }

                var error = Outcome(() => db.UpsertAll(batch));
                if (breaks)
                {
                    Assert.That(error, Is.InstanceOf<MicroDbConstraintException>(), what);
                    refused++;
                }
                else
                {
                    Assert.That(error, Is.Null, what);
                    model = after;
                }
            }

            var rows = PairRows(db.Table<PropPair>().ToList());
            Assert.That(rows, Is.EqualTo(PairRows(model)), what + " (table after)");
        }

        Assert.That(refused, Is.GreaterThan(0), label + ": some steps break a constraint");
        Assert.That(model, Has.Count.GreaterThan(5), label + ": the table grew");
    }

    [Test]
    public void Property_composite_key_find_and_delete_match_the_model([ValueSource(nameof(PropertySeeds))] int seed, [Values] bool sqliteNet)
    {
        var random = new Random(seed);
        var db = OpenPairs(sqliteNet);
        var label = $"seed {seed}, {(sqliteNet ? "sqlite-net" : "MicroDb")} storage, {Mode} maps";
        var model = new List<PropPair>();
        var slot = 0;
        foreach (var code in PairCodes)
        {
            foreach (var name in PairNames)
            {
                if (random.Next(2) == 0)
                {
                    model.Add(new PropPair { Code = code, Name = name, Slot = slot++, Note = "r" + random.Next(100) });
                }
            }
        }

        db.InsertAll(model);
        for (var step = 0; step < 40; step++)
        {
            var code = PropValues.Pick(random, PairCodes);
            var name = PropValues.Pick(random, PairNames);
            var what = $"{label}, step {step}, key ({code}, '{name}')";
            var expected = model.Find(p => p.Code == code && p.Name == name);
            var found = db.Find<PropPair, ulong, string>(code, name);
            Assert.That(found is null ? null : PairRows([found]), Is.EqualTo(expected is null ? null : PairRows([expected])), what + ": Find");
            if (random.Next(3) == 0)
            {
                Assert.That(db.Delete<PropPair, ulong, string>(code, name), Is.EqualTo(expected is null ? 0 : 1), what + ": Delete");
                model.Remove(expected!);
                Assert.That(PairRows(db.Table<PropPair>().ToList()), Is.EqualTo(PairRows(model)), what + ": table after Delete");
            }
        }

        Assert.That(PairRows(db.Table<PropPair>().Where(p => p.Code > (ulong)long.MaxValue).ToList()), Is.EqualTo(PairRows(model.Where(p => p.Code > (ulong)long.MaxValue))), label + ": Where over the ulong key member");
        Assert.That(db.Table<PropPair>().OrderBy(p => p.Code).ThenBy(p => p.Name).ToList().Select(p => (p.Code, p.Name)),
            Is.EqualTo(model.OrderBy(p => p.Code).ThenBy(p => p.Name, StringComparer.Ordinal).Select(p => (p.Code, p.Name))), label + ": ordered by the key members");
    }

    private static List<(int, int?, long, ulong, decimal, DateTime, DateTime?, string?, Guid, PropTint, PropWide?, int, (double, bool, DateOnly, TimeSpan))> LeftRows(IEnumerable<PropLeft> rows) =>
        [.. rows.OrderBy(l => l.Id).Select(l => (l.Id, l.Int, l.Long, l.ULong, l.Decimal, l.Date, l.NDate, l.Text, l.Guid, l.Tint, l.Wide, l.Amount, (l.Real, l.Flag, l.Day, l.Span)))];

    [Test]
    public void Property_execute_update_and_delete_leave_the_table_linq_models([ValueSource(nameof(PropertySeeds))] int seed, [Values] bool sqliteNet)
    {
        var (db, random, model, _, _, label) = OpenPropData(seed, sqliteNet);
        var total = 0;
        for (var step = 0; step < 12; step++)
        {
            var d = PropValues.Pick(random, PropValues.Decimals);
            var t = PropValues.Pick(random, PropValues.Dates);
            var u = PropValues.Pick(random, PropValues.ULongs);
            var s = PropValues.Pick(random, PropValues.Texts);
            var g = PropValues.Pick(random, PropValues.Guids);
            var w = PropValues.Pick(random, PropValues.Wides);
            var take = random.Next(1, 6);
            var what = $"{label}, step {step} (d {d}, t {t:O}, u {u}, s '{s}', g {g}, w {w}, take {take})";
            int changed;
            List<PropLeft> hit;
            var x = PropValues.Pick(random, PropValues.Reals);
            var day = PropValues.Pick(random, PropValues.Days);
            var span = PropValues.Pick(random, PropValues.Spans);
            switch (random.Next(8))
            {
                case 7:
                    // Setters over the row the build-time front end lowers too: string +, nullable arithmetic, ?? and a function.
                    changed = db.Table<PropLeft>().Where(l => l.Amount > 1 || l.Text == s).ExecuteUpdate(x => x
                        .Set(l => l.Text, l => l.Text + s + l.Amount).Set(l => l.Int, l => l.Int + 1).Set(l => l.Amount, l => (l.Int ?? -1) * 2 + Math.Abs(l.Amount)));
                    hit = model.Where(l => l.Amount > 1 || l.Text == s).ToList();
                    hit.ForEach(l => (l.Text, l.Int, l.Amount) = (l.Text + s + l.Amount, l.Int + 1, (l.Int ?? -1) * 2 + Math.Abs(l.Amount)));
                    what += ": ExecuteUpdate of text + s + amount, int? + 1 and (int ?? -1) * 2 + |amount| where amount > 1 or text == s";
                    break;
                case 0:
                    changed = db.Table<PropLeft>().Where(l => l.Decimal == d || l.ULong > u).ExecuteUpdate(x => x.Set(l => l.Amount, l => l.Amount + 1).Set(l => l.Text, s));
                    hit = model.Where(l => l.Decimal == d || l.ULong > u).ToList();
                    hit.ForEach(l => (l.Amount, l.Text) = (l.Amount + 1, s));
                    what += ": ExecuteUpdate where decimal == d or ulong > u";
                    break;
                case 1:
                    changed = db.Table<PropLeft>().Where(l => l.Date < t && l.Text != s).ExecuteDelete();
                    hit = model.Where(l => l.Date < t && l.Text != s).ToList();
                    model.RemoveAll(hit.Contains);
                    what += ": ExecuteDelete where date < t and text != s";
                    break;
                case 2:
                    changed = db.Table<PropLeft>().Where(l => l.Guid == g || l.Wide == w).ExecuteUpdate(x => x.Set(l => l.Decimal, d).Set(l => l.Date, t).Set(l => l.ULong, u));
                    hit = model.Where(l => l.Guid == g || l.Wide == w).ToList();
                    // sqlite-net's format stores a decimal as REAL: it reads back rounded to 15 significant digits.
                    var stored = sqliteNet ? Convert.ToDecimal((double)d) : d;
                    hit.ForEach(l => (l.Decimal, l.Date, l.ULong) = (stored, t, u));
                    what += ": ExecuteUpdate of decimal, DateTime and ulong where guid == g or wide == w";
                    break;
                case 3:
                    changed = db.Table<PropLeft>().OrderBy(l => l.Decimal).ThenByDescending(l => l.Id).Take(take).ExecuteDelete();
                    hit = model.OrderBy(l => l.Decimal).ThenByDescending(l => l.Id).Take(take).ToList();
                    model.RemoveAll(hit.Contains);
                    what += ": ExecuteDelete of the first rows by decimal";
                    break;
                case 4:
                    changed = db.Table<PropLeft>().Where(l => l.NDate == null || l.NDate >= t).ExecuteUpdate(x => x.Set(l => l.Wide, w).Set(l => l.NDate, t).Set(l => l.Int, l => l.Amount));
                    hit = model.Where(l => l.NDate == null || l.NDate >= t).ToList();
                    hit.ForEach(l => (l.Wide, l.NDate, l.Int) = (w, t, l.Amount));
                    what += ": ExecuteUpdate of a nullable ulong enum, DateTime? and int? where ndate is null or >= t";
                    break;
                case 5:
                    changed = db.Table<PropLeft>().Where(l => l.Real < x || l.Span == span || l.Day > day).ExecuteUpdate(x2 => x2.Set(l => l.Real, x).Set(l => l.Day, day).Set(l => l.Span, span).Set(l => l.Flag, l => !l.Flag));
                    hit = model.Where(l => l.Real < x || l.Span == span || l.Day > day).ToList();
                    // NaN is stored as NULL, which a non-nullable double reads back as 0 (the README's storage rule).
                    var real = double.IsNaN(x) ? 0.0 : x;
                    hit.ForEach(l => (l.Real, l.Day, l.Span, l.Flag) = (real, day, span, !l.Flag));
                    what += $": ExecuteUpdate of double, DateOnly, TimeSpan and bool (x {x:R}, day {day:O}, span {span})";
                    break;
                default:
                    changed = db.Table<PropLeft>().Where(l => string.CompareOrdinal(l.Text, s) > 0 && l.Tint != PropTint.Blue).ExecuteUpdate(x => x.Set(l => l.Tint, PropTint.Blue).Set(l => l.Long, l => l.Long / 2));
                    hit = model.Where(l => string.CompareOrdinal(l.Text, s) > 0 && l.Tint != PropTint.Blue).ToList();
                    hit.ForEach(l => (l.Tint, l.Long) = (PropTint.Blue, l.Long / 2));
                    what += ": ExecuteUpdate of an enum and a long where text > s ordinally";
                    break;
            }

            Assert.That(changed, Is.EqualTo(hit.Count), what + " (rows changed)");
            total += changed;
            Assert.That(LeftRows(db.Table<PropLeft>().ToList()), Is.EqualTo(LeftRows(model)), what + " (table after)");
        }

        Assert.That(total, Is.GreaterThan(0), label + ": some steps change rows");
    }
}
