using MicroDb.Conformance;
using MicroDb.Conformance.Models;
using MicroDb.Mapping;
using MicroDb.Native;
using MicroDb.Runtime.Reflection;

namespace MicroDb.Npgsql.Tests;

/// <summary>
/// SQLite on the typed column contract (issue 24): <see cref="SqliteColumnWriter"/> and <see cref="SqliteColumnReader"/>
/// store and read exactly what the maps' own binders and readers do, for every AllTypes sample, on both mapping paths,
/// under MicroDb's storage format and sqlite-net's, enums stored by name included (they cross as their name). SQLite's
/// CRUD binds and reads through the same writer and reader; no server is needed.
/// </summary>
[TestFixture(MappingMode.Generated, "microdb")]
[TestFixture(MappingMode.Generated, "sqlite-net")]
[TestFixture(MappingMode.Generated, "sqlite-net text dates")]
[TestFixture(MappingMode.Reflection, "microdb")]
[TestFixture(MappingMode.Reflection, "sqlite-net")]
[TestFixture(MappingMode.Reflection, "sqlite-net text dates")]
public sealed class SqliteTypedColumnsTests(MappingMode mapping, string storage)
{
    private const long TypedId = 1000;

    private MicroDbConnection _db = null!;
    private EntityMap<AllTypes> _map = null!;

    public static IEnumerable<string> Samples => ["minimums", "maximums", "nulls"];

    [SetUp]
    public void Open()
    {
        ReflectionMaps.Enable();
        _db = new MicroDbConnection(new MicroDbOptions(":memory:")
        {
            Mapping = mapping,
            Storage = storage switch
            {
                "microdb" => StorageFormat.MicroDb,
                "sqlite-net" => StorageFormat.SqliteNet(),
                _ => StorageFormat.SqliteNet(storeDateTimeAsTicks: false),
            },
        });
        _map = mapping == MappingMode.Generated ? EntityMapRegistry.GetGenerated<AllTypes>()! : ReflectionMaps.For<AllTypes>();
        Assert.That(_map, Is.Not.Null);
        Assert.That(_map.IsGenerated, Is.EqualTo(mapping == MappingMode.Generated));
        _db.CreateTable<AllTypes>();
    }

    [TearDown]
    public void Close() => _db.Dispose();

    private static AllTypes Sample(string name) => name switch
    {
        "minimums" => AllTypesSamples.Minimums(),
        "maximums" => AllTypesSamples.Maximums(),
        _ => AllTypesSamples.Nulls(),
    };

    private IReadOnlyList<ColumnMapping> Columns => _map.Table.Columns;

    private ColumnKind[] Kinds => Columns.Select(c => c.Kind).ToArray();

    /// <summary>SQLite's writer binding column i to parameter i + 1 (a plain INSERT of every column).</summary>
    private SqliteColumnWriter EveryColumn(SqliteStatement statement) =>
        new(statement, SqliteColumnWriter.Parameters(Enumerable.Range(1, Columns.Count).ToArray(), Kinds));

    private string ColumnList(Func<ColumnMapping, string> each) => string.Join(", ", Columns.Select(each));

