namespace MicroDb;

/// <summary>Lets SQLite assign the (integer) primary key on insert; Insert writes the new key back to the object.</summary>
[AttributeUsage(AttributeTargets.Property | AttributeTargets.Field, AllowMultiple = false, Inherited = true)]
public sealed class AutoIncrementAttribute : Attribute
{
}
