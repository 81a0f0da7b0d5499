namespace SQLite;

/// <summary>Leaves the property out of the table.</summary>
[AttributeUsage(AttributeTargets.Property)]
public class IgnoreAttribute : Attribute
{
}
