namespace MicroDb.Query;

/// <summary>A LINQ construct a <see cref="QueryDialect"/> may have no faithful translation for.</summary>
internal enum QueryFeature
{
    /// <summary>Case-insensitive ordinal matching (<c>StringComparison.OrdinalIgnoreCase</c>).</summary>
    CaseInsensitiveMatch,

    /// <summary>Culture-aware matching (<c>CurrentCulture</c>/<c>InvariantCulture</c> and their IgnoreCase forms, the <c>(bool, CultureInfo)</c> overloads).</summary>
    CultureMatch,

    /// <summary><c>ToUpper</c>/<c>ToLower</c> and their invariant forms.</summary>
    CaseMapping,

    /// <summary><c>Trim</c>, <c>TrimStart</c>, <c>TrimEnd</c> and <c>IsNullOrWhiteSpace</c>.</summary>
    Trim,

    /// <summary><c>Substring</c> (UTF-16 indices).</summary>
    Substring,

    /// <summary><c>IndexOf</c> (UTF-16 indices).</summary>
    IndexOf,

    /// <summary>Parts of a date or time (<c>Year</c>, <c>Month</c>, <c>DayOfWeek</c>, <c>Date</c> ...).</summary>
    DateParts,

    /// <summary><c>Math.Round</c>, <c>Math.Max</c>, <c>Math.Min</c>.</summary>
    MathFunctions,

    /// <summary>Concatenating a value that is not a string.</summary>
    NonStringConcat,
}
