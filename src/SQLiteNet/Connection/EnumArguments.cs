using System.Collections.Concurrent;
using MicroDb.Mapping;

namespace SQLite;

/// <summary>
/// sqlite-net binds a value of an enum marked <c>[StoreAsText]</c> as its name wherever it appears, query arguments
/// included, so <c>Query("... where Color = ?", Color.Red)</c> compares with the stored text. MicroDb's core binds an
/// argument by its own type only, so the compat layer turns such enum arguments into the text their columns hold.
/// </summary>
internal static class EnumArguments
{
    private static readonly ConcurrentDictionary<Type, bool> StoredAsText = new();

    /// <summary><paramref name="args"/> with every [StoreAsText] enum value replaced by its stored text (the same array when there is none).</summary>
    public static object[] Convert(object[] args)
    {
        if (args is null)
        {
            return args;
        }

        object[] converted = null;
        for (var i = 0; i < args.Length; i++)
        {
            if (args[i] is Enum value && IsStoredAsText(value.GetType()))
            {
                converted ??= (object[])args.Clone();
                converted[i] = value.ToString();
            }
        }

        return converted ?? args;
    }

    /// <summary>Whether <paramref name="enumType"/> carries sqlite-net's or MicroDb's <c>[StoreAsText]</c> (matched by the mapping paths' rule, <see cref="AttributeNames"/>).</summary>
    public static bool IsStoredAsText(Type enumType) =>
        StoredAsText.GetOrAdd(enumType, static t => t.GetCustomAttributesData().Any(a =>
            AttributeNames.Is(a.AttributeType.IsNested ? null : a.AttributeType.Namespace, a.AttributeType.Name, AttributeNames.StoreAsText)));
}
