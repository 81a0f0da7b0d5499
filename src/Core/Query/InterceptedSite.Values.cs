using System.Globalization;
using MicroDb.Native;

namespace MicroDb.Query;

// Values whose SQL depends on the value or on the storage format (MicroDbGenerator.ConditionValues.cs): a decimal member
// ordered against a value (bound as the decimal's sort key, MicroDb's format only), a ulong member ordered against a value
// (ranges whose shape depends on whether the value is stored negative) and a value compared with a computed double (NaN
// changes the SQL). A run whose value or format does not keep the site's SQL takes the run-time path.
public sealed partial class InterceptedSite
{
    // Per value index: how the value is compared (Compared), or null.
    private string?[]? _forms;

    /// <summary>
    /// Marks the <paramref name="value"/>-th value as compared in a form whose SQL depends on the value or the storage format:
    /// <c>decimal</c> (a decimal member ordered against it: bound as the decimal's sort key, under MicroDb's storage format
    /// only), <c>unsigned</c> or <c>unsigned-high</c> (a ulong member ordered against it: the SQL was written for a value at
    /// most, or above, <see cref="long.MaxValue"/>), <c>nan</c> (compared with a value SQL computes: not NaN). Other runs take
    /// the run-time path. Call while building the site, before it is used.
    /// </summary>
    /// <param name="value">The value's index, in slot order.</param>
    /// <param name="form">The form: <c>decimal</c>, <c>unsigned</c>, <c>unsigned-high</c> or <c>nan</c>.</param>
    /// <returns>This site.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="form"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="value"/> is negative.</exception>
    /// <exception cref="ArgumentException"><paramref name="form"/> is none of the forms above.</exception>
    public InterceptedSite Compared(int value, string form)
    {
        ArgumentNullException.ThrowIfNull(form);
        if (value < 0)
        {
            throw new ArgumentOutOfRangeException(nameof(value), value, "The value's index cannot be negative.");
        }

        if (form is not ("decimal" or "unsigned" or "unsigned-high" or "nan"))
        {
            throw new ArgumentException($"'{form}' is not a comparison form (decimal, unsigned, unsigned-high, nan).", nameof(form));
        }

        var forms = _forms ?? [];
        if (forms.Length <= value)
        {
            Array.Resize(ref forms, value + 1);
        }

        forms[value] = form;
        _forms = forms;
        return this;
    }

    /// <summary>The form <see cref="Compared(int, string)"/> gave the <paramref name="index"/>-th value, or null.</summary>
    private string? FormOf(int index) => _forms is { } forms && index < forms.Length ? forms[index] : null;

    /// <summary>The value as bound in its <paramref name="form"/>, or null when the run takes the run-time path.</summary>
    private static object? AdmittedAs(string form, object value, StorageFormat format) => form switch
    {
        "decimal" when format.Kind == StorageFormatKind.MicroDb => SqlTranslator.DecimalKey(Convert.ToDecimal(value, CultureInfo.InvariantCulture)),
        "unsigned" => value is ulong u && u <= long.MaxValue ? value : null,
        "unsigned-high" => value is ulong u && u > long.MaxValue ? value : null,
        "nan" => value is double.NaN or float.NaN ? null : value,
        _ => null,
    };
}
