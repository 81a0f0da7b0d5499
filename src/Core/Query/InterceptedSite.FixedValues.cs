namespace MicroDb.Query;

// A join's ON condition may bind values no lambda holds: the translator writes a ulong key (or a ulong enum's) as its bit
// pattern with the sign bit flipped, ((v | ?) - (v & ?)) with long.MinValue bound twice per side (SqlTranslator.Key).
public sealed partial class InterceptedSite
{
    /// <summary>
    /// Adds the next value of a join: a constant the run-time translator binds itself in the ON condition (the sign bit a
    /// ulong key flips, <see cref="long.MinValue"/>), bound as an integer. Call while building the site, before it is used.
    /// </summary>
    /// <param name="value">The constant.</param>
    /// <returns>This site.</returns>
    public InterceptedSite JoinedFixedValue(long value)
    {
        _values = [.. _values, new ValueSite(0, "", "", typeof(long)) { Fixed = value }];
        return this;
    }
}
