#nullable enable
using System.Runtime.CompilerServices;

namespace System.Collections.Generic;

/// <summary>netstandard2.0 stand-in for .NET 5's <c>ReferenceEqualityComparer</c>: compares by reference.</summary>
[Microsoft.CodeAnalysis.Embedded]
internal sealed class ReferenceEqualityComparer : IEqualityComparer<object?>
{
    private ReferenceEqualityComparer()
    {
    }

    /// <summary>The one instance.</summary>
    public static ReferenceEqualityComparer Instance { get; } = new();

    /// <inheritdoc/>
    public new bool Equals(object? x, object? y) => ReferenceEquals(x, y);

    /// <inheritdoc/>
    public int GetHashCode(object? obj) => RuntimeHelpers.GetHashCode(obj!);
}
