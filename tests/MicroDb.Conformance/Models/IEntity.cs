namespace MicroDb.Conformance.Models;

/// <summary>The generic-repository pattern's key interface.</summary>
public interface IEntity
{
    long Id { get; }
}
