namespace MicroDb.Conformance.Models;

/// <summary>A positional record a join projects into (by its constructor).</summary>
public sealed record JoinRow(int OrderId, string Name, decimal Total);
