namespace MicroDb.Conformance.Models;

/// <summary>An enum stored by name wherever it is used: [StoreAsText] on the type, not the member.</summary>
[StoreAsText]
public enum Planet : short
{
    Mercury,
    Earth,
}
