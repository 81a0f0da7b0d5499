using System.Collections;
using System.Collections.Concurrent;
using System.Linq.Expressions;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Text;
using MicroDb.Mapping;
using MicroDb.Query.Model;

namespace MicroDb.Query;

/// <summary>What a lambda is translated as.</summary>
internal enum TranslationKind
{
    Predicate,
    OrderKey,
    Value,
}

// The translation cache: each lambda shape is translated once. The C# compiler builds a new expression tree at every
// call, so the cache keys on the tree's structure; the values the translator reads from it (constants, captured
// variables) are the "sites" of the shape. A site whose value only becomes a bound argument is replayed: on a hit it
// is evaluated again (still by walking the tree: no Expression.Compile) and encoded as the first translation encoded
// it. Any other site (a value that decides the SQL, or feeds a computed argument) is part of the key, compared exactly,
// so a hit can never produce SQL the values would not have produced.
internal sealed partial class SqlTranslator
{
    private Recording? _recording;

    /// <summary>Evaluates a sub-tree that does not use the lambda's parameter, recording it as a site of the shape.</summary>
    private object? Evaluate(Expression e)
    {
        var value = ExpressionInterpreter.EvaluateClosed(e);
        _recording?.Sites.Add((e, value));
        return value;
    }

    /// <summary>Evaluates a sequence (for IN); shapes with one are not cached (a list's contents are not a key).</summary>
    private IEnumerable EvaluateSequence(Expression e)
    {
        if (_recording is not null)
        {
            _recording.Uncacheable = true;
        }

        return ExpressionInterpreter.EvaluateSequence(e);
    }

    /// <summary>Encodes a replayed argument exactly as <see cref="Value"/> encoded it in the first translation.</summary>
    internal static object? EncodeArgument(object? value, ColumnMapping? column, Type? memberType, StorageFormat format) => Encode(value, column, memberType, format);

    /// <summary>Translates <paramref name="lambda"/> through the cache (see <see cref="TranslationCache"/>).</summary>
    internal static void WriteCached(TableMapping table, StorageFormat format, LambdaExpression lambda, TranslationKind kind, StringBuilder sql, List<object?> args)
    {
        // The lambda Where just checked is usually the one the run writes: its match is remembered, so no second walk.
        if (TranslationCache.TryReplayRemembered(table, format, kind, lambda, sql, args))
        {
            return;
        }

        var shape = Shape.Rent();
        try
        {
            var walked = shape.Walk(lambda);
            if (walked && TranslationCache.TryReplay(table, format, kind, lambda, shape, sql, args))
            {
                return;
            }

            WriteUncached(table, format, lambda, kind, walked ? shape : null, sql, args);
        }
        finally
        {
            Shape.Return(shape);
        }
    }

    /// <summary>
    /// Checks that <paramref name="lambda"/> translates, cheaply when its shape is cached: a cached shape translated
    /// before, and a run re-checks the values anyway (see <see cref="Validate"/>).
    /// </summary>
    internal static bool IsKnownShape(TableMapping table, StorageFormat format, LambdaExpression lambda, TranslationKind kind)
    {
        var shape = Shape.Rent();
        try
        {
            return shape.Walk(lambda) && TranslationCache.Contains(table, format, kind, lambda, shape);
        }
        finally
        {
            Shape.Return(shape);
        }
    }

    private static void WriteUncached(TableMapping table, StorageFormat format, LambdaExpression lambda, TranslationKind kind, Shape? shape, StringBuilder sql, List<object?> args)
    {
        var sqlStart = sql.Length;
        var argStart = args.Count;
        var translator = new SqlTranslator(table, format, lambda) { _recording = shape is null ? null : new Recording() };

        // Front end: the lambda to a model node; writer: the node to text, each parameter's slot in marker order.
        var node = kind switch
        {
            TranslationKind.Predicate => TranslatePredicate(translator),
            TranslationKind.OrderKey => TranslateOrderKey(translator),
            _ => TranslateValue(translator),
        };
        var order = new List<int>();
        SqliteSqlWriter.Instance.Write(node, sql, order);
        var links = translator._recording is null ? null : new Dictionary<int, (int Site, ColumnMapping? Column, Type? MemberType)>();
        for (var i = 0; i < order.Count; i++)
        {
            var slot = translator._slots[order[i]];
            args.Add(slot.Value);
            if (links is not null && slot.Site >= 0)
            {
                links[i] = (slot.Site, slot.Column, slot.MemberType);
            }
        }

        if (translator._recording is { Uncacheable: false } recording)
        {
            TranslationCache.Store(table, format, kind, shape!, recording.Sites, links!, sql.ToString(sqlStart, sql.Length - sqlStart), args, argStart);
        }
    }

