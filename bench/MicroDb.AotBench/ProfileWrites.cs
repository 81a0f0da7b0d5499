using MicroDb.Benchmarks.Crud;
using MicroDb.Benchmarks.Headline;
using MicroDb.Benchmarks.Infrastructure;
using MicroDb.Benchmarks.Models;
using MicroDb.Benchmarks.Serialization;
using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;
using SQLitePCL;

namespace MicroDb.AotBench;

/// <summary>
/// The write and serialization cases of <see cref="ProfileMode"/>: <c>insert</c> and <c>update</c> (the headline's
/// per-call Insert and Update of a 2-column TestRow, as CrudCases: a table seeded with 1,000 rows, WAL, synchronous
/// NORMAL, all calls inside one BEGIN IMMEDIATE transaction after a checkpoint, like a headline round; Insert re-inserts
/// 250 reused row objects, Update rotates through the 1,000 rows) and <c>serialize</c> (one body writes a chunk of 1,000
/// of the 30,000 TextRecords to a MemoryStream through a BinaryWriter, as SerializationCases). Sides: <c>hand</c>
/// (RawCrud / ExplicitTextRecordCodec), <c>generated</c> and <c>reflection</c> (the reflection map; under NativeAOT
/// it needs the models rooted: publish with <c>-p:RootModels=attribute</c>).
/// </summary>
internal static class ProfileWrites
{
    private const int Calls = 250;

    /// <summary>Whether <paramref name="name"/> is one of these cases.</summary>
    /// <param name="name">The case.</param>
    /// <returns>True for insert, update and serialize.</returns>
    public static bool IsCase(string name) => name is "insert" or "update" or "serialize";

    /// <summary>Sets up one side of one case.</summary>
    /// <param name="dir">Where the database files go.</param>
    /// <param name="name">insert, update or serialize.</param>
    /// <param name="side">hand, generated or reflection.</param>
    /// <param name="disposables">What to dispose at the end.</param>
    /// <returns>The connection handle to run the calls in a write transaction on (null for serialize) and the body.</returns>
    public static (sqlite3? Db, Func<int, int> Body) Setup(TempDirectory dir, string name, string side, List<IDisposable> disposables)
    {
        if (name == "serialize")
        {
            return (null, Serialize(side, disposables));
        }

        var data = new CrudData(1000);
        var inserts = data.Inserts.Take(Calls).Select(r => new TestRow { TextData = r.TextData }).ToArray();
        var updates = data.Updates;
        if (side == "hand")
        {
            var rawCrud = new RawCrud(dir.File("raw.db"), Durability.MicroDbDefault, Maps.Generated<TestRow>());
            disposables.Add(rawCrud);
            rawCrud.CreateTable();
            CrudTables.Reset(rawCrud.Db, data.Seed);
            WriteBatch.Setup(rawCrud.Db);
            var one = new TestRow[1];
            return (rawCrud.Db, name == "insert"
                ? i =>
                {
                    one[0] = inserts[i % Calls];
                    return rawCrud.Insert(one, false);
                }
                : i =>
                {
                    one[0] = updates[i % updates.Length];
                    return rawCrud.Update(one, false);
                });
        }

        var mode = side == "generated" ? MappingMode.Generated : MappingMode.Reflection;
        var c = new MicroDbConnection(RawSqlite.Options(dir.File(side + ".db"), Durability.MicroDbDefault, mode));
        disposables.Add(c);
        c.CreateTable<TestRow>();
        CrudTables.Reset(c.Handle, data.Seed);
        WriteBatch.Setup(c.Handle);
        return (c.Handle, name == "insert"
            ? i => c.Insert(inserts[i % Calls])
            : i => c.Update(updates[i % updates.Length]));
    }

    private static Func<int, int> Serialize(string side, List<IDisposable> disposables)
    {
        const int count = 30_000, chunk = 1_000;
        var records = TextRecordData.Create(count);
        var output = new MemoryStream(16 * 1024 * 1024);
        disposables.Add(output);
        var writer = new BinaryWriter(output, System.Text.Encoding.UTF8, leaveOpen: true);
        disposables.Add(writer);
        Action<BinaryWriter, TextRecord> write = side switch
        {
            "hand" => ExplicitTextRecordCodec.Write,
            "generated" => Maps.Generated<TextRecord>().Serialize,
            _ => ReflectionMaps.For<TextRecord>().Serialize,
        };
        return i =>
        {
            var start = (i % (count / chunk)) * chunk;
            output.Position = 0;
            for (var r = start; r < start + chunk; r++)
            {
                write(writer, records[r]);
            }

            writer.Flush();
            return chunk;
        };
    }
}