    /// <summary>Writes <paramref name="entity"/> through the typed contract into a plain INSERT of every column.</summary>
    private void InsertTyped(AllTypes entity)
    {
        var sql = $"INSERT INTO \"{_map.Table.TableName}\" ({ColumnList(c => $"\"{c.Name}\"")}) VALUES ({ColumnList(_ => "?")})";
        using var statement = _db.Runner.Prepare(sql);
        var writer = EveryColumn(statement);
        ((ITypedColumns<AllTypes>)_map).WriteColumns(entity, ref writer);
        Assert.That(statement.Step(), Is.False);
    }

    private string[] StoredBytes(long id)
    {
        var select = $"SELECT {ColumnList(c => $"typeof(\"{c.Name}\") || ':' || quote(\"{c.Name}\")")} FROM \"{_map.Table.TableName}\" WHERE \"Id\" = ?";
        using var statement = _db.Runner.Prepare(select);
        statement.Bind(1, id);
        Assert.That(statement.Step(), Is.True, $"row {id}");
        return Enumerable.Range(0, Columns.Count).Where(i => Columns[i].Name != "Id").Select(i => $"{Columns[i].Name} = {statement.GetString(i)}").ToArray();
    }

    [TestCaseSource(nameof(Samples))]
    public void A_row_written_through_the_typed_contract_reads_back_equal_through_Get(string sample)
    {
        var inserted = Sample(sample);
        _db.Insert(inserted);
        var typed = Sample(sample);
        typed.Id = TypedId;
        InsertTyped(typed);

        // Under sqlite-net's format some edge values do not survive even Insert and Get (decimal is stored as REAL):
        // then the typed row must fail to read back with the same error.
        if (!SameOutcome(() => _db.Get<AllTypes>(inserted.Id), () => _db.Get<AllTypes>(TypedId), out var expected, out var back))
        {
            return;
        }

        AllTypesSamples.AssertSame(expected, back);
        if (storage == "microdb")
        {
            AllTypesSamples.AssertSame(typed, back);
        }
    }

    [TestCaseSource(nameof(Samples))]
    public void The_typed_contract_stores_the_same_bytes_as_Insert(string sample)
    {
        var inserted = Sample(sample);
        _db.Insert(inserted);
        var typed = Sample(sample);
        typed.Id = TypedId;
        InsertTyped(typed);

        Assert.That(StoredBytes(TypedId), Is.EqualTo(StoredBytes(inserted.Id)));
    }

    [TestCaseSource(nameof(Samples))]
    public void A_row_written_by_Insert_reads_back_equal_through_the_typed_reader(string sample)
    {
        var inserted = Sample(sample);
        _db.Insert(inserted);

        using var statement = _db.Runner.Prepare($"SELECT * FROM \"{_map.Table.TableName}\" WHERE \"Id\" = ?");
        statement.Bind(1, inserted.Id);
        Assert.That(statement.Step(), Is.True);
        var reader = new SqliteColumnReader(statement, _map.ResolveOrdinals(statement), Kinds);
        if (!SameOutcome(() => _db.Get<AllTypes>(inserted.Id), () => ((ITypedColumns<AllTypes>)_map).ReadColumns(ref reader), out var expected, out var read))
        {
            return;
        }

        Assert.That(read.Id, Is.EqualTo(inserted.Id));
        AllTypesSamples.AssertSame(expected, read);
    }

    /// <summary>
    /// Runs both reads: true with both results when the ordinary one succeeds (the other must too); false when the
    /// ordinary one fails, after checking the other fails with the same exception type and message.
    /// </summary>
    private static bool SameOutcome(Func<AllTypes> ordinary, Func<AllTypes> typed, out AllTypes expected, out AllTypes actual)
    {
        Exception? failure = null;
        expected = null!;
        actual = null!;
        try
        {
            expected = ordinary();
        }
        catch (MicroDbException e)
        {
            failure = e;
        }

        if (failure is null)
        {
            actual = typed();
            return true;
        }

        var typedFailure = Assert.Catch(() => typed());
        Assert.That(typedFailure!.GetType(), Is.EqualTo(failure.GetType()));
        Assert.That(typedFailure.InnerException?.GetType(), Is.EqualTo(failure.InnerException?.GetType()));
        Assert.That(StripSql(typedFailure.Message), Is.EqualTo(StripSql(failure.Message)));
        return false;
    }

    private static string StripSql(string message) => message.Split(" (SQL:")[0];

    /// <summary>Ordinals for a result whose only column, 0, is ColorText.</summary>
    private int[] OnlyColorText()
    {
        var ordinals = Enumerable.Repeat(-1, Columns.Count).ToArray();
        ordinals[Columns.Select((c, i) => (c, i)).Single(x => x.c.Name == "ColorText").i] = 0;
        return ordinals;
    }

    [Test]
    public void An_enum_stored_by_name_crosses_the_typed_writer_as_its_name()
    {
        var entity = AllTypesSamples.Minimums();
        entity.Id = TypedId;
        entity.ColorText = Color.Green;
        InsertTyped(entity);

        var stored = _db.ExecuteScalar<string>($"SELECT typeof(\"ColorText\") || ':' || \"ColorText\" FROM \"{_map.Table.TableName}\"");
        Assert.That(stored, Is.EqualTo("text:Green"));
        using var statement = _db.Runner.Prepare($"SELECT \"ColorText\" FROM \"{_map.Table.TableName}\"");
        Assert.That(statement.Step(), Is.True);
        var reader = new SqliteColumnReader(statement, OnlyColorText(), Kinds);
        Assert.That(((ITypedColumns<AllTypes>)_map).ReadColumns(ref reader).ColorText, Is.EqualTo(Color.Green));
    }

    [Test]
    public void An_unknown_name_is_refused_by_the_typed_reader_naming_the_column_and_the_text()
    {
        _db.Execute($"INSERT INTO \"{_map.Table.TableName}\" (\"Id\", \"ColorText\") VALUES (7, 'Mauve')");
        using var statement = _db.Runner.Prepare($"SELECT \"ColorText\" FROM \"{_map.Table.TableName}\"");
        Assert.That(statement.Step(), Is.True);
        var reader = new SqliteColumnReader(statement, OnlyColorText(), Kinds);

        var error = Assert.Throws<MicroDbException>(() => ((ITypedColumns<AllTypes>)_map).ReadColumns(ref reader));
        Assert.That(error!.Message, Does.Contain("ColorText").And.Contain("'Mauve'"));
        Assert.That(_db.ExecuteScalar<long>($"SELECT count(*) FROM \"{_map.Table.TableName}\""), Is.EqualTo(1), "the row is kept");
    }

    [Test]
    public void A_value_of_the_wrong_stored_value_is_refused_by_the_typed_reader_as_by_Get()
    {
        _db.Execute($"INSERT INTO \"{_map.Table.TableName}\" (\"Id\", \"Byte\") VALUES (7, 300)");
        using var statement = _db.Runner.Prepare($"SELECT \"Byte\" FROM \"{_map.Table.TableName}\"");
        Assert.That(statement.Step(), Is.True);
        var byteColumn = Columns.Select((c, i) => (c, i)).Single(x => x.c.Name == "Byte").i;
        var ordinals = Enumerable.Repeat(-1, Columns.Count).ToArray();
        ordinals[byteColumn] = 0;
        var reader = new SqliteColumnReader(statement, ordinals, Kinds);

        var viaGet = Assert.Catch(() => _db.Get<AllTypes>(7L));
        var viaReader = Assert.Catch(() => reader.Read<byte>(byteColumn));
        Assert.That(viaReader!.GetType(), Is.EqualTo(viaGet!.GetType()));
        Assert.That(viaReader.Message, Does.Contain("300"));
    }

    [Test]
    public void Typed_writes_and_reads_of_value_types_allocate_nothing()
    {
        var sql = $"INSERT INTO \"{_map.Table.TableName}\" ({ColumnList(c => $"\"{c.Name}\"")}) VALUES ({ColumnList(_ => "?")})";
        using var insert = _db.Runner.Prepare(sql);
        var writer = EveryColumn(insert);
        int Index(string name) => Columns.Select((c, i) => (c, i)).Single(x => x.c.Name == name).i;
        int int32 = Index("Int32"), nInt64 = Index("NInt64"), dbl = Index("Double"), when = Index("DateTime"), guid = Index("Guid"),
            span = Index("TimeSpan"), nWhen = Index("NDateTimeOffset"), nSpan = Index("NTimeSpan"), color = Index("Color");
        var at = new DateTime(2024, 5, 6, 7, 8, 9, DateTimeKind.Utc);
        var id = Guid.Parse("01234567-89ab-cdef-0123-456789abcdef");
        void WriteAll(int i)
        {
            writer.Write(int32, i);
            writer.Write(nInt64, (long?)i);
            writer.Write(dbl, 0.5 * i);
            writer.Write(when, at);
            writer.Write(guid, id);
            writer.Write(span, TimeSpan.FromTicks(i));
            writer.Write(nWhen, (DateTimeOffset?)null);
            writer.Write(color, 2L);
        }

        WriteAll(0);
        var before = GC.GetAllocatedBytesForCurrentThread();
        for (var i = 0; i < 1000; i++)
        {
            WriteAll(i);
        }

        Assert.That(GC.GetAllocatedBytesForCurrentThread() - before, Is.EqualTo(0), "bytes for 8,000 typed binds");

        _db.Insert(AllTypesSamples.Maximums());
        using var select = _db.Runner.Prepare($"SELECT * FROM \"{_map.Table.TableName}\"");
        Assert.That(select.Step(), Is.True);
        var reader = new SqliteColumnReader(select, _map.ResolveOrdinals(select), Kinds);

        // (Not DateTimeOffset: its decoder reads the stored text as a string, the statement's own cost on either path.)
        long ReadAll() => reader.Read<int>(int32) + (reader.Read<long?>(nInt64) ?? 0) + (long)reader.Read<double>(dbl)
            + reader.Read<DateTime>(when).Ticks + reader.Read<Guid>(guid).GetHashCode() + reader.Read<TimeSpan>(span).Ticks
            + (reader.Read<TimeSpan?>(nSpan)?.Ticks ?? 0) + reader.Read<long>(color);
        var expected = ReadAll();
        var mismatches = 0;
        before = GC.GetAllocatedBytesForCurrentThread();
        for (var i = 0; i < 1000; i++)
        {
            mismatches += ReadAll() == expected ? 0 : 1;
        }

        var typedBytes = GC.GetAllocatedBytesForCurrentThread() - before;

        // The same reads straight from the statement: under sqlite-net's format some decoders allocate of their own
        // (text parsing); the contract must add nothing to that, and under MicroDb's format that is nothing at all.
        var o = _map.ResolveOrdinals(select);
        long ReadDirect() => select.GetInt32(o[int32]) + (select.GetNullableInt64(o[nInt64]) ?? 0) + (long)select.GetDouble(o[dbl])
            + select.GetDateTime(o[when]).Ticks + select.GetGuid(o[guid]).GetHashCode() + select.GetTimeSpan(o[span]).Ticks
            + (select.GetNullableTimeSpan(o[nSpan])?.Ticks ?? 0) + select.GetInt64(o[color]);
        mismatches += ReadDirect() == expected ? 0 : 1;
        before = GC.GetAllocatedBytesForCurrentThread();
        for (var i = 0; i < 1000; i++)
        {
            mismatches += ReadDirect() == expected ? 0 : 1;
        }

        var directBytes = GC.GetAllocatedBytesForCurrentThread() - before;
        Assert.That(mismatches, Is.EqualTo(0));
        Assert.That(typedBytes, Is.EqualTo(directBytes), "bytes for 8,000 typed reads against the same reads made directly");
        if (storage == "microdb")
        {
            Assert.That(typedBytes, Is.EqualTo(0), "bytes for 8,000 typed reads");
        }
    }
}