    /// <summary>What one translation read from its tree.</summary>
    private sealed class Recording
    {
        public List<(Expression Node, object? Value)> Sites { get; } = [];

        public bool Uncacheable { get; set; }

        /// <summary>The latest site that produced <paramref name="value"/> (by reference), or -1: the site a parameter slot binds.</summary>
        public int SiteOf(object? value)
        {
            if (value is null)
            {
                return -1;
            }

            for (var i = Sites.Count - 1; i >= 0; i--)
            {
                if (ReferenceEquals(Sites[i].Value, value))
                {
                    return i;
                }
            }

            return -1;
        }
    }

    /// <summary>
    /// A tree flattened in pre-order: per node, what must match for two trees to translate alike. A shape is a thread's
    /// reusable buffer (<see cref="Rent"/>/<see cref="Return"/>), so walking a tree allocates nothing; a cache entry keeps
    /// its own copy of what it needs.
    /// </summary>
    internal sealed class Shape
    {
        // One spare per thread; renting leaves none, so a walk started while another is in use (a captured value whose
        // getter runs a query) gets its own buffer.
        [ThreadStatic]
        private static Shape? _spare;

        private static readonly Expression Absent = Expression.Empty();

        private readonly List<ParameterExpression> _parameters = [];

        // One array of structs rather than lists: a store into an Expression[] pays a covariance check per node.
        private Slot[] _slots = new Slot[16];
        private HashCode _hash;

        /// <summary>The number of nodes.</summary>
        public int Count { get; private set; }

        public int Hash { get; private set; }

        public static Shape Rent()
        {
            var shape = _spare ?? new Shape();
            _spare = null;
            return shape;
        }

        public static void Return(Shape shape)
        {
            // Drop the references to the tree, so a buffer kept by the thread does not keep the query's values alive.
            Array.Clear(shape._slots, 0, shape.Count);
            shape.Count = 0;
            shape._parameters.Clear();
            _spare = shape;
        }

        public Expression NodeAt(int index) => _slots[index].Node;

        public Node DescriptorAt(int index) => _slots[index].Descriptor;

        /// <summary>The index just past the sub-tree of the node at <paramref name="index"/>.</summary>
        public int SubtreeEnd(int index) => _slots[index].End;

        public Node[] CopyDescriptors()
        {
            var descriptors = new Node[Count];
            for (var i = 0; i < descriptors.Length; i++)
            {
                descriptors[i] = _slots[i].Descriptor;
            }

            return descriptors;
        }

        /// <summary>Flattens <paramref name="lambda"/>; false when it holds a node kind the cache does not walk.</summary>
        public bool Walk(LambdaExpression lambda)
        {
            Array.Clear(_slots, 0, Count);
            Count = 0;
            _parameters.Clear();
            _hash = default;
            if (!Walk((Expression)lambda))
            {
                return false;
            }

            Hash = _hash.ToHashCode();
            return true;
        }

        private int Add(Expression node)
        {
            if (Count == _slots.Length)
            {
                Array.Resize(ref _slots, Count * 2);
            }

            _slots[Count].Node = node;
            return Count++;
        }

        private void Complete(int index, Node descriptor)
        {
            ref var slot = ref _slots[index];
            slot.Descriptor = descriptor;
            slot.End = Count;
            // Members by identity: the compiler's trees get them from reflection's caches, so equal ones are the same
            // instances; were they not, two equal shapes would only miss each other, never match wrongly. The node's
            // type is left to the structural comparison (the members and node kinds spread the shapes well enough).
            _hash.Add(((int)descriptor.NodeType << 16) ^ descriptor.Extra);
            _hash.Add(RuntimeHelpers.GetHashCode(descriptor.Member));
        }

