using System.Linq.Expressions;
using System.Reflection;
using System.Runtime.CompilerServices;

namespace MicroDb.Query;

// The parameterizing pass of the run-time front end: a lambda flattened to its shape, what must match for two trees to
// translate alike. The closed sub-trees the translator reads are the shape's "sites" (its parameters): on a cache hit
// they are evaluated again and bound, or, when the SQL depends on them, compared as part of the key (TranslationCache).
/// <summary>
/// A tree flattened in pre-order: per node, what must match for two trees to translate alike. A shape is a thread's
/// reusable buffer (<see cref="Rent"/>/<see cref="Return"/>), so walking a tree allocates nothing; a cache entry keeps
/// its own copy of what it needs.
/// </summary>
internal sealed class QueryShape
{
    // One spare per thread; renting leaves none, so a walk started while another is in use (a captured value whose
    // getter runs a query) gets its own buffer.
    [ThreadStatic]
    private static QueryShape? _spare;

    private static readonly Expression Absent = Expression.Empty();

    private readonly List<ParameterExpression> _parameters = [];

    // One array of structs rather than lists: a store into an Expression[] pays a covariance check per node.
    private Slot[] _slots = new Slot[16];
    private HashCode _hash;

    /// <summary>The number of nodes.</summary>
    public int Count { get; private set; }

    public int Hash { get; private set; }

    public static QueryShape Rent()
    {
        var shape = _spare ?? new QueryShape();
        _spare = null;
        return shape;
    }

    public static void Return(QueryShape shape)
    {
        // Drop the references to the tree, so a buffer kept by the thread does not keep the query's values alive.
        Array.Clear(shape._slots, 0, shape.Count);
        shape.Count = 0;
        shape._parameters.Clear();
        _spare = shape;
    }

    public Expression NodeAt(int index) => _slots[index].Node;

    public ShapeNode DescriptorAt(int index) => _slots[index].Descriptor;

    /// <summary>The index just past the sub-tree of the node at <paramref name="index"/>.</summary>
    public int SubtreeEnd(int index) => _slots[index].End;

    public ShapeNode[] CopyDescriptors()
    {
        var descriptors = new ShapeNode[Count];
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

    private void Complete(int index, ShapeNode descriptor)
    {
        ref var slot = ref _slots[index];
        slot.Descriptor = descriptor;
        slot.End = Count;
        // Members by declaring type and name, not by identity: under the JIT the compiler's trees get them from
        // reflection's caches (equal members are the same instances), but under NativeAOT each tree's
        // MethodBase.GetMethodFromHandle gives a new, equal instance, and hashing by identity made every run miss.
        // Overloads share a hash; the structural comparison (ShapeNode.Same, by Equals) tells them apart. The node's
        // type is left to that comparison too (the members and node kinds spread the shapes well enough).
        _hash.Add(((int)descriptor.NodeType << 16) ^ descriptor.Extra);
        _hash.Add(MemberHash(descriptor.Member));
    }

    /// <summary>A member's hash that equal members share whether or not they are the same instance.</summary>
    internal static int MemberHash(MemberInfo? member) =>
        member is null ? 0 : (RuntimeHelpers.GetHashCode(member.DeclaringType) * 31) ^ StringComparer.Ordinal.GetHashCode(member.Name);

    private bool Walk(Expression? e)
    {
        if (e is null)
        {
            // An absent child (a static call's instance) still takes a slot, so siblings keep their positions.
            Complete(Add(Absent), new ShapeNode(ExpressionType.Default, null, null, -1));
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

        Complete(index, new ShapeNode(e.NodeType, e.Type, member, extra));
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
        public ShapeNode Descriptor;
        public int End;
    }
}

/// <summary>One node's identity within a shape (constants' values are compared separately).</summary>
internal readonly record struct ShapeNode(ExpressionType NodeType, Type? Type, MemberInfo? Member, int Extra)
{
    /// <summary>Equality without the generic comparers a record's own uses: run-time types and members are mostly the same instances.</summary>
    public static bool Same(in ShapeNode a, in ShapeNode b) =>
        a.NodeType == b.NodeType && a.Extra == b.Extra
        && (ReferenceEquals(a.Type, b.Type) || Equals(a.Type, b.Type))
        && (ReferenceEquals(a.Member, b.Member) || Equals(a.Member, b.Member));
}
