using MicroDb.Mapping;
using MicroDb.Conformance.Models;
using MicroDb.Tests.Reliability.Models;

namespace MicroDb.Tests.Reliability;

/// <summary>
/// The bad-input catalogue of docs/reliability.md: hostile strings and names, values SQLite would silently
/// convert, misuse of transactions and of a closed connection. Entries already covered by the conformance
/// suite (ConformanceSuite.Errors.cs, .Types.cs) are listed in the document, not repeated here.
/// </summary>
[TestFixture]
public sealed class BadInputTests : ReliabilityFixture
{
    private static readonly string[] Hostile =
    [
        "'; DROP TABLE people; --", "\" OR \"1\"=\"1", "x' OR '1'='1", "1; DELETE FROM people", "Robert'); DROP TABLE Students;--",
        "' || (SELECT sqlite_version()) || '", "?", "?1", "@p", ":p", "$p", "/* open comment", "*/", "--", "\\", "'", "''", "\"", "`",
        "[", "]", "%", "_", "a\0b", "\0", "\u2028", "ｓｅｌｅｃｔ", "", " ", "NULL", "null", "0x10", "CHAR(39)",
    ];

    private static string Q(string name) => SqlBuilder.Quote(name);

    [Test]
    public void Sql_injection_strings_are_stored_and_matched_literally_in_every_value_position()
    {
        var db = OpenWith<Hostile>();
        db.CreateTable<Person>();
        db.Insert(new Person { Name = "canary" });
        var table = Q(Models.Hostile.Name);
        var text = Q(Models.Hostile.TextColumn);
        var key = Q(Models.Hostile.KeyColumn);

        for (var i = 0; i < Hostile.Length; i++)
        {
            var s = Hostile[i];
            db.Insert(new Hostile { Key = s, Text = s, Number = i });
            Assert.That(db.Get<Hostile>(s).Text, Is.EqualTo(s), $"Get by key {i}");
            Assert.That(db.Find<Hostile>(s)!.Key, Is.EqualTo(s), $"Find by key {i}");
            Assert.That(db.Query<Hostile>($"SELECT * FROM {table} WHERE {text} = ?", s).Select(h => h.Number), Is.EqualTo(new[] { i }), $"predicate {i}");
            Assert.That(db.ExecuteScalar<string>("SELECT ?", s), Is.EqualTo(s), $"scalar {i}");
            Assert.That(db.ExecuteScalar<int>($"SELECT count(*) FROM {table} WHERE {key} = @k AND {text} = @k", s), Is.EqualTo(1), $"named {i}");
            Assert.That(db.Execute($"UPDATE {table} SET {text} = $t WHERE {key} = :k", new Dictionary<string, object?> { ["t"] = s + s, ["k"] = s }), Is.EqualTo(1), $"dictionary {i}");
            Assert.That(db.Update(new Hostile { Key = s, Text = s, Number = i }), Is.EqualTo(1), $"update {i}");
            Assert.That(db.InsertOrReplace(new Hostile { Key = s, Text = s, Number = i }), Is.EqualTo(1), $"replace {i}");
        }

        Assert.That(db.Query<Hostile>($"SELECT * FROM {table} ORDER BY {Q("semi;colon -- /* x */")}").Select(h => (h.Key, h.Text)), Is.EqualTo(Hostile.Select(s => (s, (string?)s))));
        Assert.That(db.QueryScalars<string>("SELECT Name FROM people"), Is.EqualTo(new[] { "canary" }), "no statement was injected");
        foreach (var s in Hostile)
        {
            Assert.That(db.Delete<Hostile>(s), Is.EqualTo(1));
        }

        Assert.That(db.ExecuteScalar<int>($"SELECT count(*) FROM {table}"), Is.Zero);
    }

