namespace SQLite;

/// <summary>An <see cref="IndexedAttribute"/> whose index is unique.</summary>
[AttributeUsage(AttributeTargets.Property)]
public class UniqueAttribute : IndexedAttribute
{
    /// <summary>Always true: a unique index.</summary>
    public override bool Unique
    {
        get => true;
        set { /* A [Unique] index stays unique, as in sqlite-net. */ }
    }
}
