using System.Collections.Concurrent;
using System.Globalization;
using System.Linq.Expressions;
using System.Text;
using MicroDb.Mapping;

namespace MicroDb.Query;

/// <summary>
/// Translated lambda shapes, per table and kind (see SqlTranslator.Cache.cs for what a shape and a site are). Entries
/// are immutable and shared by every connection and thread; the cache is bounded and simply starts over when full.
/// </summary>
internal static class TranslationCache
{
    private const int MaxEntries = 4096;
    private const int MaxPerShape = 8;

    // Keyed on the storage format too: the same shape encodes its values, and may compare them, differently under another.
    private static readonly ConcurrentDictionary<(TableMapping Table, StorageFormat Format, TranslationKind Kind, int Hash), Entry[]> Entries = new();
    private static int _count;

    /// <summary>Writes <paramref name="lambda"/>'s SQL and arguments, from the cache when its shape was translated before.</summary>
    public static void Write(TableMapping table, StorageFormat format, LambdaExpression lambda, TranslationKind kind, StringBuilder sql, List<object?> args) =>
        SqlTranslator.WriteCached(table, format, lambda, kind, sql, args);

    /// <summary>The number of shapes cached (for tests).</summary>
    internal static int Count => Volatile.Read(ref _count);

    /// <summary>Forgets every shape (for tests).</summary>
    internal static void Clear()
    {
        Entries.Clear();
        Volatile.Write(ref _count, 0);
    }

    /// <summary>True when a shape with this structure was translated before (whatever its values).</summary>
    internal static bool Contains(TableMapping table, StorageFormat format, TranslationKind kind, SqlTranslator.Shape shape)
    {
        if (!Entries.TryGetValue((table, format, kind, shape.Hash), out var candidates))
        {
            return false;
        }

        foreach (var entry in candidates)
        {
            if (entry.HasStructureOf(shape))
            {
                return true;
            }
        }

        return false;
    }

    internal static bool TryReplay(TableMapping table, StorageFormat format, TranslationKind kind, SqlTranslator.Shape shape, StringBuilder sql, List<object?> args)
    {
        if (!Entries.TryGetValue((table, format, kind, shape.Hash), out var candidates))
        {
            return false;
        }

        foreach (var entry in candidates)
        {
            if (entry.TryReplay(shape, format, sql, args))
            {
                return true;
            }
        }

        return false;
    }

    internal static void Store(TableMapping table, StorageFormat format, TranslationKind kind, SqlTranslator.Shape shape, IReadOnlyList<(Expression Node, object? Value)> recordedSites,
        IReadOnlyDictionary<int, (int Site, ColumnMapping? Column, Type? MemberType)> links, string sql, List<object?> args, int argStart)
    {
        var entry = Entry.Create(shape, recordedSites, links, sql, args, argStart);
        if (entry is null)
        {
            return;
        }

        if (Interlocked.Increment(ref _count) > MaxEntries)
        {
            Clear();
            Interlocked.Increment(ref _count);
        }

        Entries.AddOrUpdate(
            (table, format, kind, shape.Hash),
            [entry],
            (_, existing) => existing.Length >= MaxPerShape ? [entry, .. existing[..(MaxPerShape - 1)]] : [entry, .. existing]);
    }

    /// <summary>How a site's value takes part in the key.</summary>
    private enum SiteMode
    {
        /// <summary>Only bound as an argument: matched on the facets SQL could depend on (null, sign, empty ...).</summary>
        Facet,

        /// <summary>Read by the translator otherwise: matched exactly.</summary>
        Full,
    }

    private readonly record struct Site(int Node, SiteMode Mode, object? Key);

    private readonly record struct Argument(int Site, object? Literal, ColumnMapping? Column, Type? MemberType);

    private sealed class Entry
    {
        private readonly SqlTranslator.Node[] _nodes;
        private readonly bool[] _compareConstant;
        private readonly object?[] _constants;
        private readonly Site[] _sites;
        private readonly Argument[] _arguments;
        private readonly string _sql;