    [Test]
    public void Strings_with_NUL_characters_keep_every_character()
    {
        var db = OpenWith<Person>();
        const string value = "before\0after\0";
        db.Insert(new Person { Name = value });

        Assert.That(db.Get<Person>(1).Name, Is.EqualTo(value));
        Assert.That(db.ExecuteScalar<string>("SELECT Name FROM people"), Is.EqualTo(value));
        Assert.That(db.ExecuteScalar<int>("SELECT length(CAST(Name AS BLOB)) FROM people"), Is.EqualTo(13));
    }

    [Test]
    public void Negative_zero_reads_back_as_zero_without_its_sign()
    {
        // SQLite stores a REAL column's integral values as integers on disk, and the integer 0 has no sign.
        // -0.0 == 0.0, so this is a documented limitation rather than an error; the binary serializer keeps the sign.
        var db = OpenWith<AllTypes>();
        db.Insert(new AllTypes { Double = -0.0, Single = -0f, NDouble = -0.0 });

        var read = db.Get<AllTypes>(1L);

        Assert.That((double.IsNegative(read.Double), float.IsNegative(read.Single), double.IsNegative(read.NDouble!.Value)), Is.EqualTo((false, false, false)));
        Assert.That(read.Double, Is.EqualTo(0.0));
    }

    [TestCase(0xFEFF)]
    [TestCase(0xFFFE)]
    public void Text_starting_with_a_byte_order_mark_character_keeps_it(int first)
    {
        // SQLite treats these as a UTF-16 byte-order mark (dropping it, or byte-swapping the rest) unless bound as UTF-8.
        var db = OpenWith<Person>();
        var text = (char)first + "abc é🎉";
        db.Insert(new Person { Name = text });

        Assert.That(db.Get<Person>(1).Name, Is.EqualTo(text));
        Assert.That(db.ExecuteScalar<string>("SELECT ?", text), Is.EqualTo(text));
        Assert.That(db.ExecuteScalar<int>("SELECT count(*) FROM people WHERE Name = ?", text), Is.EqualTo(1));
    }

    // Built in code: attribute arguments are stored as UTF-8, which cannot carry a lone surrogate.
    private static readonly string[] BadUtf16 = ["a\ud800b", "a\udc00", "\ud800", "ok 🎉 then \udfff", "\udc00\ud800"];

    [TestCase(0, 1)]
    [TestCase(1, 1)]
    [TestCase(2, 0)]
    [TestCase(3, 11)]
    [TestCase(4, 0)]
    public void Unpaired_surrogates_are_refused_naming_the_position(int sample, int position)
    {
        var text = BadUtf16[sample];
        // Invalid UTF-16 has no UTF-8 form; SQLite's conversion would merge a lone surrogate with the next character.
        var db = OpenWith<Person>();

        var insert = Assert.Throws<ArgumentException>(() => db.Insert(new Person { Name = text }));
        var query = Assert.Throws<ArgumentException>(() => db.Query<Person>("SELECT * FROM people WHERE Name = ?", text));

        Assert.That(insert!.Message, Does.Contain("unpaired UTF-16 surrogate").And.Contain($"at position {position};"));
        Assert.That(query!.Message, Does.Contain("parameter 1"));
        Assert.That(db.ExecuteScalar<int>("SELECT count(*) FROM people"), Is.Zero);
        db.Insert(new Person { Name = "valid pair 🎉" });
        Assert.That(db.Get<Person>(1).Name, Is.EqualTo("valid pair 🎉"));
    }

    [Test]
    public void Names_needing_quotes_work_for_every_operation()
    {
        var db = OpenWith<Hostile>();

        Assert.That(db.Migrate<Hostile>().Result, Is.EqualTo(CreateTableResult.Migrated));
        Assert.That(db.Migrate<Hostile>().AddedColumns, Is.Empty);
        Assert.That(db.GetTableInfo(Models.Hostile.Name).Select(c => c.Name), Is.EqualTo(new[] { "select", Models.Hostile.TextColumn, "semi;colon -- /* x */" }));
        Assert.That(db.GetIndexNames(Models.Hostile.Name), Has.Some.Contains("col \"q\""));
        db.Insert(new Hostile { Key = "k", Text = "t", Number = 1 });
        db.Update(new Hostile { Key = "k", Text = "u", Number = 2 });
        Assert.That(db.Get<Hostile>("k").Text, Is.EqualTo("u"));
        Assert.That(db.Delete<Hostile>("k"), Is.EqualTo(1));
        db.DropTable<Hostile>();
        Assert.That(db.GetTableInfo(Models.Hostile.Name), Is.Empty);
    }

