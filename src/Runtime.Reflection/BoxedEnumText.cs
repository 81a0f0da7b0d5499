using MicroDb.Mapping;

namespace MicroDb.Runtime.Reflection;

/// <summary>
/// Core's rule for an enum stored by name (<see cref="EnumTextRule{TValue}"/>) over boxed values: the reflection path
/// knows the enum type only at run time, so it reads the names and values through <see cref="Enum"/>'s non-generic API.
/// </summary>
internal sealed class BoxedEnumText : EnumTextRule<object>
{
    private readonly Type _enumType;

    public BoxedEnumText(Type enumType)
        : base(enumType.Name, Enum.GetNames(enumType), Values(enumType)) => _enumType = enumType;

    protected override bool TryParseList(string text, out object value)
    {
        var parsed = Enum.TryParse(_enumType, text, ignoreCase: false, out var result);
        value = result!;
        return parsed && result is not null;
    }

    protected override string Format(object value) => value.ToString()!;

    private static object[] Values(Type enumType)
    {
#if NET
        // The underlying values (no array of the enum type to create under AOT), boxed as the enum; same order as the names.
        var values = Enum.GetValuesAsUnderlyingType(enumType);
        var boxed = new object[values.Length];
        for (var i = 0; i < boxed.Length; i++)
        {
            boxed[i] = Enum.ToObject(enumType, values.GetValue(i)!);
        }
#else
        var values = Enum.GetValues(enumType);
        var boxed = new object[values.Length];
        for (var i = 0; i < boxed.Length; i++)
        {
            boxed[i] = values.GetValue(i)!;
        }
#endif

        return boxed;
    }
}
