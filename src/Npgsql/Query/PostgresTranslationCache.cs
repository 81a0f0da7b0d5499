using System.Collections.Concurrent;
using System.Linq.Expressions;
using MicroDb.Mapping;
using MicroDb.Query;
using MicroDb.Query.Model;
using Npgsql;
using Facet = MicroDb.Query.TranslationCache.Facet;

namespace MicroDb.Npgsql.Query;

/// <summary>
/// The translated lambdas of PostgreSQL queries, by shape: Core's parameterizing pass (<see cref="QueryShape"/>) flattens
/// a lambda, and a shape translated before gives its nodes again, with its sites' values read again and bound as the
/// translator bound them; otherwise <see cref="PostgresTranslator"/> runs and its result is stored. The cache calls the
/// translator, never the reverse. A site's value that the SQL may depend on is part of the key, as in Core's
/// <see cref="TranslationCache"/>: its facets (null, sign, empty) when it is only bound, its whole value when the
/// translator reads it otherwise. Entries are immutable, shared by every connection, and bounded.
/// </summary>
internal static class PostgresTranslationCache
{
    private const int MaxEntries = 4096;
    private const int MaxPerShape = 8;

    private static readonly ConcurrentDictionary<(TableMapping Table, bool Predicate, int Hash), Entry[]> Entries = new();
    private static int _count;

    /// <summary>The number of shapes cached (for tests).</summary>
    internal static int Count => Volatile.Read(ref _count);

    /// <summary>Forgets every shape (for tests).</summary>
    internal static void Clear()
    {
        Entries.Clear();
        Volatile.Write(ref _count, 0);
    }

    /// <summary>
    /// Checks a lambda where the operator is called: a shape cached with values of the same facets is not translated
    /// again (nor are its parameters made); any other is translated, so an untranslatable expression throws there.
    /// </summary>
    public static void Validate(TableMapping table, LambdaExpression lambda, bool isPredicate) => Translate(table, lambda, isPredicate, null, out _);

    /// <summary>
    /// The nodes of a predicate (one) or sort key (one or two), their parameters appended to <paramref name="parameters"/>
    /// (slot k is its k-th parameter; null: only check). <paramref name="entry"/> is the cache entry whose nodes were
    /// given (null when the shape is not cached): two runs given the same entry have the same nodes.
    /// </summary>
    public static SqlExpression[] Translate(TableMapping table, LambdaExpression lambda, bool isPredicate, List<NpgsqlParameter>? parameters, out object? entry)
    {
        entry = null;
        var start = parameters?.Count ?? 0;
        var shape = QueryShape.Rent();
        try
        {
            var walked = shape.Walk(lambda);
            if (walked && Entries.TryGetValue((table, isPredicate, shape.Hash), out var candidates))
            {
                foreach (var candidate in candidates)
                {
                    if (candidate.HasStructureOf(shape) && candidate.TryReplay(shape, parameters))
                    {
                        entry = candidate;
                        return Offset(candidate.Nodes, start);
                    }
                }
            }

            var fresh = new List<NpgsqlParameter>();
            var nodes = PostgresTranslator.TranslateRecorded(table, lambda, isPredicate, fresh, out var sites, out var recipes);
            parameters?.AddRange(fresh);
            if (walked && sites is not null && Entry.Create(shape, sites, recipes, nodes) is { } created)
            {
                Store((table, isPredicate, shape.Hash), created);
                entry = created;
            }

            return Offset(nodes, start);
        }
        finally
        {
            QueryShape.Return(shape);
        }
    }

    private static SqlExpression[] Offset(SqlExpression[] nodes, int start)
    {
        if (start == 0)
        {
            return nodes;
        }

        var moved = new SqlExpression[nodes.Length];
        for (var i = 0; i < moved.Length; i++)
        {
            moved[i] = SqlSlots.Offset(nodes[i], start);
        }

        return moved;
    }

    private static void Store((TableMapping, bool, int) key, Entry entry)
    {
        if (Interlocked.Increment(ref _count) > MaxEntries)
        {
            Clear();
            Interlocked.Increment(ref _count);
        }

        Entries.AddOrUpdate(
            key,
            [entry],
            (_, existing) => existing.Length >= MaxPerShape ? [entry, .. existing.AsSpan(0, MaxPerShape - 1)] : [entry, .. existing]);
    }

    /// <summary>A site: the shape node it reads; matched on its facet, or (<see cref="Full"/>) on its whole value.</summary>
    private readonly record struct Site(int Node, bool Full, object? Value, Facet Facet);

    /// <summary>A parameter: made by <see cref="Recipe"/> from site <see cref="Site"/>'s value, or from the recipe's own value when -1.</summary>
    private readonly record struct Argument(int Site, PostgresParameterRecipe Recipe);

    /// <summary>A small shape's site values, held without an array.</summary>
    [System.Runtime.CompilerServices.InlineArray(Length)]
    private struct SiteValues
    {
        public const int Length = 4;

        private object? _value;
    }

    internal sealed class Entry
    {
        private readonly ShapeNode[] _shape;
        private readonly bool[] _compareConstant;
        private readonly object?[] _constants;
        private readonly Site[] _sites;
        private readonly Argument[] _arguments;