    [Test]
    public void Text_in_an_integer_column_read_into_an_int_member_names_the_column_and_value()
    {
        var db = OpenWith<Person>();
        db.Insert(new Person { Name = "p" });
        db.Execute("UPDATE people SET Age = 'abc'");

        var get = Assert.Throws<MicroDbException>(() => db.Get<Person>(1));
        var query = Assert.Throws<MicroDbException>(() => db.Query<Person>("SELECT * FROM people"));
        var scalar = Assert.Throws<MicroDbException>(() => db.ExecuteScalar<int>("SELECT Age FROM people"));
        var deferred = Assert.Throws<MicroDbException>(() => db.DeferredQuery<Person>("SELECT * FROM people").ToList());

        foreach (var error in new[] { get!, query!, scalar!, deferred! })
        {
            Assert.That(error.Message, Does.Contain("'Age'").And.Contain("'abc'").And.Contain("Int32"));
        }
    }

    [TestCase("Bool", "'yes'", "Boolean")]
    [TestCase("Int64", "x'616263'", "Int64")]
    [TestCase("Double", "'abc'", "Double")]
    [TestCase("Single", "x'00'", "Double")]
    [TestCase("Color", "'Blue'", "Int64")]
    [TestCase("TimeSpan", "'one day'", "TimeSpan")]
    [TestCase("DateTime", "x'0102'", "DateTime")]
    [TestCase("NInt32", "'none'", "Int32")]
    [TestCase("Char", "''", "Char")]
    public void Non_numbers_in_numeric_columns_are_errors_naming_the_column(string column, string literal, string type)
    {
        var db = OpenWith<AllTypes>();
        db.Insert(new AllTypes());
        db.Execute($"UPDATE AllTypes SET {column} = {literal}");

        var error = Assert.Throws<MicroDbException>(() => db.Get<AllTypes>(1L));

        Assert.That(error!.Message, Does.Contain($"'{column}'").And.Contain(type));
    }

    [Test]
    public void Numeric_text_NULL_and_reals_convert_as_SQLite_converts()
    {
        var db = OpenWith<Person>();

        // Numeric text from an expression without column affinity is a number.
        Assert.That(db.Query<Person>("SELECT 1 AS Id, 'n' AS Name, '42' AS Age").Single().Age, Is.EqualTo(42));
        Assert.That(db.Query<Person>("SELECT 1 AS Id, 'n' AS Name, ' 0 ' AS Age").Single().Age, Is.Zero);
        Assert.That(db.ExecuteScalar<double>("SELECT '0.0'"), Is.Zero);

        // NULL into a non-nullable member is its default (sqlite-net's meaning); a real is truncated like a C# cast.
        Assert.That(db.Query<Person>("SELECT 1 AS Id, 'n' AS Name, NULL AS Age").Single().Age, Is.Zero);
        Assert.That(db.Query<Person>("SELECT 1 AS Id, 'n' AS Name, 2.75 AS Age").Single().Age, Is.EqualTo(2));

        // Text with a numeric prefix is SQLite's to convert; MicroDb only catches what would silently become 0.
        Assert.That(db.Query<Person>("SELECT 1 AS Id, 'n' AS Name, '12abc' AS Age").Single().Age, Is.EqualTo(12));
    }

