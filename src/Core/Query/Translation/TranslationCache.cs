using System.Collections.Concurrent;
using System.Globalization;
using System.Runtime.CompilerServices;
using System.Linq.Expressions;
using System.Text;
using MicroDb.Mapping;
using MicroDb.Query.Model;

namespace MicroDb.Query;

/// <summary>
/// The entry point of LINQ translation, and the cache of translated lambda shapes, per table, storage format and kind
/// (see QueryShape for what a shape and a site are). The cache calls the translator (front end to query model) and the
/// writer on a miss, never the reverse. Entries are immutable and shared by every connection and thread; the cache is
/// bounded and simply starts over when full.
/// </summary>
internal static class TranslationCache
{
    private const int MaxEntries = 4096;
    private const int MaxPerShape = 8;

    // Keyed on the storage format too: the same shape encodes its values, and may compare them, differently under another.
    private static readonly ConcurrentDictionary<(TableMapping Table, StorageFormat Format, TranslationKind Kind, int Hash), Entry[]> Entries = new();
    private static int _count;

    /// <summary>
    /// Translates once into a scratch buffer, so an untranslatable expression fails where it is written. Only
    /// <see cref="NotSupportedException"/> escapes: an error that depends on captured values (a variable that is still
    /// null, say) is left for the run, when those values are read again. A shape translated before is not translated
    /// again: its values are read (and checked) when the query runs. The result remembers the entry of the lambda's shape
    /// and the tree's nodes its sites read, so the run reads the values without walking the tree again.
    /// </summary>
    public static PreparedLambda Validate(TableMapping table, StorageFormat format, LambdaExpression lambda, bool isPredicate)
    {
        var kind = isPredicate ? TranslationKind.Predicate : TranslationKind.OrderKey;
        var shape = QueryShape.Rent();
        try
        {
            if (!shape.Walk(lambda))
            {
                ValidateByTranslating(table, format, lambda, kind);
                return new PreparedLambda(lambda, null, null, format);
            }

            var entry = Find(table, format, kind, shape);
            if (entry is null)
            {
                ValidateByTranslating(table, format, lambda, kind);
                entry = Find(table, format, kind, shape);
            }

            if (entry is null)
            {
                return new PreparedLambda(lambda, null, null, format);
            }

            var sites = new Expression?[entry.SiteCount];
            entry.CollectSites(shape, sites);
            return new PreparedLambda(lambda, entry, sites, format);
        }
        finally
        {
            QueryShape.Return(shape);
        }
    }

    private static void ValidateByTranslating(TableMapping table, StorageFormat format, LambdaExpression lambda, TranslationKind kind)
    {
        try
        {
            Translate(table, format, lambda, kind, []);
        }
        catch (Exception ex) when (ex is not NotSupportedException)
        {
            // Reported when the query runs, with the values it runs with.
        }
    }

    /// <summary>
    /// Translates a lambda checked by <see cref="Validate"/>: when the values read from its remembered sites match the
    /// remembered entry, the entry's node is given again without walking the tree; otherwise as <c>Translate</c> of the lambda.
    /// <paramref name="entry"/> is the cache entry whose node was given (null when the lambda's shape is not cached): two
    /// runs given the same entry have the same node.
    /// </summary>
    public static SqlExpression Translate(TableMapping table, StorageFormat format, PreparedLambda prepared, TranslationKind kind, List<object?> args, out object? entry)
    {
        if (prepared.Entry is { } known && prepared.Format == format)
        {
            var argStart = args.Count;
            if (known.TryReplay(prepared.Sites!, format, args))
            {
                entry = known;
                return SqlSlots.Offset(known.Node, argStart);
            }

            args.RemoveRange(argStart, args.Count - argStart);
        }

        return Translate(table, format, prepared.Lambda, kind, args, out entry);
    }

    /// <summary>
    /// Translates <paramref name="lambda"/> to a query model node and appends its arguments to <paramref name="args"/>: the
    /// node's slot <c>k</c> binds <c>args[k]</c>, and its markers appear in slot order. The parameterizing pass flattens the
    /// lambda to its shape; a shape translated before gives its node again, with the values read again; otherwise the front
    /// end translates it (<c>SqlTranslator.Translate</c>) and the result is stored for the next tree of the same shape.
    /// </summary>
    public static SqlExpression Translate(TableMapping table, StorageFormat format, LambdaExpression lambda, TranslationKind kind, List<object?> args) =>
        Translate(table, format, lambda, kind, args, out _);

