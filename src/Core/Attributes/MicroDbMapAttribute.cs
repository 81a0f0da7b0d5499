namespace MicroDb;

/// <summary>
/// Asks the source generator for a map of a type the user cannot annotate with <see cref="TableAttribute"/>
/// (a type from another assembly, or one that must stay attribute-free). Apply to the assembly.
/// </summary>
[AttributeUsage(AttributeTargets.Assembly, AllowMultiple = true)]
public sealed class MicroDbMapAttribute : Attribute
{
    /// <summary>Requests a map for <paramref name="type"/>.</summary>
    /// <param name="type">The type to map.</param>
    public MicroDbMapAttribute(Type type) => Type = type;

    /// <summary>The type to map.</summary>
    public Type Type { get; }

    /// <summary>The table name; null means the type's name.</summary>
    public string? TableName { get; set; }
}