        private Entry(ShapeNode[] shape, bool[] compareConstant, object?[] constants, Site[] sites, Argument[] arguments, SqlExpression[] nodes)
        {
            _shape = shape;
            _compareConstant = compareConstant;
            _constants = constants;
            _sites = sites;
            _arguments = arguments;
            Nodes = nodes;
        }

        /// <summary>The translated nodes, slots numbered from 0.</summary>
        public SqlExpression[] Nodes { get; }

        public static Entry? Create(QueryShape shape, IReadOnlyList<(Expression Node, object? Value)> recorded, IReadOnlyList<PostgresParameterRecipe> recipes, SqlExpression[] nodes)
        {
            var nodeCount = shape.Count;
            var nodeIndex = new Dictionary<Expression, int>(ReferenceEqualityComparer.Instance);
            for (var i = 0; i < nodeCount; i++)
            {
                nodeIndex.TryAdd(shape.NodeAt(i), i);
            }

            // Sites by node position; a node read more than once is one site (the same value each time).
            var siteNodes = new List<int>();
            var siteValues = new List<object?>();
            foreach (var (node, value) in recorded)
            {
                if (!nodeIndex.TryGetValue(node, out var index))
                {
                    return null; // a value read outside the tree: not a shape this cache understands
                }

                if (!siteNodes.Contains(index))
                {
                    siteNodes.Add(index);
                    siteValues.Add(value);
                }
            }

            // A parameter holds a site's value when it is that very object (the translator binds what it read, unchanged);
            // any other is a literal, which may have been computed from any value, so then every site must match exactly.
            var arguments = new Argument[recipes.Count];
            var linked = new bool[siteNodes.Count];
            var anyLiteral = false;
            for (var a = 0; a < arguments.Length; a++)
            {
                var site = -1;
                for (var s = 0; s < siteValues.Count && site < 0; s++)
                {
                    if (ReferenceEquals(siteValues[s], recipes[a].Value))
                    {
                        site = s;
                    }
                }

                if (site >= 0)
                {
                    linked[site] = true;
                }
                else
                {
                    anyLiteral = true;
                }

                arguments[a] = new Argument(site, recipes[a]);
            }

            var sites = new Site[siteNodes.Count];
            for (var s = 0; s < sites.Length; s++)
            {
                var value = siteValues[s];
                if (!anyLiteral && linked[s] && Facet.TryOf(value, out var facet))
                {
                    sites[s] = new Site(siteNodes[s], false, null, facet);
                }
                else if (TranslationCache.Entry.IsExactlyComparable(value))
                {
                    sites[s] = new Site(siteNodes[s], true, value, default);
                }
                else
                {
                    return null;
                }
            }

            // Constants outside every site are part of the structure; inside one, the site's value covers them.
            var inSite = new bool[nodeCount];
            foreach (var s in sites)
            {
                for (var i = s.Node; i < shape.SubtreeEnd(s.Node); i++)
                {
                    inSite[i] = true;
                }
            }

            var compare = new bool[nodeCount];
            var constants = new object?[nodeCount];
            for (var i = 0; i < nodeCount; i++)
            {
                if (shape.NodeAt(i) is ConstantExpression constant && !inSite[i])
                {
                    if (!TranslationCache.Entry.IsExactlyComparable(constant.Value))
                    {
                        return null;
                    }

                    compare[i] = true;
                    constants[i] = constant.Value;
                }
            }

            return new Entry(shape.CopyDescriptors(), compare, constants, sites, arguments, nodes);
        }

        public bool HasStructureOf(QueryShape shape)
        {
            if (shape.Count != _shape.Length)
            {
                return false;
            }

            for (var i = 0; i < _shape.Length; i++)
            {
                if (!ShapeNode.Same(_shape[i], shape.DescriptorAt(i))
                    || (_compareConstant[i] && !TranslationCache.Entry.ExactlyEqual(_constants[i], ((ConstantExpression)shape.NodeAt(i)).Value)))
                {
                    return false;
                }
            }

            return true;
        }

        /// <summary>Reads each site of <paramref name="shape"/> (which has this entry's structure); when all match, appends the parameters (when given).</summary>
        public bool TryReplay(QueryShape shape, List<NpgsqlParameter>? parameters)
        {
            var small = default(SiteValues);
            var values = _sites.Length <= SiteValues.Length ? ((Span<object?>)small)[.._sites.Length] : new object?[_sites.Length];
            try
            {
                for (var s = 0; s < _sites.Length; s++)
                {
                    var site = _sites[s];
                    var value = ExpressionInterpreter.EvaluateClosed(shape.NodeAt(site.Node));
                    var matches = site.Full
                        ? TranslationCache.Entry.ExactlyEqual(site.Value, value)
                        : Facet.TryOf(value, out var facet) && facet == site.Facet;
                    if (!matches)
                    {
                        return false;
                    }

                    values[s] = value;
                }
            }
            catch (Exception ex) when (ex is not OutOfMemoryException)
            {
                // The full translation raises it with its own message.
                return false;
            }

            if (parameters is null)
            {
                return true;
            }

            foreach (var argument in _arguments)
            {
                var value = argument.Site < 0 ? argument.Recipe.Value : values[argument.Site];
                parameters.Add(argument.Recipe.Create(value));
            }

            return true;
        }
    }
}
