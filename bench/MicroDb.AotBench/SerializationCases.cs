using MicroDb.Benchmarks.Models;
using MicroDb.Benchmarks.Serialization;
using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;

namespace MicroDb.AotBench;

/// <summary>Study 002: 30,000 mostly-textual objects written to a MemoryStream and read back, explicit code vs MicroDb's maps.</summary>
internal static class SerializationCases
{
    private const int Count = 30_000;
    private const string Serialize = "Serialize 30,000 objects";
    private const string Deserialize = "Deserialize 30,000 objects";

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

        results.Add(runner.Measure(Serialize, "explicit (baseline)", true, 1, () => WriteAll(output, records, explicitWrite, copy: false)));
        results.Add(runner.Measure(Serialize, "generated", false, 1, () => WriteAll(output, records, generatedWrite, copy: false)));
        results.Add(BenchRunner.Guard(Serialize, "reflection", () =>
        {
            Action<BinaryWriter, TextRecord> reflectionWrite = ReflectionMaps.For<TextRecord>().Serialize;
            Check(explicitBytes, WriteAll(output, records, reflectionWrite), "reflection");
            return runner.Measure(Serialize, "reflection", false, 1, () => WriteAll(output, records, reflectionWrite, copy: false));
        }));

        results.Add(runner.Measure(Deserialize, "explicit (baseline)", true, 1, () => ReadAll(explicitBytes, explicitRead)));
        results.Add(runner.Measure(Deserialize, "generated", false, 1, () => ReadAll(explicitBytes, generatedRead)));
        results.Add(BenchRunner.Guard(Deserialize, "reflection", () =>
        {
            Func<BinaryReader, TextRecord> reflectionRead = ReflectionMaps.For<TextRecord>().Deserialize;
            var back = ReadAll(explicitBytes, reflectionRead);
            if (back[Count - 1].Summary != records[Count - 1].Summary)
            {
                throw new InvalidOperationException("The reflection map read back different records.");
            }

            return runner.Measure(Deserialize, "reflection", false, 1, () => ReadAll(explicitBytes, reflectionRead));
        }));
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
