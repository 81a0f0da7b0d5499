using MicroDb.Benchmarks.Models;
using MicroDb.Benchmarks.Serialization;
using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;
#if HEADLINE_PEERS
using System.Buffers;
using MemoryPack;
using MicroDb.Benchmarks.Peers;
#endif

namespace MicroDb.Benchmarks.Headline;

/// <summary>
/// Study 002: 30,000 mostly-textual objects written to a MemoryStream and read back, explicit BinaryWriter/Reader code
/// vs MicroDb's maps (same bytes, checked), with MemoryPack beside (its own format, the whole array in one call into a
/// reused buffer; JIT headline only).
/// </summary>
public static class SerializationCases
{
    private const int Count = 30_000;
    /// <summary>Case names.</summary>
    public const string Serialize = "Serialize 30,000 objects", Deserialize = "Deserialize 30,000 objects";

    /// <summary>Runs both cases on every side.</summary>
    /// <param name="runner">The runner.</param>
    /// <param name="results">Where measurements go.</param>
    public static void Run(BenchRunner runner, List<Measurement> results)
    {
        var records = TextRecordData.Create(Count);
        var output = new MemoryStream(16 * 1024 * 1024);
        var explicitBytes = WriteAll(output, records, ExplicitTextRecordCodec.Write);
        var map = Maps.Generated<TextRecord>();

        // Delegates made once: a method group converted per call would allocate a delegate inside the measurement.
        Action<BinaryWriter, TextRecord> explicitWrite = ExplicitTextRecordCodec.Write;
        Func<BinaryReader, TextRecord> explicitRead = ExplicitTextRecordCodec.Read;
        Action<BinaryWriter, TextRecord> generatedWrite = map.Serialize;
        Func<BinaryReader, TextRecord> generatedRead = map.Deserialize;
        Check(explicitBytes, WriteAll(output, records, generatedWrite), "generated");

        Action<BinaryWriter, TextRecord>? reflectionWrite = null;
        Func<BinaryReader, TextRecord>? reflectionRead = null;
        var reflectionOk = BenchRunner.TrySetup(Serialize, "MicroDb reflection", SideRole.Reflection, () =>
        {
            var reflection = ReflectionMaps.For<TextRecord>();
            reflectionWrite = reflection.Serialize;
            reflectionRead = reflection.Deserialize;
            Check(explicitBytes, WriteAll(output, records, reflectionWrite), "reflection");
            if (ReadAll(explicitBytes, reflectionRead)[Count - 1].Summary != records[Count - 1].Summary)
            {
                throw new InvalidOperationException("The reflection map read back different records.");
            }
        }, out var failure);

        var writers = new List<Side>
        {
            new("explicit BinaryWriter", SideRole.HandWritten, () => WriteAll(output, records, explicitWrite, copy: false)),
            new("MicroDb generated", SideRole.Generated, () => WriteAll(output, records, generatedWrite, copy: false)),
        };
        var readers = new List<Side>
        {
            new("explicit BinaryReader", SideRole.HandWritten, () => ReadAll(explicitBytes, explicitRead)),
            new("MicroDb generated", SideRole.Generated, () => ReadAll(explicitBytes, generatedRead)),
        };
        if (reflectionOk)
        {
            writers.Add(new("MicroDb reflection", SideRole.Reflection, () => WriteAll(output, records, reflectionWrite!, copy: false)));
            readers.Add(new("MicroDb reflection", SideRole.Reflection, () => ReadAll(explicitBytes, reflectionRead!)));
        }

#if HEADLINE_PEERS
        var packable = records.Select(MemoryPackRecord.From).ToArray();
        var buffer = new ArrayBufferWriter<byte>(16 * 1024 * 1024);
        MemoryPackSerializer.Serialize(buffer, packable);
        var packed = buffer.WrittenSpan.ToArray();
        if (MemoryPackSerializer.Deserialize<MemoryPackRecord[]>(packed)![Count - 1].Summary != records[Count - 1].Summary)
        {
            throw new InvalidOperationException("MemoryPack read back different records.");
        }

        writers.Add(new("MemoryPack", SideRole.Peer, () =>
        {
            buffer.ResetWrittenCount();
            MemoryPackSerializer.Serialize(buffer, packable);
        }));
        readers.Add(new("MemoryPack", SideRole.Peer, () => _ = MemoryPackSerializer.Deserialize<MemoryPackRecord[]>(packed)));
#endif

        results.AddRange(runner.Measure(Serialize, 1, writers));
        if (failure is not null)
        {
            results.Add(failure);
        }

        results.AddRange(runner.Measure(Deserialize, 1, readers));
        if (failure is not null)
        {
            results.Add(new Measurement { Case = Deserialize, Side = failure.Side, Role = failure.Role, Failure = failure.Failure });
        }
    }

    private static byte[] WriteAll(MemoryStream output, TextRecord[] records, Action<BinaryWriter, TextRecord> write, bool copy = true)
    {
        output.Position = 0;
        using (var w = new BinaryWriter(output, System.Text.Encoding.UTF8, leaveOpen: true))
        {
            foreach (var r in records)
            {
                write(w, r);
            }
        }

        return copy ? output.ToArray().AsSpan(0, (int)output.Position).ToArray() : [];
    }

    private static TextRecord[] ReadAll(byte[] bytes, Func<BinaryReader, TextRecord> read)
    {
        using var r = new BinaryReader(new MemoryStream(bytes, writable: false), System.Text.Encoding.UTF8, leaveOpen: false);
        var result = new TextRecord[Count];
        for (var i = 0; i < result.Length; i++)
        {
            result[i] = read(r);
        }

        return result;
    }

    private static void Check(byte[] expected, byte[] actual, string side)
    {
        if (!expected.AsSpan().SequenceEqual(actual))
        {
            throw new InvalidOperationException($"The {side} map writes different bytes than the explicit code.");
        }
    }
}
