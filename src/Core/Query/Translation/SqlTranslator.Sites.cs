using System.Collections;
using System.Linq.Expressions;
using MicroDb.Mapping;
using MicroDb.Query.Model;

namespace MicroDb.Query;

// What the translator reads from the tree, for the cache: every closed sub-tree it evaluates (a "site" of the shape,
// see QueryShape) and, per parameter slot, the site it binds. The translator does not know the cache: TranslationCache
// looks a shape up and calls Translate on a miss, then stores what the translation read.
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

    /// <summary>
    /// Evaluates a sequence (for IN) into its elements, recorded as one sequence site: a shape with it is cached only when
    /// each element is bound on its own (<see cref="ElementValue"/>), keyed by the elements' facets (so by the count and
    /// where the nulls are); <see cref="UncacheableSequence"/> otherwise.
    /// </summary>
    private object?[] EvaluateSequence(Expression e, out int site)
    {
        var elements = new List<object?>();
        foreach (var item in ExpressionInterpreter.EvaluateSequence(e))
        {
            elements.Add(item);
        }

        var array = elements.ToArray();
        site = -1;
        if (_recording is not null)
        {
            site = _recording.Sites.Count;
            _recording.Sites.Add((e, new SequenceValue(array)));
        }

        return array;
    }

    /// <summary>The elements of a sequence are not all bound as they are: the shape is not cached.</summary>
    private void UncacheableSequence()
    {
        if (_recording is not null)
        {
            _recording.Uncacheable = true;
        }
    }

    /// <summary>A slot for element <paramref name="element"/> of sequence site <paramref name="site"/>, encoded as the column stores it.</summary>
    private SqlParameter ElementValue(object value, int site, int element, ColumnMapping? column, Type? memberType) =>
        AddSlot(new ParameterSlot(Encode(value, column, memberType, _format), site, column, memberType, element), column?.Kind);

    /// <summary>The recorded value of a sequence site: its elements.</summary>
    internal sealed record SequenceValue(object?[] Elements);

    /// <summary>Encodes a replayed argument exactly as <see cref="Value"/> encoded it in the first translation.</summary>
    internal static object? EncodeArgument(object? value, ColumnMapping? column, Type? memberType, StorageFormat format) => Encode(value, column, memberType, format);

    /// <summary>
    /// The front end: translates <paramref name="lambda"/> into a model node and its parameter slots. With
    /// <paramref name="record"/>, the result also lists the sites read (for the cache).
    /// </summary>
    internal static Translation Translate(TableMapping table, StorageFormat format, LambdaExpression lambda, TranslationKind kind, bool record)
    {
        var translator = new SqlTranslator(table, format, lambda) { _recording = record ? new Recording() : null, _setter = kind == TranslationKind.Setter };
        var node = kind switch
        {
            TranslationKind.Predicate => TranslatePredicate(translator),
            TranslationKind.OrderKey => TranslateOrderKey(translator),
            _ => TranslateValue(translator),
        };
        return new Translation(node, translator._slots, translator._recording is { Uncacheable: false } recording ? recording.Sites : null);
    }

    /// <summary>A translated lambda: the model node, the values of its parameter slots, and the sites read (null: not cacheable).</summary>
    internal sealed record Translation(SqlExpression Node, IReadOnlyList<ParameterSlot> Slots, IReadOnlyList<(Expression Node, object? Value)>? Sites);

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
}
