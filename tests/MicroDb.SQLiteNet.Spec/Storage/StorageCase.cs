namespace MicroDb.SQLiteNet.Spec.Storage;

/// <summary>
/// One row of the storage specification: a property type, a setting and a value, and what sqlite-net-pcl 1.11.285
/// was measured to do with it. Any implementation can be checked against it through an <see cref="IStorageProbe"/>.
/// </summary>
public sealed class StorageCase
{
    private readonly Func<IStorageProbe, StorageSetting, Observation> _run;

    private StorageCase(string name, string typeName, StorageSetting setting, string written, Observation expected,
        string? note, Func<IStorageProbe, StorageSetting, Observation> run)
    {
        Name = name;
        TypeName = typeName;
        Setting = setting;
        Written = written;
        Expected = expected;
        Note = note;
        _run = run;
    }

    /// <summary>Unique case name, e.g. <c>int_MaxValue</c>.</summary>
    public string Name { get; }

    /// <summary>The C# property type.</summary>
    public string TypeName { get; }

    /// <summary>The connection setting.</summary>
    public StorageSetting Setting { get; }

    /// <summary>The written value in <see cref="Canonical"/> form.</summary>
    public string Written { get; }

    /// <summary>What sqlite-net did (its read-back already resolved, never the "same" marker).</summary>
    public Observation Expected { get; }

    /// <summary>Why the case matters, when it is not obvious (information lost, a failure).</summary>
    public string? Note { get; }

    /// <summary>Runs the case through <paramref name="probe"/>.</summary>
    public Observation Run(IStorageProbe probe) => _run(probe, Setting);

    /// <summary>Read-back marker: the value came back equal to what was written (in canonical form).</summary>
    public const string Same = "=";

    /// <summary>A case where the value is stored and read back.</summary>
    public static StorageCase Stored<T>(string name, StorageSetting setting, T value, string declaredType,
        string storageClass, string quote, string readBack, string bound, string? note)
    {
        string written = Canonical.Describe(value);
        var expected = new Observation(declaredType, storageClass, quote, readBack == Same ? written : readBack, null, bound);
        return new StorageCase(name, TypeLabel(typeof(T)), setting, written, expected, note, (p, s) => p.Observe(s, value));
    }

    /// <summary>A case where sqlite-net fails; <paramref name="error"/> names the step and exception type.</summary>
    public static StorageCase Fails<T>(string name, StorageSetting setting, T value, string? declaredType, string error,
        string bound, string? note)
    {
        var expected = new Observation(declaredType, null, null, null, error, bound);
        return new StorageCase(name, TypeLabel(typeof(T)), setting, Canonical.Describe(value), expected, note,
            (p, s) => p.Observe(s, value));
    }

    /// <summary>A case whose value is stored but reading it back fails.</summary>
    public static StorageCase ReadFails<T>(string name, StorageSetting setting, T value, string declaredType,
        string storageClass, string quote, string error, string bound, string? note)
    {
        var expected = new Observation(declaredType, storageClass, quote, "!" + error[(error.IndexOf(' ') + 1)..], error, bound);
        return new StorageCase(name, TypeLabel(typeof(T)), setting, Canonical.Describe(value), expected, note,
            (p, s) => p.Observe(s, value));
    }

    /// <summary>C# spelling of a type for the docs table (<c>int?</c>, <c>byte[]</c>, enum names).</summary>
    public static string TypeLabel(Type t)
    {
        if (Nullable.GetUnderlyingType(t) is { } u) return TypeLabel(u) + "?";
        return t switch
        {
            _ when t == typeof(bool) => "bool", _ when t == typeof(byte) => "byte", _ when t == typeof(sbyte) => "sbyte",
            _ when t == typeof(short) => "short", _ when t == typeof(ushort) => "ushort", _ when t == typeof(int) => "int",
            _ when t == typeof(uint) => "uint", _ when t == typeof(long) => "long", _ when t == typeof(ulong) => "ulong",
            _ when t == typeof(float) => "float", _ when t == typeof(double) => "double", _ when t == typeof(decimal) => "decimal",
            _ when t == typeof(char) => "char", _ when t == typeof(string) => "string", _ when t == typeof(byte[]) => "byte[]",
            _ => t.Name,
        };
    }

    /// <inheritdoc />
    public override string ToString() => Name;
}
