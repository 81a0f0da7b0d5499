namespace MicroDb;

/// <summary>Declares the column <c>NOT NULL</c>; inserting null fails with a constraint error naming the column.</summary>
[AttributeUsage(AttributeTargets.Property | AttributeTargets.Field, AllowMultiple = false, Inherited = true)]
public sealed class NotNullAttribute : Attribute
{
}