    /// <summary>As <see cref="Translate(TableMapping, StorageFormat, LambdaExpression, TranslationKind, List{object?})"/>; <paramref name="entry"/> is the cache entry whose node was given (null when none).</summary>
    public static SqlExpression Translate(TableMapping table, StorageFormat format, LambdaExpression lambda, TranslationKind kind, List<object?> args, out object? entry)
    {
        entry = null;
        var argStart = args.Count;
        var shape = QueryShape.Rent();
        try
        {
            var walked = shape.Walk(lambda);
            if (walked && TryReplay(table, format, kind, shape, args) is { } cached)
            {
                entry = cached;
                return SqlSlots.Offset(cached.Node, argStart);
            }

            var translation = SqlTranslator.Translate(table, format, lambda, kind, record: walked);

            // Renumber the slots in the order the writer writes their markers (SQLite binds '?' by position).
            var order = new List<int>();
            SqliteSqlWriter.Instance.Write(translation.Node, new StringBuilder(), order);
            var markerOf = new int[translation.Slots.Count];
            Array.Fill(markerOf, -1);
            var links = new Dictionary<int, (int Site, ColumnMapping? Column, Type? MemberType, int Element)>();
            for (var i = 0; i < order.Count; i++)
            {
                if (markerOf[order[i]] >= 0)
                {
                    throw new InvalidOperationException($"MicroDb's translation of '{lambda}' writes parameter slot {order[i]} twice.");
                }

                markerOf[order[i]] = i;
                var slot = translation.Slots[order[i]];
                args.Add(slot.Value);
                if (slot.Site >= 0)
                {
                    links[i] = (slot.Site, slot.Column, slot.MemberType, slot.Element);
                }
            }

            var node = SqlSlots.Map(translation.Node, slot => markerOf[slot]);
            if (walked && translation.Sites is { } sites)
            {
                entry = Store(table, format, kind, shape, sites, links, node, args, argStart);
            }

            return SqlSlots.Offset(node, argStart);
        }
        finally
        {
            QueryShape.Return(shape);
        }
    }

    /// <summary>The number of shapes cached (for tests).</summary>
    internal static int Count => Volatile.Read(ref _count);

    /// <summary>Forgets every shape (for tests).</summary>
    internal static void Clear()
    {
        Entries.Clear();
        Volatile.Write(ref _count, 0);
    }

    /// <summary>The latest entry with this shape's structure (whatever its values), or null when none was translated.</summary>
    private static Entry? Find(TableMapping table, StorageFormat format, TranslationKind kind, QueryShape shape)
    {
        if (!Entries.TryGetValue((table, format, kind, shape.Hash), out var candidates))
        {
            return null;
        }

        foreach (var entry in candidates)
        {
            if (entry.HasStructureOf(shape))
            {
                return entry;
            }
        }

        return null;
    }

    /// <summary>The entry whose structure and value facets match <paramref name="shape"/> (its arguments appended); null when none does.</summary>
    private static Entry? TryReplay(TableMapping table, StorageFormat format, TranslationKind kind, QueryShape shape, List<object?> args)
    {
        if (!Entries.TryGetValue((table, format, kind, shape.Hash), out var candidates))
        {
            return null;
        }

        foreach (var entry in candidates)
        {
            if (!entry.HasStructureOf(shape))
            {
                continue;
            }

#if NET
            if (entry.SiteCount <= SiteNodes.Length)
            {
                var nodes = default(SiteNodes);
                entry.CollectSites(shape, nodes);
                if (entry.TryReplay(((ReadOnlySpan<Expression?>)nodes)[..entry.SiteCount], format, args))
                {
                    return entry;
                }
            }
            else
#endif
            {
                var nodes = new Expression?[entry.SiteCount];
                entry.CollectSites(shape, nodes);
                if (entry.TryReplay(nodes, format, args))
                {
                    return entry;
                }
            }
        }

        return null;
    }

#if NET
    /// <summary>The site nodes of a small shape, held without an array.</summary>
    [InlineArray(Length)]
    private struct SiteNodes
    {
        public const int Length = 4;

        private Expression? _node;
    }

    /// <summary>A small shape's site values, held without an array.</summary>
    [InlineArray(SiteNodes.Length)]
    private struct SiteValues
    {
        private object? _value;
    }
#endif

    private static Entry? Store(TableMapping table, StorageFormat format, TranslationKind kind, QueryShape shape, IReadOnlyList<(Expression Node, object? Value)> recordedSites,
        IReadOnlyDictionary<int, (int Site, ColumnMapping? Column, Type? MemberType, int Element)> links, SqlExpression node, List<object?> args, int argStart)
    {
        var entry = Entry.Create(shape, recordedSites, links, node, args, argStart);
        if (entry is null)
        {
            return null;
        }

        if (Interlocked.Increment(ref _count) > MaxEntries)
        {
            Clear();
            Interlocked.Increment(ref _count);
        }

        Entries.AddOrUpdate(
            (table, format, kind, shape.Hash),
            [entry],
            (_, existing) => existing.Length >= MaxPerShape ? [entry, .. existing.AsSpan(0, MaxPerShape - 1)] : [entry, .. existing]);
        return entry;
    }