        private Entry(SqlTranslator.Node[] nodes, bool[] compareConstant, object?[] constants, Site[] sites, Argument[] arguments, string sql)
        {
            _nodes = nodes;
            _compareConstant = compareConstant;
            _constants = constants;
            _sites = sites;
            _arguments = arguments;
            _sql = sql;
        }

        public static Entry? Create(SqlTranslator.Shape shape, IReadOnlyList<(Expression Node, object? Value)> recorded,
            IReadOnlyDictionary<int, (int Site, ColumnMapping? Column, Type? MemberType)> links, string sql, List<object?> args, int argStart)
        {
            // Sites by node position; a node evaluated more than once is one site.
            var nodeIndex = new Dictionary<Expression, int>(ReferenceEqualityComparer.Instance);
            for (var i = 0; i < shape.Nodes.Length; i++)
            {
                nodeIndex.TryAdd(shape.Nodes[i], i);
            }

            var siteOfRecord = new int[recorded.Count];
            var siteNodes = new List<int>();
            var siteValues = new List<object?>();
            for (var r = 0; r < recorded.Count; r++)
            {
                if (!nodeIndex.TryGetValue(recorded[r].Node, out var node))
                {
                    return null; // a value read from a node outside the tree: not a shape this cache understands
                }

                var existing = siteNodes.IndexOf(node);
                if (existing < 0)
                {
                    existing = siteNodes.Count;
                    siteNodes.Add(node);
                    siteValues.Add(recorded[r].Value);
                }

                siteOfRecord[r] = existing;
            }

            // Arguments: replayed from a site, or literal. A literal argument may have been computed from any value, so
            // then every site is matched exactly.
            var argumentCount = args.Count - argStart;
            var arguments = new Argument[argumentCount];
            var linkedSites = new HashSet<int>();
            var anyLiteral = false;
            for (var a = 0; a < argumentCount; a++)
            {
                if (links.TryGetValue(a, out var link))
                {
                    var site = siteOfRecord[link.Site];
                    arguments[a] = new Argument(site, null, link.Column, link.MemberType);
                    linkedSites.Add(site);
                }
                else
                {
                    arguments[a] = new Argument(-1, args[argStart + a], null, null);
                    anyLiteral = true;
                }
            }

            var sites = new Site[siteNodes.Count];
            for (var s = 0; s < sites.Length; s++)
            {
                var value = siteValues[s];
                if (!anyLiteral && linkedSites.Contains(s) && Facet(value) is { } facet)
                {
                    sites[s] = new Site(siteNodes[s], SiteMode.Facet, facet);
                }
                else if (IsExactlyComparable(value))
                {
                    sites[s] = new Site(siteNodes[s], SiteMode.Full, value);
                }
                else
                {
                    return null;
                }
            }

            // Constants outside every site are part of the structure (the translator never reads them as values, but
            // a cheap exact match keeps the rule simple); inside a site they are covered by the site's value.
            var inSite = new bool[shape.Nodes.Length];
            foreach (var s in sites)
            {
                for (var i = s.Node; i < shape.SubtreeEnds[s.Node]; i++)
                {
                    inSite[i] = true;
                }
            }

            var compare = new bool[shape.Nodes.Length];
            var constants = new object?[shape.Nodes.Length];
            for (var i = 0; i < shape.Nodes.Length; i++)
            {
                if (shape.Nodes[i] is ConstantExpression constant && !inSite[i])
                {
                    if (!IsExactlyComparable(constant.Value))
                    {
                        return null;
                    }

                    compare[i] = true;
                    constants[i] = constant.Value;
                }
            }

            return new Entry(shape.Descriptors, compare, constants, sites, arguments, sql);
        }

