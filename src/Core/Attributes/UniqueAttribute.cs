namespace MicroDb;

/// <summary>A unique index on the member's column (an <see cref="IndexedAttribute"/> with <c>Unique = true</c>).</summary>
[AttributeUsage(AttributeTargets.Property | AttributeTargets.Field, AllowMultiple = true, Inherited = true)]
public sealed class UniqueAttribute : IndexedAttribute
{
    /// <summary>Always true.</summary>
    public override bool Unique
    {
        get => true;
        set { }
    }
}
