using System.Collections;
using System.Collections.Concurrent;
using System.Linq.Expressions;
using System.Reflection;
using System.Text;
using MicroDb.Mapping;

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

    /// <summary>Encodes a replayed argument exactly as <see cref="WriteValue"/> encoded it in the first translation.</summary>
    internal static object? EncodeArgument(object? value, ColumnMapping? column, Type? memberType, StorageFormat format) => Encode(value, column, memberType, format);

    /// <summary>Translates <paramref name="lambda"/> through the cache (see <see cref="TranslationCache"/>).</summary>
    internal static void WriteCached(TableMapping table, StorageFormat format, LambdaExpression lambda, TranslationKind kind, StringBuilder sql, List<object?> args)
    {
        var shape = Shape.Of(lambda);
        WriteCached(table, format, lambda, kind, shape, sql, args);
    }

    /// <summary>
    /// Checks that <paramref name="lambda"/> translates, cheaply when its shape is cached: a cached shape translated
    /// before, and a run re-checks the values anyway (see <see cref="Validate"/>).
    /// </summary>
    internal static bool IsKnownShape(TableMapping table, StorageFormat format, LambdaExpression lambda, TranslationKind kind) =>
        Shape.Of(lambda) is { } shape && TranslationCache.Contains(table, format, kind, shape);

    private static void WriteCached(TableMapping table, StorageFormat format, LambdaExpression lambda, TranslationKind kind, Shape? shape, StringBuilder sql, List<object?> args)
    {
        if (shape is not null && TranslationCache.TryReplay(table, format, kind, shape, sql, args))
        {
            return;
        }

        var sqlStart = sql.Length;
        var argStart = args.Count;
        var translator = new SqlTranslator(table, format, lambda, sql, args) { _recording = shape is null ? null : new Recording(argStart) };
        switch (kind)
        {
            case TranslationKind.Predicate:
                WritePredicateUncached(translator);
                break;
            case TranslationKind.OrderKey:
                WriteOrderKeyUncached(translator);
                break;
            default:
                WriteValueExpressionUncached(translator);
                break;
        }

        if (translator._recording is { Uncacheable: false } recording)
        {
            TranslationCache.Store(table, format, kind, shape!, recording.Sites, recording.Links, sql.ToString(sqlStart, sql.Length - sqlStart), args, argStart);
        }
    }

    /// <summary>What one translation read from its tree and how each argument came about.</summary>
    private sealed class Recording(int argStart)
    {
        public List<(Expression Node, object? Value)> Sites { get; } = [];

        /// <summary>Argument index (relative to the fragment) → the site it encodes, with the encoding's inputs.</summary>
        public Dictionary<int, (int Site, ColumnMapping? Column, Type? MemberType)> Links { get; } = [];

        public bool Uncacheable { get; set; }

        public void LinkArgument(int argIndex, object? value, ColumnMapping? column, Type? memberType)
        {
            if (value is null)
            {
                return;
            }

            for (var i = Sites.Count - 1; i >= 0; i--)
            {
                if (ReferenceEquals(Sites[i].Value, value))
                {
                    Links[argIndex - argStart] = (i, column, memberType);
                    return;
                }
            }
        }
    }

    /// <summary>A tree flattened in pre-order: per node, what must match for two trees to translate alike.</summary>
    internal sealed class Shape
    {
        private Shape(Expression[] nodes, Node[] descriptors, int[] subtreeEnds, int hash)
        {
            Nodes = nodes;
            Descriptors = descriptors;
            SubtreeEnds = subtreeEnds;
            Hash = hash;
        }

        public Expression[] Nodes { get; }

        public Node[] Descriptors { get; }

        /// <summary>For each node, the index just past its sub-tree.</summary>
        public int[] SubtreeEnds { get; }

        public int Hash { get; }

        // The same tree is usually shaped twice in a row (Where validates it, the run translates it): keep the last one.
        [ThreadStatic]
        private static (LambdaExpression? Lambda, Shape? Shape) _last;

        /// <summary>The shape of <paramref name="lambda"/>, or null when it holds a node kind the cache does not walk.</summary>
        public static Shape? Of(LambdaExpression lambda)
        {
            if (ReferenceEquals(_last.Lambda, lambda))
            {
                return _last.Shape;
            }

            var shape = Build(lambda);
            _last = (lambda, shape);
            return shape;
        }

        // Scratch lists reused by each thread's walks (a walk calls no user code, so it never re-enters); the shape keeps
        // exact-size copies.
        [ThreadStatic]
        private static (List<Expression> Nodes, List<Node> Descriptors, List<int> Ends, List<ParameterExpression> Parameters)? _scratch;

        private static readonly Expression Absent = Expression.Empty();

        private static Shape? Build(LambdaExpression lambda)
        {
            var (nodes, descriptors, ends, parameters) = _scratch ??= ([], [], [], []);
            nodes.Clear();
            descriptors.Clear();
            ends.Clear();
            parameters.Clear();
            if (!Walk(lambda, nodes, descriptors, ends, parameters))
            {
                return null;
            }

            var hash = new HashCode();
            foreach (var d in descriptors)
            {
                hash.Add(d);
            }

            return new Shape([.. nodes], [.. descriptors], [.. ends], hash.ToHashCode());
        }

        private static bool Walk(Expression? e, List<Expression> nodes, List<Node> descriptors, List<int> ends, List<ParameterExpression> parameters)
        {
            if (e is null)
            {
                // An absent child (a static call's instance) still takes a slot, so siblings keep their positions.
                nodes.Add(Absent);
                descriptors.Add(new Node(ExpressionType.Default, null, null, -1));
                ends.Add(nodes.Count);
                return true;
            }

            var index = nodes.Count;
            nodes.Add(e);
            descriptors.Add(default);
            ends.Add(0);
            MemberInfo? member = null;
            var extra = 0;
            var ok = true;
            switch (e)
            {
                case LambdaExpression lambda:
                    extra = lambda.Parameters.Count;
                    foreach (var p in lambda.Parameters)
                    {
                        parameters.Add(p);
                    }

                    ok = Walk(lambda.Body, nodes, descriptors, ends, parameters);
                    break;
                case BinaryExpression binary:
                    member = binary.Method;
                    ok = binary.Conversion is null
                        && Walk(binary.Left, nodes, descriptors, ends, parameters)
                        && Walk(binary.Right, nodes, descriptors, ends, parameters);
                    extra = binary.IsLiftedToNull ? 1 : 0;
                    break;
                case UnaryExpression unary:
                    member = unary.Method;
                    ok = Walk(unary.Operand, nodes, descriptors, ends, parameters);
                    break;
                case MethodCallExpression call:
                    member = call.Method;
                    extra = call.Arguments.Count;
                    ok = Walk(call.Object, nodes, descriptors, ends, parameters);
                    for (var i = 0; ok && i < call.Arguments.Count; i++)
                    {
                        ok = Walk(call.Arguments[i], nodes, descriptors, ends, parameters);
                    }

                    break;
                case MemberExpression access:
                    member = access.Member;
                    ok = Walk(access.Expression, nodes, descriptors, ends, parameters);
                    break;
                case ConditionalExpression conditional:
                    ok = Walk(conditional.Test, nodes, descriptors, ends, parameters)
                        && Walk(conditional.IfTrue, nodes, descriptors, ends, parameters)
                        && Walk(conditional.IfFalse, nodes, descriptors, ends, parameters);
                    break;
                case NewExpression creation:
                    member = creation.Constructor;
                    extra = creation.Arguments.Count;
                    ok = creation.Members is null;
                    for (var i = 0; ok && i < creation.Arguments.Count; i++)
                    {
                        ok = Walk(creation.Arguments[i], nodes, descriptors, ends, parameters);
                    }

                    break;
                case NewArrayExpression array:
                    extra = array.Expressions.Count;
                    for (var i = 0; ok && i < array.Expressions.Count; i++)
                    {
                        ok = Walk(array.Expressions[i], nodes, descriptors, ends, parameters);
                    }

                    break;
                case TypeBinaryExpression typeTest:
                    extra = typeTest.TypeOperand.GetHashCode();
                    ok = Walk(typeTest.Expression, nodes, descriptors, ends, parameters);
                    break;
                case ParameterExpression parameter:
                    extra = parameters.IndexOf(parameter);
                    ok = extra >= 0;
                    break;
                case ConstantExpression or DefaultExpression:
                    break;
                default:
                    // Member/list initializers, blocks, invocations ...: translated every time.
                    ok = false;
                    break;
            }

            descriptors[index] = new Node(e.NodeType, e.Type, member, extra);
            ends[index] = nodes.Count;
            return ok;
        }
    }

    /// <summary>One node's identity within a shape (constants' values are compared separately).</summary>
    internal readonly record struct Node(ExpressionType NodeType, Type? Type, MemberInfo? Member, int Extra);
}