    [TestCase("Int32", "3000000000", "Int32")]
    [TestCase("Int32", "-2147483649", "Int32")]
    [TestCase("Byte", "256", "Byte")]
    [TestCase("SByte", "-129", "SByte")]
    [TestCase("Int16", "40000", "Int16")]
    [TestCase("UInt16", "-1", "UInt16")]
    [TestCase("UInt32", "-1", "UInt32")]
    [TestCase("Char", "65536", "Char")]
    [TestCase("NByte", "1000", "Byte")]
    public void Integers_outside_the_member_range_are_errors_not_truncated(string column, string value, string type)
    {
        var db = OpenWith<AllTypes>();
        db.Insert(new AllTypes());
        db.Execute($"UPDATE AllTypes SET {column} = {value}");

        var error = Assert.Throws<MicroDbException>(() => db.Get<AllTypes>(1L));

        Assert.That(error!.Message, Does.Contain($"'{column}'").And.Contain(value).And.Contain("outside the range of " + type));
    }

    [TestCase("DateTime", "-1", "DateTime")]
    [TestCase("TimeOnly", "-5", "TimeOnly")]
    [TestCase("DateOnly", "'yesterday'", "DateOnly")]
    [TestCase("DateTimeOffset", "'soon'", "DateTimeOffset")]
    [TestCase("DateTimeText", "'2024-13-45'", "DateTime")]
    [TestCase("Decimal", "'1,5'", "decimal")]
    [TestCase("NColorText", "'Purple'", "Color")]
    public void Invalid_stored_values_are_errors_naming_the_column(string column, string literal, string type)
    {
        var db = OpenWith<AllTypes>();
        db.Insert(new AllTypes());
        db.Execute($"UPDATE AllTypes SET {column} = {literal}");

        var error = Assert.Throws<MicroDbException>(() => db.Get<AllTypes>(1L));

        Assert.That(error!.Message, Does.Contain($"'{column}'").And.Contain("not a valid " + type));
    }

    [TestCase("ColorText", "'2'")]
    [TestCase("NColorText", "'42'")]
    [TestCase("NColorText", "42")]
    public void Integer_text_in_a_StoreAsText_enum_column_is_refused_naming_the_column_and_kept(string column, string literal)
    {
        // Only names are stored by name (a value without one is refused on write), so a number is no stored value.
        var db = OpenWith<AllTypes>();
        db.Insert(new AllTypes());
        db.Execute($"UPDATE AllTypes SET {column} = {literal}");

        var error = Assert.Throws<MicroDbException>(() => db.Get<AllTypes>(1L));

        Assert.That(error!.Message, Does.Contain($"'{column}'").And.Contain("'AllTypes'").And.Contain("not a valid Color"));
        Assert.That(db.ExecuteScalar<string>($"SELECT {column} FROM AllTypes"), Is.EqualTo(literal.Trim('\'')), "nothing stored is lost");
    }

    [Test]
    public void Null_into_NotNull_through_update_insertall_and_replace_names_the_column_and_keeps_nothing()
    {
        var db = OpenWith<Person>();
        db.Insert(new Person { Name = "kept" });

        var update = Assert.Throws<MicroDbConstraintException>(() => db.Update(new Person { Id = 1, Name = null! }));
        var all = Assert.Throws<MicroDbConstraintException>(() => db.InsertAll(new[] { new Person { Name = "a" }, new Person { Name = "b" }, new Person { Name = null! } }));
        var replace = Assert.Throws<MicroDbConstraintException>(() => db.InsertOrReplace(new Person { Id = 1, Name = null! }));

        foreach (var error in new[] { update!, all!, replace! })
        {
            Assert.That(error.Message, Does.Contain("people.Name"));
            Assert.That(error.ExtendedResultCode, Is.EqualTo(1299));
        }

        Assert.That(db.QueryScalars<string>("SELECT Name FROM people"), Is.EqualTo(new[] { "kept" }));
    }

