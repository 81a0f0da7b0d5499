// Shared source (see src/Shared/README.md).
#if MICRODB_GENERATOR
namespace MicroDb.Generator.Shared;
#else
namespace MicroDb.Mapping;
#endif

/// <summary>
/// One model rule: its id (the generator's diagnostic id, with a page at docs/diagnostics/{Id}.md), title and message
/// format. The generator reports it as a diagnostic; the runtime throws it as a <c>MicroDbMappingException</c>, with
/// the same text.
/// </summary>
internal sealed class ModelRule
{
    public ModelRule(string id, string title, string messageFormat)
    {
        Id = id;
        Title = title;
        MessageFormat = messageFormat;
    }

    public string Id { get; }

    public string Title { get; }

    /// <summary>A composite format (<c>{0}</c>, <c>{1}</c> ...), without a final period, as Roslyn messages are.</summary>
    public string MessageFormat { get; }

    /// <summary>The message as the runtime throws it: the format filled in, a period, and the rule id to look up.</summary>
    public string Format(params string[] args) =>
        string.Format(System.Globalization.CultureInfo.InvariantCulture, MessageFormat, args) + " (" + Id + ").";
}