    /// <summary>
    /// A lambda as an operator received it: when its shape was cached, the entry and the nodes of this tree that the
    /// entry's sites read (the tree is immutable, so they stay valid for every run of the query).
    /// </summary>
    internal sealed class PreparedLambda
    {
        internal PreparedLambda(LambdaExpression lambda, Entry? entry, Expression?[]? sites, StorageFormat format)
        {
            Lambda = lambda;
            Entry = entry;
            Sites = sites;
            Format = format;
        }

        /// <summary>The lambda.</summary>
        public LambdaExpression Lambda { get; }

        internal Entry? Entry { get; }

        internal Expression?[]? Sites { get; }

        internal StorageFormat Format { get; }
    }

    /// <summary>How a site's value takes part in the key.</summary>
    private enum SiteMode
    {
        /// <summary>Only bound as an argument: matched on the facets SQL could depend on (null, sign, empty ...).</summary>
        Facet,

        /// <summary>Read by the translator otherwise: matched exactly.</summary>
        Full,

        /// <summary>A list for IN whose elements are only bound: matched on each element's facet (so the count and the nulls).</summary>
        Sequence,
    }

    /// <summary>A site of an entry; for <see cref="SiteMode.Sequence"/>, <see cref="Key"/> holds the elements' facets.</summary>
    private readonly record struct Site(int Node, SiteMode Mode, object? Key, Facet Facet);

    /// <summary>An argument: a literal, a site's value, or element <see cref="Element"/> of a sequence site, encoded as recorded.</summary>
    private readonly record struct Argument(int Site, object? Literal, ColumnMapping? Column, Type? MemberType, int Element = -1);

    /// <summary>
    /// What SQL may depend on in a value that is only bound: null-ness (no type), and for the types allowed here the
    /// sign of a number, or whether a string is empty or has characters at or above U+D800 (which string comparisons
    /// refuse). A struct, so comparing a value's facet allocates nothing.
    /// </summary>
    internal readonly record struct Facet(Type? Type, int Code)
    {
        public static bool TryOf(object? value, out Facet facet)
        {
            var code = value switch
            {
                null => 0,
                int i => Math.Sign(i),
                long l => Math.Sign(l),
                short n => Math.Sign(n),
                sbyte b => Math.Sign(b),
                byte b => b == 0 ? 0 : 1,
                ushort u => u == 0 ? 0 : 1,
                uint u => u == 0 ? 0 : 1,
                string text => text.Length == 0 ? 0 : text.AsSpan().IndexOfAnyInRange('\uD800', '\uFFFF') >= 0 ? 1 : 2,
                Guid => 0,
                _ => int.MinValue,
            };
            facet = new Facet(value?.GetType(), code);
            return code != int.MinValue;
        }
    }

    internal sealed class Entry
    {
        private readonly ShapeNode[] _nodes;
        private readonly bool[] _compareConstant;
        private readonly object?[] _constants;
        private readonly Site[] _sites;
        private readonly Argument[] _arguments;
        private readonly SqlExpression _node;

        private Entry(ShapeNode[] nodes, bool[] compareConstant, object?[] constants, Site[] sites, Argument[] arguments, SqlExpression node)
        {
            _nodes = nodes;
            _compareConstant = compareConstant;
            _constants = constants;
            _sites = sites;
            _arguments = arguments;
            _node = node;
        }

        /// <summary>The translated node (slot k binds the k-th argument of a replay).</summary>
        public SqlExpression Node => _node;

        /// <summary>The number of values read from the tree on a replay.</summary>
        public int SiteCount => _sites.Length;

