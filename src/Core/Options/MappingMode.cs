namespace MicroDb.Mapping;

/// <summary>Which mapping path a connection uses for a type.</summary>
public enum MappingMode
{
    /// <summary>The generated map when the type has one, otherwise the reflection provider if one is configured.</summary>
    Auto,

    /// <summary>Only generated maps; a type without one is an error naming it.</summary>
    Generated,

    /// <summary>Always the reflection provider (it must be configured).</summary>
    Reflection,
}
