using System.Text.Json;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using MicroDb.Benchmarks.Models;
using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;

namespace MicroDb.Benchmarks.Serialization;

/// <summary>
/// Study 002: 30,000 mostly-textual objects written to and read back from a binary stream. The explicit
/// BinaryWriter/Reader code is the baseline; MicroDb's generated and reflection maps write the same bytes
/// (checked in setup); System.Text.Json (reflection and source generator) is the control.
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class SerializationBenchmarks
{
    private const int Count = 30_000;
    private TextRecord[] _records = [];
    private MemoryStream _output = new();
    private byte[] _binary = [];
    private byte[] _json = [];
    private EntityMap<TextRecord> _generated = null!;
    private EntityMap<TextRecord> _reflection = null!;
    private readonly JsonSerializerOptions _jsonOptions = new();
    private Peers.MemoryPackRecord[] _packable = [];
    private byte[] _packed = [];
    private readonly System.Buffers.ArrayBufferWriter<byte> _packBuffer = new(16 * 1024 * 1024);

    /// <summary>Builds the records and the streams to read, and checks every binary path writes identical bytes.</summary>
    [GlobalSetup]
    public void Setup()
    {
        _generated = Maps.Generated<TextRecord>();
        _reflection = ReflectionMaps.For<TextRecord>();
        _records = TextRecordData.Create(Count);
        _output = new MemoryStream(16 * 1024 * 1024);

        var explicitBytes = WriteAll((w, r) => ExplicitTextRecordCodec.Write(w, r));
        var generatedBytes = WriteAll(_generated.Serialize);
        var reflectionBytes = WriteAll(_reflection.Serialize);
        var studyBytes = WriteAll(StudyStyleReflectionCodec.Write);
        if (!explicitBytes.AsSpan().SequenceEqual(generatedBytes) || !explicitBytes.AsSpan().SequenceEqual(reflectionBytes) || !explicitBytes.AsSpan().SequenceEqual(studyBytes))
        {
            throw new InvalidOperationException("The binary serializers disagree: generated, reflection and explicit must write identical bytes.");
        }

        _binary = explicitBytes;
        _json = JsonSerializer.SerializeToUtf8Bytes(_records, BenchJsonContext.Default.TextRecordArray);
        _packable = _records.Select(Peers.MemoryPackRecord.From).ToArray();
        _packed = MemoryPack.MemoryPackSerializer.Serialize(_packable);
    }

    /// <summary>MemoryPack (source-generated, its own binary format): the limit a .NET binary serializer reaches today.</summary>
    [Benchmark(Description = "MemoryPack"), BenchmarkCategory("Serialize")]
    public long Serialize_MemoryPack()
    {
        _packBuffer.ResetWrittenCount();
        MemoryPack.MemoryPackSerializer.Serialize(_packBuffer, _packable);
        return _packBuffer.WrittenCount;
    }

    /// <summary>MemoryPack deserialization of the same 30,000 records.</summary>
    [Benchmark(Description = "MemoryPack"), BenchmarkCategory("Deserialize")]
    public Peers.MemoryPackRecord[] Deserialize_MemoryPack() => MemoryPack.MemoryPackSerializer.Deserialize<Peers.MemoryPackRecord[]>(_packed)!;

    /// <summary>Explicit BinaryWriter code (baseline).</summary>
    [Benchmark(Baseline = true, Description = "Explicit BinaryWriter"), BenchmarkCategory("Serialize")]
    public long Serialize_Explicit()
    {
        var w = Writer();
        foreach (var r in _records)
        {
            ExplicitTextRecordCodec.Write(w, r);
        }

        w.Flush();
        return _output.Position;
    }

    /// <summary>MicroDb's generated map.</summary>
    [Benchmark(Description = "MicroDb generated map"), BenchmarkCategory("Serialize")]
    public long Serialize_Generated()
    {
        var w = Writer();
        var map = _generated;
        foreach (var r in _records)
        {
            map.Serialize(w, r);
        }

        w.Flush();
        return _output.Position;
    }

    /// <summary>MicroDb's reflection-built map.</summary>
    [Benchmark(Description = "MicroDb reflection map"), BenchmarkCategory("Serialize")]
    public long Serialize_Reflection()
    {
        var w = Writer();
        var map = _reflection;
        foreach (var r in _records)
        {
            map.Serialize(w, r);
        }

        w.Flush();
        return _output.Position;
    }

    /// <summary>The study's naive PropertyInfo loop (reference point).</summary>
    [Benchmark(Description = "PropertyInfo loop (study style)"), BenchmarkCategory("Serialize")]
    public long Serialize_StudyStyleReflection()
    {
        var w = Writer();
        foreach (var r in _records)
        {
            StudyStyleReflectionCodec.Write(w, r);
        }

        w.Flush();
        return _output.Position;
    }

    /// <summary>System.Text.Json, reflection metadata.</summary>
    [Benchmark(Description = "System.Text.Json reflection"), BenchmarkCategory("Serialize")]
    public long Serialize_JsonReflection()
    {
        _output.Position = 0;
        JsonSerializer.Serialize(_output, _records, _jsonOptions);
        return _output.Position;
    }

    /// <summary>System.Text.Json, source-generated metadata.</summary>
    [Benchmark(Description = "System.Text.Json source gen"), BenchmarkCategory("Serialize")]
    public long Serialize_JsonSourceGen()
    {
        _output.Position = 0;
        JsonSerializer.Serialize(_output, _records, BenchJsonContext.Default.TextRecordArray);
        return _output.Position;
    }

    /// <summary>Explicit BinaryReader code (baseline).</summary>
    [Benchmark(Baseline = true, Description = "Explicit BinaryReader"), BenchmarkCategory("Deserialize")]
    public TextRecord[] Deserialize_Explicit()
    {
        var r = Reader();
        var result = new TextRecord[Count];
        for (var i = 0; i < result.Length; i++)
        {
            result[i] = ExplicitTextRecordCodec.Read(r);
        }

        return result;
    }

    /// <summary>MicroDb's generated map.</summary>
    [Benchmark(Description = "MicroDb generated map"), BenchmarkCategory("Deserialize")]
    public TextRecord[] Deserialize_Generated()
    {
        var r = Reader();
        var map = _generated;
        var result = new TextRecord[Count];
        for (var i = 0; i < result.Length; i++)
        {
            result[i] = map.Deserialize(r);
        }

        return result;
    }

    /// <summary>MicroDb's reflection-built map.</summary>
    [Benchmark(Description = "MicroDb reflection map"), BenchmarkCategory("Deserialize")]
    public TextRecord[] Deserialize_Reflection()
    {
        var r = Reader();
        var map = _reflection;
        var result = new TextRecord[Count];
        for (var i = 0; i < result.Length; i++)
        {
            result[i] = map.Deserialize(r);
        }

        return result;
    }

    /// <summary>The study's naive PropertyInfo loop (reference point).</summary>
    [Benchmark(Description = "PropertyInfo loop (study style)"), BenchmarkCategory("Deserialize")]
    public TextRecord[] Deserialize_StudyStyleReflection()
    {
        var r = Reader();
        var result = new TextRecord[Count];
        for (var i = 0; i < result.Length; i++)
        {
            result[i] = StudyStyleReflectionCodec.Read(r);
        }

        return result;
    }

    /// <summary>System.Text.Json, reflection metadata.</summary>
    [Benchmark(Description = "System.Text.Json reflection"), BenchmarkCategory("Deserialize")]
    public TextRecord[] Deserialize_JsonReflection() => JsonSerializer.Deserialize<TextRecord[]>(_json, _jsonOptions)!;

    /// <summary>System.Text.Json, source-generated metadata.</summary>
    [Benchmark(Description = "System.Text.Json source gen"), BenchmarkCategory("Deserialize")]
    public TextRecord[] Deserialize_JsonSourceGen() => JsonSerializer.Deserialize(_json, BenchJsonContext.Default.TextRecordArray)!;

    private BinaryWriter Writer()
    {
        _output.Position = 0;
        return new BinaryWriter(_output, System.Text.Encoding.UTF8, leaveOpen: true);
    }

    private BinaryReader Reader() => new(new MemoryStream(_binary, writable: false), System.Text.Encoding.UTF8, leaveOpen: false);

    private byte[] WriteAll(Action<BinaryWriter, TextRecord> write)
    {
        using var stream = new MemoryStream();
        using (var w = new BinaryWriter(stream, System.Text.Encoding.UTF8, leaveOpen: true))
        {
            foreach (var r in _records)
            {
                write(w, r);
            }
        }

        return stream.ToArray();
    }
}
