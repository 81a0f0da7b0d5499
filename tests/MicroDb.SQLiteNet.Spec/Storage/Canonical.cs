using System.Globalization;
using System.Text;

namespace MicroDb.SQLiteNet.Spec.Storage;

/// <summary>
/// A culture-free text form of a .NET value that keeps what matters for round trips (DateTime Kind, the sign of
/// zero, decimal scale, DateTimeOffset offset), so expectations can be written and compared as strings.
/// </summary>
public static class Canonical
{
    /// <summary>The canonical text of <paramref name="value"/>.</summary>
    public static string Describe(object? value) => value switch
    {
        null => "null",
        bool b => b ? "true" : "false",
        float f => f.ToString("R", CultureInfo.InvariantCulture) + "f",
        double d => d.ToString("R", CultureInfo.InvariantCulture),
        decimal m => m.ToString(CultureInfo.InvariantCulture) + "m",
        char c => $"U+{(int)c:X4}",
        string s => Text(s),
        byte[] bytes => "0x" + Convert.ToHexString(bytes),
        Guid g => g.ToString("D"),
        DateTime dt => dt.ToString("yyyy-MM-dd'T'HH:mm:ss.fffffff", CultureInfo.InvariantCulture) + " " + dt.Kind,
        DateTimeOffset dto => dto.ToString("yyyy-MM-dd'T'HH:mm:ss.fffffffzzz", CultureInfo.InvariantCulture),
        TimeSpan ts => ts.ToString("c", CultureInfo.InvariantCulture),
        DateOnly d => d.ToString("yyyy-MM-dd", CultureInfo.InvariantCulture),
        TimeOnly t => t.ToString("HH:mm:ss.fffffff", CultureInfo.InvariantCulture),
        Enum e => $"{e}({e:D})",
        IFormattable f => f.ToString(null, CultureInfo.InvariantCulture),
        _ => Text(value.ToString() ?? ""),
    };

    // Quoted, with control characters escaped so a NUL or newline stays visible in test names and docs.
    private static string Text(string s)
    {
        var sb = new StringBuilder("\"");
        foreach (char c in s)
        {
            if (c < 0x20 || c == '"' || c == '\\') sb.Append($"\\u{(int)c:X4}");
            else sb.Append(c);
        }
        return sb.Append('"').ToString();
    }
}
