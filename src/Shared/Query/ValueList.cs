// Shared source (see src/Shared/README.md): the query model, compiled into the runtime and the generator.
using System;
using System.Collections;
using System.Collections.Generic;

#if MICRODB_GENERATOR
namespace MicroDb.Generator.Shared.Query;
#else
namespace MicroDb.Query.Model;
#endif

/// <summary>An immutable list compared by its elements, so query model records that hold lists are equatable.</summary>
/// <typeparam name="T">The element type.</typeparam>
internal sealed class ValueList<T> : IReadOnlyList<T>, IEquatable<ValueList<T>>
{
    private readonly T[] _items;

    /// <summary>Wraps <paramref name="items"/>; the caller gives up the array.</summary>
    public ValueList(T[] items) => _items = items ?? throw new ArgumentNullException(nameof(items));

    /// <summary>The empty list.</summary>
    public static ValueList<T> Empty { get; } = new(new T[0]);

    /// <summary>The number of elements.</summary>
    public int Count => _items.Length;

    /// <summary>The element at <paramref name="index"/>.</summary>
    public T this[int index] => _items[index];

    /// <summary>Element-wise equality.</summary>
    public bool Equals(ValueList<T>? other)
    {
        if (other is null || other._items.Length != _items.Length)
        {
            return false;
        }

        var comparer = EqualityComparer<T>.Default;
        for (var i = 0; i < _items.Length; i++)
        {
            if (!comparer.Equals(_items[i], other._items[i]))
            {
                return false;
            }
        }

        return true;
    }

    /// <inheritdoc/>
    public override bool Equals(object? obj) => obj is ValueList<T> other && Equals(other);

    /// <inheritdoc/>
    public override int GetHashCode()
    {
        var hash = 17;
        foreach (var item in _items)
        {
            hash = unchecked((hash * 31) + (item is null ? 0 : EqualityComparer<T>.Default.GetHashCode(item)));
        }

        return hash;
    }

    /// <inheritdoc/>
    public IEnumerator<T> GetEnumerator() => ((IEnumerable<T>)_items).GetEnumerator();

    IEnumerator IEnumerable.GetEnumerator() => _items.GetEnumerator();
}