        public static Entry? Create(QueryShape shape, IReadOnlyList<(Expression Node, object? Value)> recorded,
            IReadOnlyDictionary<int, (int Site, ColumnMapping? Column, Type? MemberType, int Element)> links, SqlExpression translated, List<object?> args, int argStart)
        {
            var nodeCount = shape.Count;

            // Sites by node position; a node evaluated more than once is one site.
            var nodeIndex = new Dictionary<Expression, int>(ReferenceEqualityComparer.Instance);
            for (var i = 0; i < nodeCount; i++)
            {
                nodeIndex.TryAdd(shape.NodeAt(i), i);
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
                    arguments[a] = new Argument(site, null, link.Column, link.MemberType, link.Element);
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
                if (value is SqlTranslator.SequenceValue sequence)
                {
                    // Keyed by its elements' facets; any element without one (an enum, a double ...) leaves the shape uncached.
                    if (anyLiteral || !linkedSites.Contains(s) || !TryFacets(sequence.Elements, out var facets))
                    {
                        return null;
                    }

                    sites[s] = new Site(siteNodes[s], SiteMode.Sequence, facets, default);
                }
                else if (!anyLiteral && linkedSites.Contains(s) && Facet.TryOf(value, out var facet))
                {
                    sites[s] = new Site(siteNodes[s], SiteMode.Facet, null, facet);
                }
                else if (IsExactlyComparable(value))
                {
                    sites[s] = new Site(siteNodes[s], SiteMode.Full, value, default);
                }
                else
                {
                    return null;
                }
            }

            // Constants outside every site are part of the structure (the translator never reads them as values, but
            // a cheap exact match keeps the rule simple); inside a site they are covered by the site's value.
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
                    if (!IsExactlyComparable(constant.Value))
                    {
                        return null;
                    }

                    compare[i] = true;
                    constants[i] = constant.Value;
                }
            }

            return new Entry(shape.CopyDescriptors(), compare, constants, sites, arguments, translated);
        }

        public bool HasStructureOf(QueryShape shape)
        {
            if (shape.Count != _nodes.Length)
            {
                return false;
            }

            for (var i = 0; i < _nodes.Length; i++)
            {
                if (!ShapeNode.Same(_nodes[i], shape.DescriptorAt(i))
                    || (_compareConstant[i] && !ExactlyEqual(_constants[i], ((ConstantExpression)shape.NodeAt(i)).Value)))
                {
                    return false;
                }
            }

            return true;
        }

        /// <summary>The nodes of <paramref name="shape"/> (which has this entry's structure) that the sites read.</summary>
        public void CollectSites(QueryShape shape, Span<Expression?> into)
        {
            for (var s = 0; s < _sites.Length; s++)
            {
                into[s] = shape.NodeAt(_sites[s].Node);
            }
        }

        /// <summary>Reads each site's value from <paramref name="siteNodes"/>; when they all match, appends the arguments.</summary>
        public bool TryReplay(ReadOnlySpan<Expression?> siteNodes, StorageFormat format, List<object?> args)
        {
#if NET
            var small = default(SiteValues);
            var values = _sites.Length <= SiteNodes.Length ? ((Span<object?>)small)[.._sites.Length] : new object?[_sites.Length];
#else
            Span<object?> values = new object?[_sites.Length];
#endif
            try
            {
                for (var s = 0; s < _sites.Length; s++)
                {
                    object? value;
                    bool matches;
                    if (_sites[s].Mode == SiteMode.Sequence)
                    {
                        var elements = Elements(siteNodes[s]!);
                        value = elements;
                        matches = TryFacets(elements, out var facets) && facets.AsSpan().SequenceEqual((Facet[])_sites[s].Key!);
                    }
                    else
                    {
                        value = ExpressionInterpreter.EvaluateClosed(siteNodes[s]!);
                        matches = _sites[s].Mode == SiteMode.Facet
                            ? Facet.TryOf(value, out var facet) && facet == _sites[s].Facet
                            : ExactlyEqual(_sites[s].Key, value);
                    }
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

            foreach (var argument in _arguments)
            {
                args.Add(argument.Site < 0
                    ? argument.Literal
                    : SqlTranslator.EncodeArgument(
                        argument.Element < 0 ? values[argument.Site] : ((object?[])values[argument.Site]!)[argument.Element],
                        argument.Column,
                        argument.MemberType,
                        format));
            }

            return true;
        }

        private static object?[] Elements(Expression sequence)
        {
            var elements = new List<object?>();
            foreach (var item in ExpressionInterpreter.EvaluateSequence(sequence))
            {
                elements.Add(item);
            }

            return [.. elements];
        }

        private static bool TryFacets(object?[] elements, out Facet[] facets)
        {
            facets = new Facet[elements.Length];
            for (var i = 0; i < elements.Length; i++)
            {
                if (!Facet.TryOf(elements[i], out facets[i]))
                {
                    return false;
                }
            }

            return true;
        }

        internal static bool IsExactlyComparable(object? value) => value is null or string or bool or char or byte or sbyte or short or ushort
            or int or uint or long or ulong or float or double or decimal or DateTime or DateTimeOffset or TimeSpan
#if NET
            or DateOnly or TimeOnly
#endif
            or Guid or Enum;

        /// <summary>Equality that tells apart what .NET's Equals does not but SQL text may: -0.0, decimal scale, DateTime kind, offsets.</summary>
        internal static bool ExactlyEqual(object? a, object? b) => (a, b) switch
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
