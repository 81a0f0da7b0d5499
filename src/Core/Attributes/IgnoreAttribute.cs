namespace MicroDb;

/// <summary>Leaves the member out of the table.</summary>
[AttributeUsage(AttributeTargets.Property | AttributeTargets.Field, AllowMultiple = false, Inherited = true)]
public sealed class IgnoreAttribute : Attribute
{
}