    [Test]
    public void Extreme_dates_and_decimals_round_trip_exactly()
    {
        var db = OpenWith<AllTypes>();
        var cases = new[]
        {
            new AllTypes { DateTime = DateTime.MaxValue, NDateTime = new DateTime(DateTime.MaxValue.Ticks, DateTimeKind.Utc), Decimal = decimal.MaxValue, NDecimal = decimal.MinValue, TimeSpan = TimeSpan.MinValue, DateTimeOffset = new DateTimeOffset(DateTime.MaxValue.Ticks - TimeSpan.TicksPerDay, TimeSpan.FromHours(14)) },
            new AllTypes { DateTime = new DateTime(1, DateTimeKind.Local), NDateTime = DateTime.MinValue, Decimal = 0.0000000000000000000000000001m, NDecimal = new decimal(0, 0, 0, true, 28), DateTimeOffset = new DateTimeOffset(TimeSpan.TicksPerDay, TimeSpan.FromHours(-14)) },
            new AllTypes { Decimal = 1.000000000000000000000000000m, NDecimal = -79228162514264337593543950335m, DateTimeText = new DateTime(9999, 12, 31, 23, 59, 59, DateTimeKind.Utc).AddTicks(9_999_999), NDateTimeText = new DateTime(1, 1, 1, 0, 0, 0, DateTimeKind.Utc) },
        };
        db.InsertAll(cases);

        var read = db.Query<AllTypes>("SELECT * FROM AllTypes ORDER BY Id");

        for (var i = 0; i < cases.Length; i++)
        {
            Conformance.AllTypesSamples.AssertSame(cases[i], read[i]);
        }
    }

    [Test]
    public void Unsupported_argument_type_names_the_type_parameter_and_sql()
    {
        var db = OpenWith<Person>();

        var error = Assert.Throws<NotSupportedException>(() => db.Query<Person>("SELECT * FROM people WHERE Age = ?", new List<int> { 1 }));

        Assert.That(error!.Message, Does.Contain("List").And.Contain("parameter 1").And.Contain("SELECT * FROM people"));
    }

    [Test]
    public void Empty_and_null_sql_are_refused_with_typed_errors()
    {
        var db = Open();

        Assert.Throws<ArgumentNullException>(() => db.Execute(null!));
        Assert.Throws<ArgumentNullException>(() => db.DeferredQuery<Person>(null!));
        var empty = Assert.Throws<MicroDbException>(() => db.Execute("  -- only a comment"));
        Assert.That(empty!.Message, Does.Contain("no statement"));
    }

    [Test]
    public void Only_the_first_of_several_statements_runs_as_in_sqlite_net()
    {
        // sqlite3_prepare compiles one statement; the rest of the text is ignored, which also blunts stacked-query injection.
        var db = OpenWith<Person>();
        db.Insert(new Person { Name = "kept" });

        db.Execute("UPDATE people SET Age = 1; DROP TABLE people");

        Assert.That(db.ExecuteScalar<int>("SELECT Age FROM people"), Is.EqualTo(1));
    }

    [Test]
    public void BeginTransaction_inside_RunInTransaction_is_refused_and_the_work_is_undone()
    {
        var db = OpenWith<Person>();

        Assert.Throws<InvalidOperationException>(() => db.RunInTransaction(() =>
        {
            db.Insert(new Person { Name = "undone" });
            db.BeginTransaction();
        }));

        Assert.That(db.IsInTransaction, Is.False);
        Assert.That(db.ExecuteScalar<int>("SELECT count(*) FROM people"), Is.Zero);
    }

    [Test]
    public void Rollback_inside_RunInTransaction_undoes_everything_and_RunInTransaction_reports_it()
    {
        var db = OpenWith<Person>();

        Assert.Throws<ArgumentException>(() => db.RunInTransaction(() =>
        {
            db.Insert(new Person { Name = "undone" });
            db.Rollback();
        }));

        Assert.That(db.IsInTransaction, Is.False);
        Assert.That(db.ExecuteScalar<int>("SELECT count(*) FROM people"), Is.Zero);
        db.RunInTransaction(() => db.Insert(new Person { Name = "next" }));
        Assert.That(db.ExecuteScalar<int>("SELECT count(*) FROM people"), Is.EqualTo(1));
    }

