namespace MicroDb.Conformance.Models;

/// <summary>A positional record struct a projection fills through its constructor (not a model: MicroDb maps classes).</summary>
public readonly record struct PersonStruct(int Id, string Name, int Age);