        public bool HasStructureOf(SqlTranslator.Shape shape)
        {
            if (shape.Descriptors.Length != _nodes.Length)
            {
                return false;
            }

            for (var i = 0; i < _nodes.Length; i++)
            {
                if (_nodes[i] != shape.Descriptors[i]
                    || (_compareConstant[i] && !ExactlyEqual(_constants[i], ((ConstantExpression)shape.Nodes[i]).Value)))
                {
                    return false;
                }
            }

            return true;
        }

        public bool TryReplay(SqlTranslator.Shape shape, StorageFormat format, StringBuilder sql, List<object?> args)
        {
            if (!HasStructureOf(shape))
            {
                return false;
            }

            var values = _sites.Length == 0 ? [] : new object?[_sites.Length];
            try
            {
                for (var s = 0; s < _sites.Length; s++)
                {
                    var value = ExpressionInterpreter.EvaluateClosed(shape.Nodes[_sites[s].Node]);
                    var matches = _sites[s].Mode == SiteMode.Facet
                        ? Equals(Facet(value), _sites[s].Key)
                        : ExactlyEqual(_sites[s].Key, value);
                    if (!matches)
                    {
                        return false;
                    }

                    values[s] = value;
                }
            }
            catch (Exception ex) when (ex is not OutOfMemoryException)
            {
                // Let the full translation raise (or handle) it with its own message.
                return false;
            }

            sql.Append(_sql);
            foreach (var argument in _arguments)
            {
                args.Add(argument.Site < 0
                    ? argument.Literal
                    : SqlTranslator.EncodeArgument(values[argument.Site], argument.Column, argument.MemberType, format));
            }

            return true;
        }

        /// <summary>
        /// What SQL may depend on in a value that is only bound: null-ness, and for the types allowed here the sign of a
        /// number or an empty string or one with characters at or above U+D800 (which string comparisons refuse).
        /// Null for any other type: such values are matched exactly.
        /// </summary>
        private static object? Facet(object? value) => value is null ? "null" : FacetOf(value) is { } facet ? (value.GetType(), facet) : null;

        private static object? FacetOf(object value) => value switch
        {
            int i => Math.Sign(i),
            long l => Math.Sign(l),
            short s => Math.Sign(s),
            sbyte b => Math.Sign(b),
            byte b => b == 0 ? 0 : 1,
            ushort u => u == 0 ? 0 : 1,
            uint u => u == 0 ? 0 : 1,
            string text => text.Length == 0 ? "empty" : text.AsSpan().IndexOfAnyInRange('\uD800', '\uFFFF') >= 0 ? "high" : "text",
            Guid => "guid",
            _ => null,
        };

        private static bool IsExactlyComparable(object? value) => value is null or string or bool or char or byte or sbyte or short or ushort
            or int or uint or long or ulong or float or double or decimal or DateTime or DateTimeOffset or TimeSpan or DateOnly or TimeOnly
            or Guid or Enum;

        /// <summary>Equality that tells apart what .NET's Equals does not but SQL text may: -0.0, decimal scale, DateTime kind, offsets.</summary>
        private static bool ExactlyEqual(object? a, object? b) => (a, b) switch
        {
            (null, null) => true,
            (null, _) or (_, null) => false,
            _ when a.GetType() != b.GetType() => false,
            (double x, double y) => BitConverter.DoubleToInt64Bits(x) == BitConverter.DoubleToInt64Bits(y),
            (float x, float y) => BitConverter.SingleToInt32Bits(x) == BitConverter.SingleToInt32Bits(y),
            (decimal x, decimal y) => x.ToString(CultureInfo.InvariantCulture) == y.ToString(CultureInfo.InvariantCulture),
            (DateTime x, DateTime y) => x.Ticks == y.Ticks && x.Kind == y.Kind,
            (DateTimeOffset x, DateTimeOffset y) => x.Ticks == y.Ticks && x.Offset == y.Offset,
            (string x, string y) => string.Equals(x, y, StringComparison.Ordinal),
            _ => a.Equals(b),
        };
    }
}
