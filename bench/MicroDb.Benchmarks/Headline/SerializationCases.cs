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
/// vs MicroDb's maps (same bytes, checked), with MemoryPack beside (its own format, an array per call into a reused
/// buffer; JIT headline only). Timed in chunks of 1,000 objects that rotate through the 30,000 from round to round
/// (short timed bodies, see <see cref="BenchRunner"/>); times are scaled to 30,000 objects.
/// </summary>
public static class SerializationCases
{
    private const int Count = 30_000;
    private const int Chunk = 1_000;
    private const int Chunks = Count / Chunk;

    /// <summary>Case names.</summary>
    public const string Serialize = "Serialize 30,000 objects", Deserialize = "Deserialize 30,000 objects";

    /// <summary>Runs both cases on every side.</summary>
    /// <param name="runner">The runner.</param>
    /// <param name="results">Where measurements go.</param>
    public static void Run(BenchRunner runner, List<Measurement> results)
    {
        var records = TextRecordData.Create(Count);
        var output = new MemoryStream(16 * 1024 * 1024);
        var explicitBytes = WriteAll(output, records, ExplicitTextRecordCodec.Write, out var offsets);
        var map = Maps.Generated<TextRecord>();

        // Delegates made once: a method group converted per call would allocate a delegate inside the measurement.
        Action<BinaryWriter, TextRecord> explicitWrite = ExplicitTextRecordCodec.Write;
        Func<BinaryReader, TextRecord> explicitRead = ExplicitTextRecordCodec.Read;
        Action<BinaryWriter, TextRecord> generatedWrite = map.Serialize;
        Func<BinaryReader, TextRecord> generatedRead = map.Deserialize;
        Check(explicitBytes, WriteAll(output, records, generatedWrite, out _), "generated");
        Check(records, ReadAll(explicitBytes, generatedRead), "generated");

        Action<BinaryWriter, TextRecord>? reflectionWrite = null;
        Func<BinaryReader, TextRecord>? reflectionRead = null;
        var reflectionOk = BenchRunner.TrySetup(Serialize, "MicroDb reflection", SideRole.Reflection, () =>
        {
            var reflection = ReflectionMaps.For<TextRecord>();
            reflectionWrite = reflection.Serialize;
            reflectionRead = reflection.Deserialize;
            Check(explicitBytes, WriteAll(output, records, reflectionWrite, out _), "reflection");
            Check(records, ReadAll(explicitBytes, reflectionRead), "reflection");
        }, out var failure);

        var writers = new List<Side>
        {
            new("explicit BinaryWriter", SideRole.HandWritten, Writer(output, records, explicitWrite)),
            new("MicroDb generated", SideRole.Generated, Writer(output, records, generatedWrite)),
        };
        var readers = new List<Side>
        {
            new("explicit BinaryReader", SideRole.HandWritten, Reader(explicitBytes, offsets, explicitRead)),
            new("MicroDb generated", SideRole.Generated, Reader(explicitBytes, offsets, generatedRead)),
        };
        if (reflectionOk)
        {
            writers.Add(new("MicroDb reflection", SideRole.Reflection, Writer(output, records, reflectionWrite!)));
            readers.Add(new("MicroDb reflection", SideRole.Reflection, Reader(explicitBytes, offsets, reflectionRead!)));
        }

#if HEADLINE_PEERS
        var packable = records.Select(MemoryPackRecord.From).Chunk(Chunk).ToArray();
        var buffer = new ArrayBufferWriter<byte>(4 * 1024 * 1024);
        var packed = packable.Select(chunk => MemoryPackSerializer.Serialize(chunk)).ToArray();
        if (MemoryPackSerializer.Deserialize<MemoryPackRecord[]>(packed[Chunks - 1])![Chunk - 1].Summary != records[Count - 1].Summary)
        {
            throw new InvalidOperationException("MemoryPack read back different records.");
        }

        var (w, r) = (0, 0);
        writers.Add(new("MemoryPack", SideRole.Peer, () =>
        {
            buffer.ResetWrittenCount();
            MemoryPackSerializer.Serialize(buffer, packable[w++ % Chunks]);
        }));
        readers.Add(new("MemoryPack", SideRole.Peer, () => _ = MemoryPackSerializer.Deserialize<MemoryPackRecord[]>(packed[r++ % Chunks])));
#endif

        results.AddRange(runner.Measure(Serialize, 1.0 / Chunks, writers));
        if (failure is not null)
        {
            results.Add(failure);
        }

        results.AddRange(runner.Measure(Deserialize, 1.0 / Chunks, readers));
        if (failure is not null)
        {
            results.Add(new Measurement { Case = Deserialize, Side = failure.Side, Role = failure.Role, Failure = failure.Failure });
        }
    }

    /// <summary>A body that writes the next chunk of 1,000 records.</summary>
    private static Action Writer(MemoryStream output, TextRecord[] records, Action<BinaryWriter, TextRecord> write)
    {
        var next = 0;
        var writer = new BinaryWriter(output, System.Text.Encoding.UTF8, leaveOpen: true);
        return () =>
        {
            var start = (next++ % Chunks) * Chunk;
            output.Position = 0;
            for (var i = start; i < start + Chunk; i++)
            {
                write(writer, records[i]);
            }

            writer.Flush();
        };
    }

    /// <summary>A body that reads the next chunk of 1,000 records.</summary>
    private static Action Reader(byte[] bytes, long[] offsets, Func<BinaryReader, TextRecord> read)
    {
        var next = 0;
        var stream = new MemoryStream(bytes, writable: false);
        var reader = new BinaryReader(stream, System.Text.Encoding.UTF8, leaveOpen: true);
        var result = new TextRecord[Chunk];
        return () =>
        {
            stream.Position = offsets[next++ % Chunks];
            for (var i = 0; i < Chunk; i++)
            {
                result[i] = read(reader);
            }
        };
    }

    private static byte[] WriteAll(MemoryStream output, TextRecord[] records, Action<BinaryWriter, TextRecord> write, out long[] offsets)
    {
        offsets = new long[Chunks];
        output.Position = 0;
        using (var w = new BinaryWriter(output, System.Text.Encoding.UTF8, leaveOpen: true))
        {
            for (var i = 0; i < records.Length; i++)
            {
                if (i % Chunk == 0)
                {
                    w.Flush();
                    offsets[i / Chunk] = output.Position;
                }

                write(w, records[i]);
            }
        }

        return output.ToArray().AsSpan(0, (int)output.Position).ToArray();
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

    private static void Check(TextRecord[] expected, TextRecord[] actual, string side)
    {
        if (actual[Count - 1].Summary != expected[Count - 1].Summary || actual[Count / 2].Notes != expected[Count / 2].Notes)
        {
            throw new InvalidOperationException($"The {side} map read back different records.");
        }
    }
}