        private bool Walk(Expression? e)
        {
            if (e is null)
            {
                // An absent child (a static call's instance) still takes a slot, so siblings keep their positions.
                Complete(Add(Absent), new Node(ExpressionType.Default, null, null, -1));
                return true;
            }

            var index = Add(e);
            MemberInfo? member = null;
            var extra = 0;
            bool ok;

            // The common node kinds by NodeType first (one type test each); the rest by their class.
            switch (e.NodeType)
            {
                case ExpressionType.MemberAccess when e is MemberExpression access:
                    member = access.Member;
                    ok = Walk(access.Expression);
                    break;
                case ExpressionType.Parameter when e is ParameterExpression parameter:
                    extra = _parameters.Count > 0 && ReferenceEquals(_parameters[0], parameter) ? 0 : _parameters.IndexOf(parameter);
                    ok = extra >= 0;
                    break;
                case ExpressionType.Constant when e is ConstantExpression:
                    ok = true;
                    break;
                default:
                    ok = WalkOther(e, ref member, ref extra);
                    break;
            }

            Complete(index, new Node(e.NodeType, e.Type, member, extra));
            return ok;
        }

        private bool WalkOther(Expression e, ref MemberInfo? member, ref int extra)
        {
            var ok = true;
            switch (e)
            {
                case LambdaExpression lambda:
                    extra = lambda.Parameters.Count;
                    for (var i = 0; i < lambda.Parameters.Count; i++)
                    {
                        _parameters.Add(lambda.Parameters[i]);
                    }

                    ok = Walk(lambda.Body);
                    break;
                case BinaryExpression binary:
                    member = binary.Method;
                    ok = binary.Conversion is null && Walk(binary.Left) && Walk(binary.Right);
                    extra = binary.IsLiftedToNull ? 1 : 0;
                    break;
                case UnaryExpression unary:
                    member = unary.Method;
                    ok = Walk(unary.Operand);
                    break;
                case MethodCallExpression call:
                    member = call.Method;
                    extra = call.Arguments.Count;
                    ok = Walk(call.Object);
                    for (var i = 0; ok && i < call.Arguments.Count; i++)
                    {
                        ok = Walk(call.Arguments[i]);
                    }

                    break;
                case MemberExpression access:
                    member = access.Member;
                    ok = Walk(access.Expression);
                    break;
                case ConditionalExpression conditional:
                    ok = Walk(conditional.Test) && Walk(conditional.IfTrue) && Walk(conditional.IfFalse);
                    break;
                case NewExpression creation:
                    member = creation.Constructor;
                    extra = creation.Arguments.Count;
                    ok = creation.Members is null;
                    for (var i = 0; ok && i < creation.Arguments.Count; i++)
                    {
                        ok = Walk(creation.Arguments[i]);
                    }

                    break;
                case NewArrayExpression array:
                    extra = array.Expressions.Count;
                    for (var i = 0; ok && i < array.Expressions.Count; i++)
                    {
                        ok = Walk(array.Expressions[i]);
                    }

                    break;
                case TypeBinaryExpression typeTest:
                    extra = typeTest.TypeOperand.GetHashCode();
                    ok = Walk(typeTest.Expression);
                    break;
                case ParameterExpression parameter:
                    extra = _parameters.IndexOf(parameter);
                    ok = extra >= 0;
                    break;
                case ConstantExpression or DefaultExpression:
                    break;
                default:
                    // Member/list initializers, blocks, invocations ...: translated every time.
                    ok = false;
                    break;
            }

            return ok;
        }

        private struct Slot
        {
            public Expression Node;
            public Node Descriptor;
            public int End;
        }
    }

    /// <summary>One node's identity within a shape (constants' values are compared separately).</summary>
    internal readonly record struct Node(ExpressionType NodeType, Type? Type, MemberInfo? Member, int Extra)
    {
        /// <summary>Equality without the generic comparers a record's own uses: run-time types and members are mostly the same instances.</summary>
        public static bool Same(in Node a, in Node b) =>
            a.NodeType == b.NodeType && a.Extra == b.Extra
            && (ReferenceEquals(a.Type, b.Type) || Equals(a.Type, b.Type))
            && (ReferenceEquals(a.Member, b.Member) || Equals(a.Member, b.Member));
    }
}