    [Test]
    public void Commit_inside_RunInTransaction_keeps_the_work_and_RunInTransaction_reports_it()
    {
        var db = OpenWith<Person>();

        Assert.Throws<ArgumentException>(() => db.RunInTransaction(() =>
        {
            db.Insert(new Person { Name = "committed" });
            db.Commit();
        }));

        Assert.That(db.IsInTransaction, Is.False);
        Assert.That(db.ExecuteScalar<int>("SELECT count(*) FROM people"), Is.EqualTo(1));
    }

    [Test]
    public void RollbackTo_a_released_savepoint_and_a_foreign_name_are_refused()
    {
        var db = OpenWith<Person>();
        db.BeginTransaction();
        var sp = db.SaveTransactionPoint();
        db.Release(sp);

        Assert.Throws<ArgumentException>(() => db.RollbackTo(sp));
        Assert.Throws<ArgumentException>(() => db.RollbackTo("DROP TABLE people"));
        Assert.Throws<ArgumentNullException>(() => db.Release(null!));
        Assert.That(db.IsInTransaction, Is.True, "the misuse leaves the open transaction alone");
        db.Insert(new Person { Name = "a" });
        db.Commit();
        Assert.That(db.ExecuteScalar<int>("SELECT count(*) FROM people"), Is.EqualTo(1));
    }

    [Test]
    public void Releasing_a_savepoint_name_from_an_earlier_transaction_keeps_the_open_transaction()
    {
        var db = OpenWith<Person>();
        var stale = db.SaveTransactionPoint();
        db.Release(stale);
        db.BeginTransaction();
        db.Insert(new Person { Name = "pending" });

        // Same depth, so it passes the name check; SQLite refuses it. That must not undo the open transaction.
        var error = Assert.Throws<MicroDbException>(() => db.Release(stale));

        Assert.That(error!.Message, Does.Contain("no such savepoint"));
        Assert.That(db.IsInTransaction, Is.True);
        db.Commit();
        Assert.That(db.QueryScalars<string>("SELECT Name FROM people"), Is.EqualTo(new[] { "pending" }));
    }

    [Test]
    public void Every_operation_after_Dispose_is_ObjectDisposed()
    {
        var db = OpenWith<Person>();
        db.Insert(new Person { Name = "a" });
        db.Dispose();
        var person = new Person { Id = 1, Name = "a" };

        var calls = new (string Name, Action Call)[]
        {
            ("Get", () => db.Get<Person>(1)), ("Find", () => db.Find<Person>(1)), ("InsertAll", () => db.InsertAll(new[] { person })),
            ("Update", () => db.Update(person)), ("Delete", () => db.Delete(person)), ("DeleteByKey", () => db.Delete<Person>(1)),
            ("InsertOrReplace", () => db.InsertOrReplace(person)), ("Execute", () => db.Execute("SELECT 1")),
            ("ExecuteScalar", () => db.ExecuteScalar<int>("SELECT 1")), ("QueryScalars", () => db.QueryScalars<int>("SELECT 1")),
            ("DeferredQuery", () => db.DeferredQuery<Person>("SELECT * FROM people").ToList()), ("CreateTable", () => db.CreateTable<Person>()),
            ("RunInTransaction", () => db.RunInTransaction(() => { })), ("SaveTransactionPoint", () => db.SaveTransactionPoint()),
            ("Commit", () => db.Commit()), ("Handle", () => _ = db.Handle), ("GetTableInfo", () => db.GetTableInfo("people")),
        };

        foreach (var (name, call) in calls)
        {
            Assert.Throws<ObjectDisposedException>(call, name);
        }
    }
}
