using System.Collections.Concurrent;
using System.Runtime.CompilerServices;
using MicroDb.Mapping;
using MicroDb.Query.Model;

namespace MicroDb.Query;

/// <summary>
/// The SQL text of whole queries, by query shape: the translation cache entry of each lambda (in order), the table,
/// storage format, limit and offset. Two runs whose lambdas replayed the same entries have the same model, so the same
/// text; a repeated query then writes no SQL. It sits beside <see cref="TranslationCache"/>, outside the translator, and
/// is bounded (it starts over when full).
/// </summary>
internal static class QueryTextCache
{
    /// <summary>The most lambdas (Where and OrderBy) a cached query may have.</summary>
    public const int MaxLambdas = 4;

    private const int MaxEntries = 1024;

    private static readonly ConcurrentDictionary<Key, string> Texts = new();

    /// <summary>The text stored for <paramref name="key"/>.</summary>
    public static bool TryGet(in Key key, out string sql) => Texts.TryGetValue(key, out sql!);

    /// <summary>Stores the text of <paramref name="key"/>.</summary>
    public static void Add(in Key key, string sql)
    {
        if (Texts.Count >= MaxEntries)
        {
            Texts.Clear();
        }

        Texts[key] = sql;
    }

    /// <summary>Forgets every text (for tests).</summary>
    internal static void Clear() => Texts.Clear();

    /// <summary>The number of texts stored (for tests).</summary>
    internal static int Count => Texts.Count;

    /// <summary>
    /// One query shape: the SELECT of every column of <see cref="Table"/> with <see cref="Wheres"/> predicates then
    /// orderings (bit i of <see cref="Descending"/> for ordering i), each lambda's cache entry in E0..E3.
    /// </summary>
    internal record struct Key(TableMapping Table, StorageFormat Format, int Wheres, int Orderings, int Descending, int? Limit, int Offset,
        object? E0, object? E1, object? E2, object? E3)
    {
        /// <summary>Sets the entry of lambda <paramref name="index"/> (below <see cref="MaxLambdas"/>).</summary>
        public void Set(int index, object entry)
        {
            switch (index)
            {
                case 0: E0 = entry; break;
                case 1: E1 = entry; break;
                case 2: E2 = entry; break;
                default: E3 = entry; break;
            }
        }
    }

#if NET
    /// <summary>The translated nodes of a query's lambdas (Where then OrderBy), held without an array.</summary>
    [InlineArray(MaxLambdas)]
    internal struct Nodes
    {
        private SqlExpression? _node;
    }
#endif
}
