namespace MicroDb;

/// <summary>
/// Stores the member as text: an enum by its name (on the enum type or on the member), a <see cref="System.DateTime"/>
/// as ISO-8601 round-trip text instead of ticks.
/// </summary>
[AttributeUsage(AttributeTargets.Enum | AttributeTargets.Property | AttributeTargets.Field, AllowMultiple = false, Inherited = true)]
public sealed class StoreAsTextAttribute : Attribute
{
}
