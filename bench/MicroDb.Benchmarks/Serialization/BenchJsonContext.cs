using System.Text.Json.Serialization;
using MicroDb.Benchmarks.Models;

namespace MicroDb.Benchmarks.Serialization;

/// <summary>System.Text.Json's source-generated metadata for the control serializer.</summary>
[JsonSerializable(typeof(TextRecord[]))]
public sealed partial class BenchJsonContext : JsonSerializerContext
{
}
