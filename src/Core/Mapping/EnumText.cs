namespace MicroDb.Mapping;

/// <summary>
/// <see cref="EnumTextRule{TValue}"/> for <typeparamref name="TEnum"/>, built once per enum type (its names as UTF-8
/// bytes) and shared by every map and statement that reads or writes it by name. No reflection: the names and values
/// come from <see cref="Enum"/>'s own tables, as <see cref="Enum.ToString()"/> uses them.
/// </summary>
/// <typeparam name="TEnum">The enum type.</typeparam>
internal sealed class EnumText<TEnum> : EnumTextRule<TEnum>
    where TEnum : struct, Enum
{
    private EnumText()
#if NET
        : base(typeof(TEnum).Name, Enum.GetNames<TEnum>(), Enum.GetValues<TEnum>())
#else
        : base(typeof(TEnum).Name, Enum.GetNames(typeof(TEnum)), (TEnum[])Enum.GetValues(typeof(TEnum)))
#endif
    {
    }

    /// <summary>The rule for <typeparamref name="TEnum"/>.</summary>
    public static EnumText<TEnum> Instance { get; } = new();

    /// <inheritdoc/>
    protected override bool TryParseList(string text, out TEnum value) => Enum.TryParse(text, ignoreCase: false, out value);

    /// <inheritdoc/>
    protected override string Format(TEnum value) => value.ToString();
}
