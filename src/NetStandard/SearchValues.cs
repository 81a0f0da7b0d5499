#nullable enable
namespace System.Buffers;

/// <summary>netstandard2.0 stand-in for .NET 8's <c>SearchValues&lt;char&gt;</c>: a set of characters, as a bitmap.</summary>
[Microsoft.CodeAnalysis.Embedded]
internal sealed class SearchValues<T>
    where T : IEquatable<T>
{
    private readonly ulong[] _bits = new ulong[1024];

    internal void Add(char value) => _bits[value >> 6] |= 1UL << (value & 63);

    internal bool Contains(char value) => (_bits[value >> 6] & (1UL << (value & 63))) != 0;
}

/// <summary>Creates <see cref="SearchValues{T}"/>.</summary>
[Microsoft.CodeAnalysis.Embedded]
internal static class SearchValues
{
    /// <summary>A set of the given characters.</summary>
    public static SearchValues<char> Create(ReadOnlySpan<char> values)
    {
        var set = new SearchValues<char>();
        foreach (var value in values)
        {
            set.Add(value);
        }

        return set;
    }
}

/// <summary>The span search over a <see cref="SearchValues{T}"/>.</summary>
[Microsoft.CodeAnalysis.Embedded]
internal static class SearchValuesExtensions
{
    /// <summary>The index of the first character in <paramref name="span"/> that is in <paramref name="values"/>, or -1.</summary>
    public static int IndexOfAny(this ReadOnlySpan<char> span, SearchValues<char> values)
    {
        for (var i = 0; i < span.Length; i++)
        {
            if (values.Contains(span[i]))
            {
                return i;
            }
        }

        return -1;
    }
}
