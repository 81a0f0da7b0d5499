// Shared source (see src/Shared/README.md).
#if MICRODB_GENERATOR
namespace MicroDb.Generator.Shared;
#else
namespace MicroDb.Mapping;
#endif

/// <summary>A broken <see cref="ModelRule"/>: the rule, the column it is about (-1 for the type) and the message arguments.</summary>
internal readonly struct RuleViolation
{
    public RuleViolation(ModelRule rule, int columnIndex, params string[] args)
    {
        Rule = rule;
        ColumnIndex = columnIndex;
        Args = args;
    }

    public ModelRule Rule { get; }

    public int ColumnIndex { get; }

    public string[] Args { get; }

    /// <summary>The message as the runtime throws it.</summary>
    public string Message => Rule.Format(Args);
}
